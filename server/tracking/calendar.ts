import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { TICKET_CATEGORY_LABELS } from '#contracts/enum-values';
import type { Db } from '../db/client.ts';
import { calendarFeeds } from '../db/schema-tracking.ts';
import type { IcsEvent } from './ics.ts';
import { eventPath } from './paths.ts';
import { formatMoney } from './prices.ts';
import { iso, isoOrNull, rows } from './sql.ts';

/**
 * The private calendar feed: one secret token per fan in its URL (calendar apps cannot send
 * our Bearer token). Anyone holding the URL reads the watched events, so it is long and
 * random, shown only to its owner, and revoking deletes it (the old URL then answers 404).
 */

export const FEED_TOKEN_PATTERN = /^[A-Za-z0-9_-]{32}$/;

export async function getFeed(db: Db, uid: string): Promise<{ token: string; createdAt: string } | undefined> {
  const [row] = await db
    .select({ token: calendarFeeds.token, createdAt: calendarFeeds.createdAt })
    .from(calendarFeeds)
    .where(eq(calendarFeeds.uid, uid))
    .limit(1);
  return row ? { token: row.token, createdAt: iso(row.createdAt) } : undefined;
}

/** The fan's feed, created on first call (idempotent: a retry returns the same URL). */
export async function ensureFeed(db: Db, uid: string): Promise<{ token: string; createdAt: string; created: boolean }> {
  const inserted = await db
    .insert(calendarFeeds)
    .values({ uid, token: randomBytes(24).toString('base64url') })
    .onConflictDoNothing({ target: calendarFeeds.uid })
    .returning({ token: calendarFeeds.token, createdAt: calendarFeeds.createdAt });
  if (inserted[0]) return { token: inserted[0].token, createdAt: iso(inserted[0].createdAt), created: true };
  const existing = await getFeed(db, uid);
  if (!existing) throw new Error('calendar feed vanished');
  return { ...existing, created: false };
}

export async function revokeFeed(db: Db, uid: string): Promise<boolean> {
  const deleted = await db
    .delete(calendarFeeds)
    .where(eq(calendarFeeds.uid, uid))
    .returning({ uid: calendarFeeds.uid });
  return deleted.length > 0;
}

export async function feedOwner(db: Db, token: string): Promise<string | undefined> {
  if (!FEED_TOKEN_PATTERN.test(token)) return undefined;
  const [row] = await db
    .select({ uid: calendarFeeds.uid })
    .from(calendarFeeds)
    .where(eq(calendarFeeds.token, token))
    .limit(1);
  return row?.uid;
}

export const feedPath = (apiBase: string, token: string) => `${apiBase}/calendar/feeds/${token}.ics`;
export const eventCalendarPath = (apiBase: string, eventId: string) =>
  `${apiBase}/calendar/events/${encodeURIComponent(eventId)}.ics`;

type CalendarRow = {
  id: string;
  name: string;
  starts_at: Date | string | null;
  local_date: string | null;
  local_time: string | null;
  status_code: string;
  venue: string | null;
  address: string | null;
  city: string | null;
  state_code: string | null;
  country_code: string | null;
  changes: number;
  ticket_category: string | null;
  target_price: number | null;
  currency: string | null;
};

const STATUS_LABELS: Record<string, string> = {
  onsale: 'On Sale',
  offsale: 'Off Sale',
  cancelled: 'Cancelled',
  postponed: 'Postponed',
};

const CATEGORY_LABELS: Record<string, string> = TICKET_CATEGORY_LABELS;

function toIcsEvent(row: CalendarRow, origin: string): IcsEvent {
  const url = `${origin}${eventPath({ id: row.id, name: row.name })}`;
  const status = STATUS_LABELS[row.status_code] ?? row.status_code;
  const watching =
    row.ticket_category && row.target_price !== null
      ? `Watching ${CATEGORY_LABELS[row.ticket_category] ?? row.ticket_category} seats, target ${formatMoney(row.target_price, row.currency ?? 'USD')}.`
      : undefined;
  return {
    eventId: row.id,
    summary: row.name,
    startsAt: isoOrNull(row.starts_at),
    localDate: row.local_date,
    localTime: row.local_time,
    statusCode: row.status_code,
    location:
      [row.venue, row.address, row.city, [row.state_code, row.country_code].filter(Boolean).join(' ')]
        .filter((part) => part && part.length > 0)
        .join(', ') || null,
    url,
    description: [`Status: ${status}.`, watching, `Tickets and details: ${url}`].filter(Boolean).join('\n'),
    sequence: row.changes,
  };
}

const calendarColumns = sql`e.id, e.name, e.starts_at, e.local_date::text as local_date, e.local_time::text as local_time,
  e.status_code, v.name as venue, v.address, v.city, v.state_code, v.country_code, e.currency,
  (select count(*) from event_changes c where c.event_id = e.id)::int as changes`;

/** The fan's watched events with a date, soonest first. */
export async function watchedCalendarEvents(db: Db, uid: string, origin: string): Promise<IcsEvent[]> {
  const found = await rows<CalendarRow>(
    db,
    sql`select ${calendarColumns}, w.ticket_category, w.target_price::float8 as target_price
      from watches w join events e on e.id = w.event_id left join venues v on v.id = e.venue_id
      where w.uid = ${uid} and (e.local_date is not null or e.starts_at is not null)
      order by e.starts_at asc nulls last, e.id`,
  );
  return found.map((row) => toIcsEvent(row, origin));
}

/** One event (public catalogue data only), or undefined when it does not exist. */
export async function eventCalendarEvent(db: Db, eventId: string, origin: string): Promise<IcsEvent | undefined> {
  const [row] = await rows<CalendarRow>(
    db,
    sql`select ${calendarColumns}, null as ticket_category, null::float8 as target_price
      from events e left join venues v on v.id = e.venue_id where e.id = ${eventId}`,
  );
  return row ? toIcsEvent(row, origin) : undefined;
}
