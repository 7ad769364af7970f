import { sql } from 'drizzle-orm';
import { notifyCatalogueChanged } from '../catalogue/changes.ts';
import type { Db } from '../db/client.ts';
import type { PriceRange } from '../db/schema.ts';
import { recordPriceObservations } from './observations.ts';
import { rows } from './sql.ts';

/**
 * Market simulator for the demo catalogue (ADR 0008): real sources re-price events on their
 * own; demo events would never move, and "my Encore" would have nothing to tell. Each tick
 * moves the prices of watched, upcoming demo events (only those: nobody sees the others'
 * history, and other rows stay as the generator wrote them):
 *
 * - not every event moves every tick (MOVE_PROBABILITY);
 * - a move is a mean-reverting step in log price (AR(1), REVERSION, VOLATILITY) around a
 *   level that starts at the first price we observed and, in the last DRIFT_DAYS before the
 *   event, drifts up for popular events and down for unpopular ones (up to DRIFT);
 * - the top of the range follows the bottom with a little noise of its own.
 *
 * Only source 'demo' rows are touched, so a catalogue synced from Ticketmaster never is.
 */

export const MOVE_PROBABILITY = 0.5;
export const REVERSION = 0.6;
export const VOLATILITY = 0.05;
export const DRIFT = 0.25;
export const DRIFT_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;

export type Random = () => number;

/** A deterministic generator for tests (mulberry32). */
export function seededRandom(seed: number): Random {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function normal(random: Random): number {
  // Box–Muller; 1 - u keeps log away from 0.
  const u = 1 - random();
  const v = random();
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
}

const cents = (value: number) => Math.round(value * 100) / 100;

export type MarketState = {
  min: number;
  max: number;
  anchorMin: number;
  anchorMax: number;
  popularity: number;
  /** Days until the event starts. */
  daysLeft: number;
};

/** Where the market wants the price to be: the anchor, drifting in the last weeks. */
export function marketLevel(state: Pick<MarketState, 'popularity' | 'daysLeft'>): number {
  const closeness = Math.min(1, Math.max(0, 1 - state.daysLeft / DRIFT_DAYS));
  const demand = Math.min(1, Math.max(-1, (state.popularity - 50) / 50));
  return Math.exp(DRIFT * demand * closeness);
}

/** One tick for one event: the new range, or undefined when this event does not move. */
export function step(state: MarketState, random: Random): { min: number; max: number } | undefined {
  if (random() >= MOVE_PROBABILITY) return undefined;
  const level = marketLevel(state);
  const shock = normal(random);
  const move = (value: number, anchor: number, noise: number) => {
    const target = Math.log(anchor * level);
    return Math.exp(target + REVERSION * (Math.log(value) - target) + VOLATILITY * noise);
  };
  const min = Math.max(1, cents(move(state.min, state.anchorMin, shock)));
  const max = Math.max(min, cents(move(state.max, state.anchorMax, shock + 0.5 * normal(random))));
  if (min === state.min && max === state.max) return undefined;
  return { min, max };
}

/** Scales each published range like the overall minimum and maximum moved. */
export function scaleRanges(
  ranges: readonly PriceRange[],
  from: { min: number; max: number },
  to: { min: number; max: number },
): PriceRange[] {
  const fMin = to.min / from.min;
  const fMax = to.max / from.max;
  return ranges.map((range) => ({
    ...range,
    ...(typeof range.min === 'number' ? { min: cents(range.min * fMin) } : {}),
    ...(typeof range.max === 'number' ? { max: cents(range.max * fMax) } : {}),
  }));
}

type Candidate = {
  id: string;
  price_min: number;
  price_max: number;
  price_ranges: PriceRange[];
  popularity: number;
  starts_at: Date | string;
  anchor_min: number | null;
  anchor_max: number | null;
};

export async function simulateMarket(
  db: Db,
  options: { random?: Random; maxEvents?: number; now?: Date } = {},
): Promise<{ considered: number; moved: number }> {
  const random = options.random ?? Math.random;
  const now = options.now ?? new Date();
  const draw = String(Math.floor(random() * 2 ** 31));
  const candidates = await rows<Candidate>(
    db,
    sql`
    select e.id, e.price_min::float8 as price_min, coalesce(e.price_max, e.price_min)::float8 as price_max,
      e.price_ranges, e.popularity, e.starts_at,
      a.price_min::float8 as anchor_min, a.price_max::float8 as anchor_max
    from events e
    left join lateral (
      select o.price_min, o.price_max from event_observations o
      where o.event_id = e.id and o.price_min is not null
      order by o.observed_at, o.id limit 1
    ) a on true
    where e.source = 'demo' and e.price_min > 0 and e.starts_at > now()
      and e.status_code not in ('cancelled', 'offsale')
      and exists (select 1 from watches w where w.event_id = e.id)
    -- A different draw each tick: past maxEvents watched events, every one still moves (in
    -- id order, the same first thousand moved every time and the rest never).
    order by md5(e.id || ${draw}), e.id
    limit ${options.maxEvents ?? 1000}
  `,
  );
  const moves: Array<{ id: string; min: number; max: number; ranges: PriceRange[] }> = [];
  for (const event of candidates) {
    const next = step(
      {
        min: event.price_min,
        max: event.price_max,
        anchorMin: event.anchor_min ?? event.price_min,
        anchorMax: event.anchor_max ?? event.price_max,
        popularity: event.popularity,
        daysLeft: (new Date(event.starts_at).getTime() - now.getTime()) / DAY_MS,
      },
      random,
    );
    if (!next) continue;
    moves.push({
      id: event.id,
      ...next,
      ranges: scaleRanges(event.price_ranges ?? [], { min: event.price_min, max: event.price_max }, next),
    });
  }
  if (moves.length > 0) {
    await db.execute(sql`
      update events as e
      set price_min = v.min, price_max = v.max, price_ranges = v.ranges, updated_at = now()
      from (values ${sql.join(
        moves.map((m) => sql`(${m.id}, ${m.min}::numeric, ${m.max}::numeric, ${JSON.stringify(m.ranges)}::jsonb)`),
        sql`, `,
      )}) as v(id, min, max, ranges)
      where e.id = v.id and e.source = 'demo'
    `);
    await recordPriceObservations(
      db,
      moves.map((m) => m.id),
    );
    // Event pages show these prices: copies of them kept in this process are now wrong.
    notifyCatalogueChanged();
  }
  return { considered: candidates.length, moved: moves.length };
}
