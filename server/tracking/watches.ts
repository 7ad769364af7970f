import { and, eq, sql } from 'drizzle-orm';
import { DEFAULTS, type TicketCategory } from '#contracts/enums';
import { type StatusChange, TRACKING_LIMITS, type WatchInput, type WatchView } from '#contracts/tracking';
import type { Db } from '../db/client.ts';
import { onboardingAnswers } from '../db/schema.ts';
import { watches } from '../db/schema-tracking.ts';
import { ApiError, notFound } from '../errors.ts';
import { type EventSummaryRow, eventSummaryColumns, toEventSummary } from './event-summary.ts';
import {
  changesSince,
  type ObservationRow,
  recentObservations,
  recordPriceObservations,
  toRuns,
} from './observations.ts';
import { priceFor } from './prices.ts';
import { iso, rows } from './sql.ts';

export type HistoryOptions = {
  /** Observations per sparkline. */
  historyLimit: number;
  /** A longer pause between observations is drawn as a gap. */
  maxGapMs: number;
};

type EventState = {
  id: string;
  price_min: number | null;
  price_max: number | null;
  currency: string | null;
  status_code: string;
  starts_at: Date | string | null;
  local_date: string | null;
  local_time: string | null;
};

async function eventState(db: Db, eventId: string): Promise<EventState | undefined> {
  const [row] = await rows<EventState>(
    db,
    sql`select e.id, e.price_min::float8 as price_min, e.price_max::float8 as price_max, e.currency, e.status_code,
      e.starts_at, e.local_date::text as local_date, e.local_time::text as local_time
      from events e where e.id = ${eventId}`,
  );
  return row;
}

/** 10 % under today's price, in whole units when the price allows it. */
export function suggestedTarget(price: number): number {
  const below = price * 0.9;
  return below >= 1 ? Math.floor(below) : Math.floor(below * 100) / 100;
}

/**
 * A new watch's target is one that can fire: the onboarding maxBudget (SPEC §3, whole US
 * dollars, for events priced in US dollars) when it is under today's price for the chosen
 * seats, otherwise a little under that price. A target at or above today's price would
 * read "at or below your target" at once and never alert (ADR 0025).
 */
async function defaultTarget(
  db: Db,
  uid: string,
  currency: string | null,
  price: number | null,
): Promise<number | null> {
  let budget: number | null = null;
  if ((currency ?? 'USD') === 'USD') {
    const [row] = await db
      .select({ maxBudget: onboardingAnswers.maxBudget })
      .from(onboardingAnswers)
      .where(eq(onboardingAnswers.uid, uid))
      .limit(1);
    budget = row?.maxBudget ?? null;
  }
  if (price === null) return budget;
  return budget !== null && budget < price ? budget : suggestedTarget(price);
}

/**
 * A price alert is armed while the price is above the target: a target set at or above
 * today's price says "this is fine" and alerts only after the price rose above it and fell
 * back (the fan sees the price as they set the target).
 */
const armed = (price: number | null, target: number | null) => price === null || target === null || price > target;

/**
 * PUT /api/me/watches/{eventId}: watch (or update the watch of) an event; idempotent, so a
 * retried request never makes two watches.
 */
export async function putWatch(
  db: Db,
  uid: string,
  eventId: string,
  input: WatchInput,
  history: HistoryOptions,
): Promise<{ created: boolean; watch: WatchView }> {
  const event = await eventState(db, eventId);
  if (!event) throw notFound('Event');
  const range = { min: event.price_min, max: event.price_max, currency: event.currency };

  const [existing] = await db
    .select({ ticketCategory: watches.ticketCategory, targetPrice: watches.targetPrice })
    .from(watches)
    .where(and(eq(watches.uid, uid), eq(watches.eventId, eventId)))
    .limit(1);

  let created = false;
  if (!existing) {
    const [{ count } = { count: 0 }] = await rows<{ count: number }>(
      db,
      sql`select count(*)::int as count from watches where uid = ${uid}`,
    );
    if (count >= TRACKING_LIMITS.maxWatches) {
      throw new ApiError(
        409,
        'too_many_watches',
        `You can watch up to ${TRACKING_LIMITS.maxWatches} events: stop watching one first`,
      );
    }
    const ticketCategory: TicketCategory = input.ticketCategory ?? DEFAULTS.ticketCategory;
    const targetPrice =
      input.targetPrice !== undefined
        ? input.targetPrice
        : await defaultTarget(db, uid, event.currency, priceFor(ticketCategory, range));
    // Observed first, so the history starts no later than the watch.
    await recordPriceObservations(db, [eventId]);
    const inserted = await db
      .insert(watches)
      .values({
        uid,
        eventId,
        ticketCategory,
        targetPrice,
        baselinePriceMin: event.price_min,
        baselinePriceMax: event.price_max,
        baselineCurrency: event.currency,
        knownStatus: event.status_code,
        knownStartsAt: event.starts_at === null ? null : new Date(event.starts_at),
        knownLocalDate: event.local_date,
        knownLocalTime: event.local_time,
        priceAlertArmed: armed(priceFor(ticketCategory, range), targetPrice),
      })
      .onConflictDoNothing()
      .returning({ eventId: watches.eventId });
    created = inserted.length > 0;
  }
  if (!created) {
    // An existing watch (or one a concurrent retry just made): apply what was sent.
    const [current] = await db
      .select({ ticketCategory: watches.ticketCategory, targetPrice: watches.targetPrice })
      .from(watches)
      .where(and(eq(watches.uid, uid), eq(watches.eventId, eventId)))
      .limit(1);
    if (!current) throw notFound('Watch');
    const ticketCategory = input.ticketCategory ?? current.ticketCategory;
    const targetPrice = input.targetPrice !== undefined ? input.targetPrice : current.targetPrice;
    if (ticketCategory !== current.ticketCategory || targetPrice !== current.targetPrice) {
      await db
        .update(watches)
        .set({
          ticketCategory,
          targetPrice,
          priceAlertArmed: armed(priceFor(ticketCategory, range), targetPrice),
          updatedAt: new Date(),
        })
        .where(and(eq(watches.uid, uid), eq(watches.eventId, eventId)));
    }
  }
  const [watch] = await listWatches(db, uid, history, eventId);
  if (!watch) throw notFound('Watch');
  return { created, watch };
}

export async function deleteWatch(db: Db, uid: string, eventId: string): Promise<boolean> {
  const deleted = await db
    .delete(watches)
    .where(and(eq(watches.uid, uid), eq(watches.eventId, eventId)))
    .returning({ eventId: watches.eventId });
  return deleted.length > 0;
}

export type WatchRow = EventSummaryRow & {
  ticket_category: TicketCategory;
  target_price: number | null;
  baseline_price_min: number | null;
  baseline_price_max: number | null;
  baseline_currency: string | null;
  created_at: Date | string;
};

/** A watch row's columns over `watches w`, `events e` and `venues v` (left joined). */
// Twin: the watches' columns named by the watches_fan_updated trigger (migration 0017, ADR 0049).
export const watchColumns = sql`${eventSummaryColumns}, w.ticket_category, w.target_price::float8 as target_price,
  w.baseline_price_min::float8 as baseline_price_min, w.baseline_price_max::float8 as baseline_price_max,
  w.baseline_currency, w.created_at`;

const cents = (value: number) => Math.round(value * 100) / 100;

/** The fan's watches by date (TBA last), or one of them; never another fan's. */
export async function listWatches(
  db: Db,
  uid: string,
  history: HistoryOptions,
  eventId?: string,
): Promise<WatchView[]> {
  const found = await rows<WatchRow>(
    db,
    sql`
    select ${watchColumns}
    from watches w
    join events e on e.id = w.event_id
    left join venues v on v.id = e.venue_id
    where w.uid = ${uid} ${eventId === undefined ? sql`` : sql`and w.event_id = ${eventId}`}
    order by e.starts_at asc nulls last, e.name, e.id
  `,
  );
  if (found.length === 0) return [];
  const ids = found.map((row) => row.event_id);
  const [observations, changes] = await Promise.all([
    history.historyLimit > 0 ? recentObservations(db, ids, history.historyLimit) : new Map(),
    changesSince(db, new Map(found.map((row) => [row.event_id, iso(row.created_at)]))),
  ]);
  return found.map((row) =>
    toWatchView(row, {
      observations: observations.get(row.event_id) ?? [],
      statusChanges: changes.get(row.event_id) ?? [],
      maxGapMs: history.maxGapMs,
    }),
  );
}

/** A watch as the API and my Encore show it, from its row, its recent observations and its changes. */
export function toWatchView(
  row: WatchRow,
  found: { observations: readonly ObservationRow[]; statusChanges: StatusChange[]; maxGapMs: number },
): WatchView {
  const category = row.ticket_category;
  const currency = row.currency ?? 'USD';
  const currentPrice = priceFor(category, { min: row.price_min, max: row.price_max, currency });
  const priceAtWatch = priceFor(category, {
    min: row.baseline_price_min,
    max: row.baseline_price_max,
    currency: row.baseline_currency,
  });
  return {
    event: toEventSummary(row),
    ticketCategory: category,
    targetPrice: row.target_price,
    currency,
    currentPrice,
    priceAtWatch,
    change: currentPrice !== null && priceAtWatch !== null ? cents(currentPrice - priceAtWatch) : null,
    atOrBelowTarget: row.target_price !== null && currentPrice !== null && currentPrice <= row.target_price,
    watchedAt: iso(row.created_at),
    statusChanges: found.statusChanges,
    history: toRuns(found.observations, category, found.maxGapMs),
  };
}

/** Which of these events the fan watches (for Watch buttons on lists). */
export async function watchedAmong(db: Db, uid: string, eventIds: readonly string[]): Promise<Set<string>> {
  if (eventIds.length === 0) return new Set();
  const found = await rows<{ event_id: string }>(
    db,
    sql`select event_id from watches where uid = ${uid} and event_id in (${sql.join(
      eventIds.map((id) => sql`${id}`),
      sql`, `,
    )})`,
  );
  return new Set(found.map((row) => row.event_id));
}
