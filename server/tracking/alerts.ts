import { and, eq, isNull, type SQL, sql } from 'drizzle-orm';
import { TICKET_CATEGORIES, TICKET_CATEGORY_LABELS } from '#contracts/enum-values';
import { type AlertKind, type AlertsPage, type AlertView, TRACKING_LIMITS } from '#contracts/tracking';
import type { Db } from '../db/client.ts';
import { alerts } from '../db/schema-tracking.ts';
import { eventPath, eventPathSql } from './paths.ts';
import { formatMoneySql, priceForSql } from './prices.ts';
import { hasPushTarget } from './push.ts';
import { iso, rows } from './sql.ts';

/**
 * Alerts (ADR 0008): a watched price at or below its target, a watched event cancelled,
 * postponed or rescheduled, a followed artist announcing an event near the fan. Each fires
 * once: the watch row is updated in the same statement that decides to alert (so two
 * evaluators cannot both win), and every alert carries a per-user dedupe key.
 */

export type NewAlert = {
  uid: string;
  kind: AlertKind;
  eventId: string | null;
  attractionId: string | null;
  title: string;
  body: string;
  url: string;
  data: Record<string, unknown>;
  dedupeKey: string;
};

/**
 * A price wobbling around a target alerts once (ADR 0025): a fired alert re-arms only once
 * the price is back above the target by a clear margin (5 % of it, at least 1 in the
 * currency), and a watch alerts on price at most once per cool-down.
 */
export const PRICE_REARM_MARGIN = { ratio: 0.05, min: 1 } as const;
export const PRICE_ALERT_COOLDOWN_MS = 12 * 60 * 60 * 1000;
const rearmAbove = sql`w.target_price + greatest(${PRICE_REARM_MARGIN.min}, w.target_price * ${PRICE_REARM_MARGIN.ratio})`;

const categoryLabelSql = (category: SQL) =>
  sql`(case ${category} ${sql.join(
    TICKET_CATEGORIES.map((c) => sql`when ${c}::text then ${TICKET_CATEGORY_LABELS[c]}::text`),
    sql` `,
  )} end)`;

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** 'Dec 5, 2026' or 'Dec 5, 2026, 20:00' from venue-local date and time; 'date TBA' when unknown. */
export function describeLocal(date: string | null, time: string | null): string {
  const m = date ? /^(\d{4})-(\d{2})-(\d{2})/.exec(date) : null;
  if (!m) return 'date TBA';
  const day = `${MONTHS[Number(m[2]) - 1]} ${Number(m[3])}, ${m[1]}`;
  return time ? `${day}, ${time.slice(0, 5)}` : day;
}

/** describeLocal in SQL, over a date and a time column (ADR 0062); a test keeps the two equal. */
export function describeLocalSql(date: SQL, time: SQL): SQL {
  return sql`coalesce(to_char(${date}, 'Mon FMDD, YYYY') || coalesce(', ' || to_char(${time}, 'HH24:MI'), ''), 'date TBA')`;
}

/**
 * Rows per insert: one cancelled festival can alert tens of thousands of fans. The rows go to
 * Postgres as one JSON document a statement, unpacked by json_to_recordset: one parameter
 * instead of ten a row (Postgres takes at most 65,535), and neither the query builder nor the
 * drivers handle tens of thousands of placeholders (50,000 alerts: 4.9 s as 1,000-row VALUES
 * lists on PGlite).
 */
const INSERT_BATCH = 10_000;

/**
 * Inserts alerts, each at most once per fan and dedupe key; returns how many are new. An alert
 * for a fan with no browser subscribed to Web Push and no device token is in the inbox only:
 * it is written as pushed, so delivery neither reads nor updates it again (it was 45,000 of
 * 50,000 rows updated in the delivery of bench/alerts-scale.ts). A device subscribed after the
 * alert was raised is not sent it; the inbox has it.
 */
async function insertAlerts(db: Db, list: NewAlert[]): Promise<number> {
  let count = 0;
  for (let i = 0; i < list.length; i += INSERT_BATCH) {
    const batch = list.slice(i, i + INSERT_BATCH).map((alert) => ({
      uid: alert.uid,
      kind: alert.kind,
      event_id: alert.eventId,
      attraction_id: alert.attractionId,
      title: alert.title,
      body: alert.body,
      url: alert.url,
      data: alert.data,
      dedupe_key: alert.dedupeKey,
    }));
    const [inserted] = await rows<{ n: number }>(
      db,
      sql`with inserted as (
        insert into alerts (uid, kind, event_id, attraction_id, title, body, url, data, dedupe_key, pushed_at)
        select r.uid, r.kind, r.event_id, r.attraction_id, r.title, r.body, r.url, r.data, r.dedupe_key,
          case when ${hasPushTarget(sql`r.uid`, true)} then null else now() end
        from json_to_recordset(${JSON.stringify(batch)}::json) as r(uid text, kind text, event_id text,
          attraction_id text, title text, body text, url text, data jsonb, dedupe_key text)
        on conflict (uid, dedupe_key) do nothing
        returning 1
      ) select count(*)::int as n from inserted`,
    );
    count += inserted?.n ?? 0;
  }
  return count;
}

const priceSql = priceForSql(sql`w.ticket_category`, sql`e.price_min`, sql`e.price_max`);

/**
 * Disarm and alert watches whose price fell to or below the target (outside their cool-down);
 * re-arm those clearly back above it. One statement disarms the watches and writes their
 * alerts, texts and all (ADR 0062): one price change alerts tens of thousands of fans, whose
 * rows then never travel to this process and back. The texts are the SQL twins of the rules
 * the other alerts use (formatMoney, describeLocal, eventPath); alerts of a fan with nowhere
 * to push are written as pushed, as insertAlerts writes them.
 */
export async function evaluatePriceAlerts(db: Db, now = new Date()): Promise<{ alerted: number; rearmed: number }> {
  const cooledSince = new Date(now.getTime() - PRICE_ALERT_COOLDOWN_MS);
  const money = (amount: SQL) => formatMoneySql(sql`${amount}::numeric`, sql`t.currency`);
  const saidFor = (row: SQL) =>
    sql`row(${row}.event_id, ${row}.ticket_category, ${row}.target_price, ${row}.price, ${row}.currency)::text`;
  return db.transaction(async (txn) => {
    const tx = txn as unknown as Db;
    // Re-armed first: a watch disarmed below cannot be back above its target in the same run,
    // so re-arming after would only read every watch a price change just disarmed once more.
    const [rearmed] = await rows<{ n: number }>(
      tx,
      sql`
      with rearmed as (
        update watches w set price_alert_armed = true, updated_at = now()
        from events e
        where e.id = w.event_id and not w.price_alert_armed and w.target_price is not null
          and ${priceSql} > ${rearmAbove}
        returning 1
      )
      select count(*)::int as n from rearmed
    `,
    );
    const [raised] = await rows<{ n: number }>(
      tx,
      sql`
      with crossed as (
        update watches w set price_alert_armed = false, price_crossings = w.price_crossings + 1, updated_at = now()
        from events e
        where e.id = w.event_id and w.price_alert_armed and w.target_price is not null
          and e.status_code not in ('cancelled', 'offsale')
          and (e.starts_at is null or e.starts_at > now())
          and ${priceSql} <= w.target_price
          and not exists (
            select 1 from alerts al
            where al.uid = w.uid and al.event_id = w.event_id and al.kind = 'price_target'
              and al.created_at > ${cooledSince.toISOString()}::timestamptz
          )
        returning w.uid, w.event_id, w.price_crossings as crossings, w.ticket_category, w.target_price,
          ${priceSql} as price, coalesce(e.currency, 'USD') as currency
      ),
      -- What an alert says depends on the event, the seats and the target, not on the fan: said
      -- once for all the fans who watch the same seats with the same target.
      said as materialized (
        select ${saidFor(sql`t`)} as said_for,
          e.name || ': ' || ${money(sql`t.price`)} as title,
          ${categoryLabelSql(sql`t.ticket_category`)} || ' seats are now ' || ${money(sql`t.price`)}
            || ', at or below your target of ' || ${money(sql`t.target_price`)}
            || ' (' || ${describeLocalSql(sql`e.local_date`, sql`e.local_time`)} || ').' as body,
          ${eventPathSql(sql`e.id`, sql`e.name`)} as url,
          jsonb_build_object('price', t.price, 'target', t.target_price::float8, 'currency', t.currency,
            'ticketCategory', t.ticket_category) as data
        from (select distinct event_id, ticket_category, target_price, price, currency from crossed) t
        join events e on e.id = t.event_id
      ),
      pushing as materialized (
        select f.uid from (select distinct uid from crossed) f where ${hasPushTarget(sql`f.uid`, true)}
      ),
      inserted as (
        insert into alerts (uid, kind, event_id, title, body, url, data, dedupe_key, created_at, pushed_at)
        select c.uid, 'price_target', c.event_id, s.title, s.body, s.url, s.data,
          'price:' || c.event_id || ':' || c.crossings,
          ${iso(now)}::timestamptz,
          case when c.uid in (select uid from pushing) then null else now() end
        -- One key, not five columns: joined on five, rows without statistics were estimated at
        -- one and joined in a nested loop (minutes instead of a second).
        from crossed c join said s on s.said_for = ${saidFor(sql`c`)}
        -- A fan's alerts side by side, as the inbox and delivery read them.
        order by c.uid
        on conflict (uid, dedupe_key) do nothing
        returning 1
      )
      select count(*)::int as n from inserted
    `,
    );
    return { alerted: raised?.n ?? 0, rearmed: rearmed?.n ?? 0 };
  });
}

/** What changed about a watched event, as the fan should hear it (or nothing worth an alert). */
export function statusAlertKind(
  before: { status: string; date: string | null; time: string | null },
  after: { status: string; date: string | null; time: string | null },
): AlertKind | null {
  if (after.status === 'cancelled' && before.status !== 'cancelled') return 'event_cancelled';
  if (after.status === 'postponed' && before.status !== 'postponed') return 'event_postponed';
  if (after.status === 'cancelled' || after.status === 'postponed') return null;
  const moved = before.date !== after.date || before.time !== after.time;
  if (moved || (after.status === 'rescheduled' && before.status !== 'rescheduled')) return 'event_rescheduled';
  return null;
}

/** Alert watched events whose status or date changed since the fan last heard. */
export async function evaluateStatusAlerts(db: Db): Promise<{ alerted: number; updated: number }> {
  return db.transaction(async (txn) => {
    const tx = txn as unknown as Db;
    const changed = await rows<{
      uid: string;
      event_id: string;
      changes: number;
      name: string;
      old_status: string;
      old_date: string | null;
      old_time: string | null;
      status_code: string;
      local_date: string | null;
      local_time: string | null;
    }>(
      tx,
      sql`
      -- Found in one pass over the watches. When nothing changed, nearly every run, the
      -- exists test (evaluated once) spares the update reading every watch again.
      with old as materialized (
        select w.uid, w.event_id, w.known_status, w.known_local_date::text as known_date,
          w.known_local_time::text as known_time
        from watches w join events e on e.id = w.event_id
        where (w.known_status, w.known_local_date, w.known_local_time)
          is distinct from (e.status_code, e.local_date, e.local_time)
      )
      update watches w set known_status = e.status_code, known_starts_at = e.starts_at,
        known_local_date = e.local_date, known_local_time = e.local_time,
        status_changes = w.status_changes + 1, updated_at = now()
      from old, events e
      where exists (select from old) and w.uid = old.uid and w.event_id = old.event_id and e.id = w.event_id
        and (w.known_status, w.known_local_date, w.known_local_time)
          is distinct from (e.status_code, e.local_date, e.local_time)
      returning w.uid, w.event_id, w.status_changes as changes, e.name, old.known_status as old_status,
        old.known_date as old_date, old.known_time as old_time, e.status_code,
        e.local_date::text as local_date, e.local_time::text as local_time
    `,
    );
    const list: NewAlert[] = [];
    for (const row of changed) {
      const kind = statusAlertKind(
        { status: row.old_status, date: row.old_date, time: row.old_time },
        { status: row.status_code, date: row.local_date, time: row.local_time },
      );
      if (!kind) continue;
      const when = describeLocal(row.local_date, row.local_time);
      const was = describeLocal(row.old_date, row.old_time);
      const texts: Record<string, { title: string; body: string }> = {
        event_cancelled: { title: `Cancelled: ${row.name}`, body: `${row.name} (${was}) has been cancelled.` },
        event_postponed: {
          title: `Postponed: ${row.name}`,
          body: `${row.name} (${was}) has been postponed; a new date is not set yet.`,
        },
        event_rescheduled: {
          title: `New date: ${row.name}`,
          body: was === when ? `${row.name} has been rescheduled.` : `${row.name} moved from ${was} to ${when}.`,
        },
      };
      const text = texts[kind]!;
      list.push({
        uid: row.uid,
        kind,
        eventId: row.event_id,
        attractionId: null,
        title: text.title,
        body: text.body,
        url: eventPath({ id: row.event_id, name: row.name }),
        data: {
          from: { status: row.old_status, localDate: row.old_date, localTime: row.old_time },
          to: { status: row.status_code, localDate: row.local_date, localTime: row.local_time },
        },
        dedupeKey: `status:${row.event_id}:${row.changes}`,
      });
    }
    return { alerted: await insertAlerts(tx, list), updated: changed.length };
  });
}

/**
 * Great-circle distance in km between the fan's point (p) and the event (e), per row: the
 * catalogue's haversine (server/catalogue/geo.ts distanceOf) over columns.
 */
const haversineKm = sql`(2 * 6371.0088 * asin(least(1, sqrt(
  power(sin(radians(e.latitude - p.latitude) / 2), 2)
  + cos(radians(p.latitude)) * cos(radians(e.latitude)) * power(sin(radians(e.longitude - p.longitude) / 2), 2)))))`;

/**
 * Alert fans whose followed artist has an upcoming event, first seen after they followed and
 * within their radius (anywhere when they set no location), once per event.
 */
export async function evaluateAnnouncementAlerts(db: Db): Promise<{ alerted: number }> {
  const found = await rows<{
    uid: string;
    attraction_id: string;
    artist: string;
    event_id: string;
    name: string;
    local_date: string | null;
    local_time: string | null;
    venue: string | null;
    city: string | null;
  }>(
    db,
    sql`
    select distinct on (f.uid, e.id) f.uid, f.attraction_id, a.name as artist, e.id as event_id, e.name,
      e.local_date::text as local_date, e.local_time::text as local_time, v.name as venue, v.city
    from follows f
    join attractions a on a.id = f.attraction_id
    join event_attractions ea on ea.attraction_id = f.attraction_id
    join events e on e.id = ea.event_id
    left join venues v on v.id = e.venue_id
    left join tracking_preferences p on p.uid = f.uid
    where e.starts_at > now() and e.status_code <> 'cancelled'
      and (select min(o.observed_at) from event_observations o where o.event_id = e.id) > f.created_at
      and (
        p.latitude is null or p.longitude is null
        or (e.latitude is not null and ${haversineKm} <= p.radius * (case p.unit when 'km' then 1 else 1.609344 end))
      )
      and not exists (select 1 from alerts al where al.uid = f.uid and al.dedupe_key = 'announce:' || e.id)
    order by f.uid, e.id, ea.position
  `,
  );
  const alerted = await insertAlerts(
    db,
    found.map((row) => {
      const where = [row.venue, row.city].filter(Boolean).join(', ');
      return {
        uid: row.uid,
        kind: 'artist_announced',
        eventId: row.event_id,
        attractionId: row.attraction_id,
        title: `${row.artist} announced ${row.name}`,
        body: `${describeLocal(row.local_date, row.local_time)}${where ? ` at ${where}` : ''}.`,
        url: eventPath({ id: row.event_id, name: row.name }),
        data: { artist: row.artist },
        dedupeKey: `announce:${row.event_id}`,
      } satisfies NewAlert;
    }),
  );
  return { alerted };
}

export async function evaluateAlerts(db: Db, now = new Date()) {
  const price = await evaluatePriceAlerts(db, now);
  const status = await evaluateStatusAlerts(db);
  const announced = await evaluateAnnouncementAlerts(db);
  return { price: price.alerted, rearmed: price.rearmed, status: status.alerted, announced: announced.alerted };
}

// ─── Inbox ──────────────────────────────────────────────────────────────────────────────

type AlertRow = typeof alerts.$inferSelect;

/** What an alert's view is made of (instants as Date, or as text when read as JSON). */
export type AlertViewRow = Pick<AlertRow, 'id' | 'kind' | 'title' | 'body' | 'url' | 'eventId' | 'attractionId'> & {
  createdAt: Date | string;
  readAt: Date | string | null;
};

export function toView(row: AlertViewRow): AlertView {
  return {
    id: row.id,
    kind: row.kind,
    title: row.title,
    body: row.body,
    url: row.url,
    eventId: row.eventId,
    attractionId: row.attractionId,
    createdAt: iso(row.createdAt),
    read: row.readAt !== null,
  };
}

const alertColumns = {
  id: alerts.id,
  kind: alerts.kind,
  title: alerts.title,
  body: alerts.body,
  url: alerts.url,
  eventId: alerts.eventId,
  attractionId: alerts.attractionId,
  createdAt: alerts.createdAt,
  readAt: alerts.readAt,
};

export async function unreadCount(db: Db, uid: string): Promise<number> {
  const [row] = await rows<{ count: number }>(
    db,
    sql`select count(*)::int as count from alerts where uid = ${uid} and read_at is null`,
  );
  return row?.count ?? 0;
}

/** Newest first, `limit` at a time; `before` is the previous page's nextBefore. */
export async function listAlerts(
  db: Db,
  uid: string,
  options: { unread?: boolean; limit?: number; before?: string } = {},
): Promise<AlertsPage> {
  const limit = options.limit ?? TRACKING_LIMITS.alertsPage;
  const conditions = [eq(alerts.uid, uid)];
  if (options.unread) conditions.push(isNull(alerts.readAt));
  if (options.before) {
    conditions.push(
      sql`(${alerts.createdAt}, ${alerts.id}) < (select b.created_at, b.id from alerts b where b.uid = ${uid} and b.id = ${options.before})`,
    );
  }
  const [found, unread] = await Promise.all([
    db
      .select(alertColumns)
      .from(alerts)
      .where(and(...conditions))
      .orderBy(sql`${alerts.createdAt} desc, ${alerts.id} desc`)
      .limit(limit + 1),
    unreadCount(db, uid),
  ]);
  const page = found.slice(0, limit);
  return {
    alerts: page.map(toView),
    unread,
    nextBefore: found.length > limit && page.length > 0 ? page.at(-1)!.id : null,
  };
}

export async function setAlertRead(
  db: Db,
  uid: string,
  alertId: string,
  read: boolean,
): Promise<AlertView | undefined> {
  const [row] = await db
    .update(alerts)
    .set({ readAt: read ? sql`coalesce(${alerts.readAt}, now())` : null })
    .where(and(eq(alerts.uid, uid), eq(alerts.id, alertId)))
    .returning(alertColumns);
  return row ? toView(row) : undefined;
}

export async function markAllRead(db: Db, uid: string): Promise<number> {
  const updated = await db
    .update(alerts)
    .set({ readAt: sql`now()` })
    .where(and(eq(alerts.uid, uid), isNull(alerts.readAt)))
    .returning({ id: alerts.id });
  return updated.length;
}

export async function deleteAlert(db: Db, uid: string, alertId: string): Promise<boolean> {
  const deleted = await db
    .delete(alerts)
    .where(and(eq(alerts.uid, uid), eq(alerts.id, alertId)))
    .returning({ id: alerts.id });
  return deleted.length > 0;
}
