import { type SQL, sql } from 'drizzle-orm';
import type { TicketCategory } from '#contracts/enums';
import type { HistoryRun, StatusChange } from '#contracts/tracking';
import type { Db } from '../db/client.ts';
import { priceFor } from './prices.ts';
import { chunks, iso, rows } from './sql.ts';

/**
 * Price history (ADR 0008). An event's price range, status and date are copied into
 * event_observations only when one of them changed since the previous row; otherwise the
 * previous row's checked_at moves to now, so the history knows which periods were actually
 * observed. Status and date changes also go to event_changes (the timeline "my Encore" shows).
 *
 * Callers: the Ticketmaster sync after each upsert (recordPriceObservations with the ids it
 * wrote), the market simulator after it moves demo prices, and the observation job for
 * every watched event and every upcoming event of a followed artist.
 */

export type ObservationResult = { recorded: number; unchanged: number };

/** Observe the given events now; ids that are not in the catalogue are ignored. */
export async function recordPriceObservations(db: Db, eventIds: readonly string[]): Promise<ObservationResult> {
  const total: ObservationResult = { recorded: 0, unchanged: 0 };
  for (const chunk of chunks([...new Set(eventIds)], 1000)) {
    const result = await observe(
      db,
      sql`e.id in (${sql.join(
        chunk.map((id) => sql`${id}`),
        sql`, `,
      )})`,
    );
    total.recorded += result.recorded;
    total.unchanged += result.unchanged;
  }
  return total;
}

/** Observe what fans track: watched events not long past, upcoming events of followed artists. */
export function observeTrackedEvents(db: Db): Promise<ObservationResult> {
  return observe(
    db,
    sql`(
      e.id in (select w.event_id from watches w)
        and (e.starts_at is null or e.starts_at > now() - interval '1 day')
      or e.id in (
        select ea.event_id from event_attractions ea join follows f on f.attraction_id = ea.attraction_id
      ) and (e.starts_at is null or e.starts_at > now())
    )`,
  );
}

/** A date as the timeline stores it: venue-local 'YYYY-MM-DD' or 'YYYY-MM-DD HH:MM:SS'. */
const localWhen = (date: string, time: string) =>
  sql.raw(`case when ${date} is null then null when ${time} is null then ${date}::text
    else ${date}::text || ' ' || ${time}::text end`);

async function observe(db: Db, scope: SQL): Promise<ObservationResult> {
  return db.transaction(async (tx) => {
    // Two writers (a sync and the job, or two nodes) must not both see "changed" and write
    // the same row twice; observing is short, so one at a time across the cluster.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('encore.event_observations'))`);
    const [result] = await rows<ObservationResult>(
      tx as unknown as Db,
      sql`
      with cur as (
        select e.id, e.price_min, e.price_max, e.currency, e.status_code, e.starts_at, e.local_date, e.local_time
        from events e
        where ${scope}
      ), last as (
        select cur.id as event_id, l.id as obs_id, l.status_code as last_status,
          l.local_date as last_date, l.local_time as last_time,
          l.id is not null and (l.price_min, l.price_max, l.currency, l.status_code, l.starts_at, l.local_date, l.local_time)
            is not distinct from (cur.price_min, cur.price_max, cur.currency, cur.status_code, cur.starts_at, cur.local_date, cur.local_time)
            as same
        from cur
        left join lateral (
          select o.* from event_observations o where o.event_id = cur.id order by o.observed_at desc, o.id desc limit 1
        ) l on true
      ), touched as (
        update event_observations o set checked_at = now()
        from last where o.id = last.obs_id and last.same
        returning o.id
      ), inserted as (
        insert into event_observations
          (event_id, price_min, price_max, currency, status_code, starts_at, local_date, local_time)
        select cur.id, cur.price_min, cur.price_max, cur.currency, cur.status_code, cur.starts_at, cur.local_date, cur.local_time
        from cur join last on last.event_id = cur.id
        where not last.same
        returning id
      ), status_changed as (
        insert into event_changes (event_id, field, from_value, to_value)
        select cur.id, 'status', last.last_status, cur.status_code
        from cur join last on last.event_id = cur.id
        where last.obs_id is not null and last.last_status is distinct from cur.status_code
        returning id
      ), date_changed as (
        insert into event_changes (event_id, field, from_value, to_value)
        select cur.id, 'date', ${localWhen('last.last_date', 'last.last_time')}, ${localWhen('cur.local_date', 'cur.local_time')}
        from cur join last on last.event_id = cur.id
        where last.obs_id is not null
          and (last.last_date, last.last_time) is distinct from (cur.local_date, cur.local_time)
        returning id
      )
      select (select count(*) from inserted)::int as recorded,
        (select count(*) from touched)::int as unchanged,
        (select count(*) from status_changed)::int + (select count(*) from date_changed)::int as changes
    `,
    );
    return { recorded: result?.recorded ?? 0, unchanged: result?.unchanged ?? 0 };
  });
}

// ─── Reading history ─────────────────────────────────────────────────────────────────────

export type ObservationRow = {
  event_id: string;
  observed_at: Date | string;
  checked_at: Date | string;
  price_min: number | null;
  price_max: number | null;
  currency: string | null;
};

/**
 * Observations of one event as runs of continuous observation: within a run each point is
 * the price from that instant on; a pause longer than `maxGapMs` between one row's last check
 * and the next row starts a new run (nobody looked in between, so the chart leaves a gap).
 */
export function toRuns(observations: readonly ObservationRow[], category: TicketCategory, maxGapMs: number) {
  const runs: HistoryRun[] = [];
  let current: HistoryRun | undefined;
  let lastChecked = Number.NEGATIVE_INFINITY;
  const sorted = [...observations].sort((a, b) => +new Date(a.observed_at) - +new Date(b.observed_at));
  for (const row of sorted) {
    const at = new Date(row.observed_at).getTime();
    const checked = new Date(row.checked_at).getTime();
    const price = priceFor(category, { min: row.price_min, max: row.price_max, currency: row.currency });
    if (!current || at - lastChecked > maxGapMs) {
      current = { from: iso(row.observed_at), to: iso(row.checked_at), points: [] };
      runs.push(current);
    }
    const previous = current.points.at(-1);
    if (!previous || previous.price !== price) current.points.push({ at: iso(row.observed_at), price });
    current.to = iso(new Date(Math.max(checked, at)));
    lastChecked = Math.max(checked, at);
  }
  return runs;
}

/**
 * The latest `limit` observations of the event `eventId` (an SQL expression), packed as
 * 'observed ms,checked ms,min,max;…': one short string to hand over instead of rows (on
 * PGlite the hand-over and JSON building, not the index scan, are what cost).
 */
export const packedObservations = (eventId: SQL, limit: number) => sql`(
  select string_agg(
    concat_ws(',', (extract(epoch from o.observed_at) * 1000)::bigint, (extract(epoch from o.checked_at) * 1000)::bigint,
      coalesce(o.price_min::text, ''), coalesce(o.price_max::text, '')), ';')
  from (
    select * from event_observations o where o.event_id = ${eventId}
    order by o.observed_at desc, o.id desc limit ${limit}
  ) o
)`;

export function unpackObservations(eventId: string, packed: string, currency: string | null): ObservationRow[] {
  const number = (value: string | undefined) => (value === undefined || value === '' ? null : Number(value));
  return packed.split(';').map((entry) => {
    const [observed, checked, min, max] = entry.split(',');
    return {
      event_id: eventId,
      observed_at: new Date(Number(observed)),
      checked_at: new Date(Number(checked)),
      price_min: number(min),
      price_max: number(max),
      currency,
    };
  });
}

/** The latest `limit` observations of each event, for the sparklines of "my Encore". */
export async function recentObservations(
  db: Db,
  eventIds: readonly string[],
  limit: number,
): Promise<Map<string, ObservationRow[]>> {
  const byEvent = new Map<string, ObservationRow[]>();
  if (eventIds.length === 0) return byEvent;
  for (const chunk of chunks([...new Set(eventIds)], 1000)) {
    const found = await rows<{ event_id: string; packed: string | null; currency: string | null }>(
      db,
      sql`
      select ids.id as event_id, e.currency, ${packedObservations(sql`ids.id`, limit)} as packed
      from unnest(${sql.raw('array[')}${sql.join(
        chunk.map((id) => sql`${id}`),
        sql`, `,
      )}${sql.raw(']::text[]')}) as ids(id)
      join events e on e.id = ids.id
    `,
    );
    for (const row of found) {
      if (row.packed) byEvent.set(row.event_id, unpackObservations(row.event_id, row.packed, row.currency));
    }
  }
  return byEvent;
}

/** Every observation of one event (the full chart), newest `limit` at most. */
export async function eventObservations(db: Db, eventId: string, limit = 5000): Promise<ObservationRow[]> {
  return rows<ObservationRow>(
    db,
    sql`
    select o.event_id, o.observed_at, o.checked_at, o.price_min::float8 as price_min,
      o.price_max::float8 as price_max, o.currency
    from event_observations o where o.event_id = ${eventId}
    order by o.observed_at desc, o.id desc limit ${limit}
  `,
  );
}

/** Status and date changes of events since the given instants (per event: since watching). */
export async function changesSince(db: Db, since: ReadonlyMap<string, string>): Promise<Map<string, StatusChange[]>> {
  const byEvent = new Map<string, StatusChange[]>();
  const ids = [...since.keys()];
  for (const chunk of chunks(ids, 1000)) {
    const found = await rows<{
      event_id: string;
      changed_at: Date | string;
      field: 'status' | 'date';
      from_value: string | null;
      to_value: string | null;
    }>(
      db,
      sql`
      select c.event_id, c.changed_at, c.field, c.from_value, c.to_value
      from event_changes c
      where c.event_id in (${sql.join(
        chunk.map((id) => sql`${id}`),
        sql`, `,
      )})
      order by c.changed_at, c.id
    `,
    );
    for (const row of found) {
      const from = since.get(row.event_id);
      if (from && new Date(row.changed_at).getTime() < new Date(from).getTime()) continue;
      const list = byEvent.get(row.event_id) ?? [];
      list.push({ at: iso(row.changed_at), kind: row.field, from: row.from_value, to: row.to_value });
      byEvent.set(row.event_id, list);
    }
  }
  return byEvent;
}
