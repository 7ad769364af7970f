import { sql } from 'drizzle-orm';
import { cachePerOwner } from '../cache.ts';
import { onCatalogueChanged } from '../catalogue/changes.ts';
import type { Geo } from '../catalogue/geo.ts';
import type { Db } from '../db/client.ts';
import { withinSql } from './event-summary.ts';
import { eventPath } from './paths.ts';
import { rows } from './sql.ts';

/** One of a followed artist's next dates, as my Encore lists it. */
export type NextDate = {
  id: string;
  url: string;
  localDate: string | null;
  localTime: string | null;
  venue: { name: string; city: string | null } | null;
};

/** Next dates shown under each followed artist. */
export const NEXT_DATES = 3;

/**
 * An artist's next dates near a place are the catalogue's, the same for every fan who follows
 * that artist from there, and the most costly part of my Encore (an event looked up for each
 * of the artist's dates). They are kept for a minute and forgotten as soon as the catalogue
 * changes: a write in this process, or on another node through LISTEN (ADR 0018). An entry
 * whose first date has started is not used.
 */
const KEPT_MS = 60_000;
let catalogueVersion = 0;
onCatalogueChanged(() => {
  catalogueVersion++;
});
type Kept = { dates: NextDate[]; firstStartsAt: number };
const keptFor = cachePerOwner<string, Kept>({ ttlMs: KEPT_MS, maxEntries: 20_000 });

type Row = {
  attraction_id: string;
  next: Array<[string, string, string | null, string | null, string | null, string | null, number]> | null;
};

/** The next NEXT_DATES dates of each artist near `near` (anywhere when null), soonest first. */
export async function nextDatesOf(
  db: Db,
  attractionIds: readonly string[],
  near: Geo | null,
  now = Date.now(),
): Promise<Map<string, NextDate[]>> {
  const kept = keptFor(db);
  const version = catalogueVersion;
  const place = near ? `${near.latitude},${near.longitude},${near.radius},${near.unit}` : 'anywhere';
  const keyOf = (id: string) => `${version}|${place}|${id}`;
  const found = new Map<string, NextDate[]>();
  const missing: string[] = [];
  for (const id of attractionIds) {
    const entry = kept.get(keyOf(id));
    if (entry && entry.firstStartsAt > now) found.set(id, entry.dates);
    else missing.push(id);
  }
  if (missing.length === 0) return found;
  const read = await rows<Row>(
    db,
    sql`select ids.id as attraction_id, (
      select json_agg(json_build_array(n.id, n.name, n.local_date, n.local_time, v.name, v.city,
          (extract(epoch from n.starts_at) * 1000)::bigint)
        order by n.starts_at, n.id)
      from (
        select e.id, e.name, e.local_date::text as local_date, e.local_time::text as local_time, e.starts_at,
          e.venue_id
        from event_attractions ea
        join events e on e.id = ea.event_id
        where ea.attraction_id = ids.id and e.starts_at > now() and ${withinSql(near)}
        order by e.starts_at, e.id
        limit ${NEXT_DATES}
      ) n
      -- The venues of the dates shown only.
      left join venues v on v.id = n.venue_id
    ) as next
    from unnest(${sql.raw('array[')}${sql.join(
      missing.map((id) => sql`${id}`),
      sql`, `,
    )}${sql.raw(']::text[]')}) as ids(id)`,
  );
  for (const row of read) {
    const next = row.next ?? [];
    const dates = next.map(([id, name, localDate, localTime, venueName, venueCity]) => ({
      id,
      url: eventPath({ id, name }),
      localDate,
      localTime,
      venue: venueName ? { name: venueName, city: venueCity } : null,
    }));
    // Kept under the version read before the statement: a change meanwhile leaves it unused.
    kept.set(keyOf(row.attraction_id), { dates, firstStartsAt: next[0]?.[6] ?? Number.POSITIVE_INFINITY });
    found.set(row.attraction_id, dates);
  }
  return found;
}
