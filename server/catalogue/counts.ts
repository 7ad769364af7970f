import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';

export type UpcomingCounts = {
  /** Attractions whose count changed. */
  attractions: number;
  /** Venues whose count changed. */
  venues: number;
};

/**
 * Recomputes the denormalised `upcoming_events` of every attraction and venue (SPEC §2: the
 * search panel badge '{n} upcoming'; SPEC §3 `upcomingEvents._total`).
 *
 * An event is upcoming when it starts at or after `now`, or when its start is unknown (date
 * TBA): it has not happened yet as far as anyone knows. Every status counts, so the number
 * matches the list on the artist page, which shows cancelled and postponed events with their
 * badge. Only rows whose count changes are written, so a refresh after a small ingest is cheap;
 * they get a new `updated_at`, which is how search snapshots in every process see the change.
 * Call it after every bulk load or sync (inside its transaction if it has one: `db` may be a
 * transaction); counts also drift as time passes, so a periodic refresh keeps them honest.
 */
export async function refreshUpcomingCounts(
  db: Pick<Db, 'execute'>,
  options: { now?: Date } = {},
): Promise<UpcomingCounts> {
  const now = (options.now ?? new Date()).toISOString();
  const attractions = await db.execute<{ n: number }>(sql`
    WITH counted AS (
      SELECT ea.attraction_id AS id, count(*)::int AS n
      FROM event_attractions ea
      JOIN events e ON e.id = ea.event_id
      WHERE e.starts_at IS NULL OR e.starts_at >= ${now}::timestamptz
      GROUP BY ea.attraction_id
    ),
    changed AS (
      UPDATE attractions a
      SET upcoming_events = coalesce(c.n, 0), updated_at = now()
      FROM attractions a0
      LEFT JOIN counted c ON c.id = a0.id
      WHERE a.id = a0.id AND a.upcoming_events <> coalesce(c.n, 0)
      RETURNING 1
    )
    SELECT count(*)::int AS n FROM changed`);
  const venues = await db.execute<{ n: number }>(sql`
    WITH counted AS (
      SELECT e.venue_id AS id, count(*)::int AS n
      FROM events e
      WHERE e.venue_id IS NOT NULL AND (e.starts_at IS NULL OR e.starts_at >= ${now}::timestamptz)
      GROUP BY e.venue_id
    ),
    changed AS (
      UPDATE venues v
      SET upcoming_events = coalesce(c.n, 0), updated_at = now()
      FROM venues v0
      LEFT JOIN counted c ON c.id = v0.id
      WHERE v.id = v0.id AND v.upcoming_events <> coalesce(c.n, 0)
      RETURNING 1
    )
    SELECT count(*)::int AS n FROM changed`);
  return { attractions: attractions.rows[0]?.n ?? 0, venues: venues.rows[0]?.n ?? 0 };
}
