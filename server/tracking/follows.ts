import { and, eq, sql } from 'drizzle-orm';
import { type FollowView, TRACKING_LIMITS, type TrackingPreferences } from '#contracts/tracking';
import type { Db } from '../db/client.ts';
import type { CatalogueImage } from '../db/schema.ts';
import { follows } from '../db/schema-tracking.ts';
import { ApiError, notFound } from '../errors.ts';
import { type EventSummaryRow, eventSummaryColumns, toEventSummary, withinSql } from './event-summary.ts';
import { recordPriceObservations } from './observations.ts';
import { artistPath } from './paths.ts';
import { nearOf } from './preferences.ts';
import { iso, rows } from './sql.ts';

/**
 * PUT /api/me/follows/{attractionId}: idempotent. The artist's current events are observed
 * before the follow is written, so only events first seen after it count as announcements.
 */
export async function putFollow(db: Db, uid: string, attractionId: string): Promise<{ created: boolean }> {
  const [attraction] = await rows<{ id: string }>(db, sql`select id from attractions where id = ${attractionId}`);
  if (!attraction) throw notFound('Artist');
  const [already] = await db
    .select({ uid: follows.uid })
    .from(follows)
    .where(and(eq(follows.uid, uid), eq(follows.attractionId, attractionId)))
    .limit(1);
  if (already) return { created: false };
  const [{ count } = { count: 0 }] = await rows<{ count: number }>(
    db,
    sql`select count(*)::int as count from follows where uid = ${uid}`,
  );
  if (count >= TRACKING_LIMITS.maxFollows) {
    throw new ApiError(
      409,
      'too_many_follows',
      `You can follow up to ${TRACKING_LIMITS.maxFollows} artists: unfollow one first`,
    );
  }
  const upcoming = await rows<{ event_id: string }>(
    db,
    sql`select ea.event_id from event_attractions ea join events e on e.id = ea.event_id
      where ea.attraction_id = ${attractionId} and (e.starts_at is null or e.starts_at > now())`,
  );
  await recordPriceObservations(
    db,
    upcoming.map((row) => row.event_id),
  );
  const inserted = await db
    .insert(follows)
    .values({ uid, attractionId })
    .onConflictDoNothing()
    .returning({ uid: follows.uid });
  return { created: inserted.length > 0 };
}

export async function deleteFollow(db: Db, uid: string, attractionId: string): Promise<boolean> {
  const deleted = await db
    .delete(follows)
    .where(and(eq(follows.uid, uid), eq(follows.attractionId, attractionId)))
    .returning({ uid: follows.uid });
  return deleted.length > 0;
}

type FollowRow = {
  attraction_id: string;
  name: string;
  images: CatalogueImage[];
  upcoming_events: number;
  created_at: Date | string;
};

/**
 * The fan's artists by name, each with its next `nextEvents` events near the fan (anywhere
 * when no location is set), or one artist.
 */
export async function listFollows(
  db: Db,
  uid: string,
  preferences: TrackingPreferences,
  options: { nextEvents: number; attractionId?: string } = { nextEvents: 3 },
): Promise<FollowView[]> {
  const only = options.attractionId === undefined ? sql`` : sql`and f.attraction_id = ${options.attractionId}`;
  const found = await rows<FollowRow>(
    db,
    sql`select f.attraction_id, a.name, a.images, a.upcoming_events, f.created_at
      from follows f join attractions a on a.id = f.attraction_id
      where f.uid = ${uid} ${only}
      order by lower(a.name), a.id`,
  );
  if (found.length === 0) return [];
  const next =
    options.nextEvents > 0
      ? await rows<EventSummaryRow & { attraction_id: string }>(
          db,
          sql`select f.attraction_id, ev.* from follows f
          cross join lateral (
            select ${eventSummaryColumns}
            from event_attractions ea
            join events e on e.id = ea.event_id
            left join venues v on v.id = e.venue_id
            where ea.attraction_id = f.attraction_id and e.starts_at > now()
              and ${withinSql(nearOf(preferences))}
            order by e.starts_at, e.id
            limit ${options.nextEvents}
          ) ev
          where f.uid = ${uid} ${only}`,
        )
      : [];
  const byAttraction = new Map<string, EventSummaryRow[]>();
  for (const row of next) {
    const list = byAttraction.get(row.attraction_id) ?? [];
    list.push(row);
    byAttraction.set(row.attraction_id, list);
  }
  return found.map((row) => ({
    attraction: {
      id: row.attraction_id,
      name: row.name,
      url: artistPath({ id: row.attraction_id, name: row.name }),
      images: (row.images ?? []).map(({ url, width, height, ratio }) => ({ url, width, height, ratio })),
      upcomingEvents: row.upcoming_events,
    },
    followedAt: iso(row.created_at),
    nextEvents: (byAttraction.get(row.attraction_id) ?? []).map(toEventSummary),
  }));
}

/** Which of these artists the fan follows (for Follow buttons on lists). */
export async function followedAmong(db: Db, uid: string, attractionIds: readonly string[]): Promise<Set<string>> {
  if (attractionIds.length === 0) return new Set();
  const found = await rows<{ attraction_id: string }>(
    db,
    sql`select attraction_id from follows where uid = ${uid} and attraction_id in (${sql.join(
      attractionIds.map((id) => sql`${id}`),
      sql`, `,
    )})`,
  );
  return new Set(found.map((row) => row.attraction_id));
}
