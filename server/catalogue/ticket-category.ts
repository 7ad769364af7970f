import { type SQL, sql } from 'drizzle-orm';
import type { TicketPrice } from '#contracts/catalogue';
import type { TicketCategory } from '#contracts/enums';

/**
 * What a seat in each SPEC §3 ticket category costs, given an event's published price range
 * (ADR 0002). Sources publish a face-value range (min–max), not a seat map, so:
 *
 * - cheapest: the published minimum; published, never an estimate.
 * - front_row: the published maximum, which is where the front rows sit; published.
 * - good_view / great_view: fixed points inside the range, GOOD_VIEW and GREAT_VIEW of the
 *   way from min to max; always estimates.
 *
 * When only one bound is published the others are derived with fixed multiples of it and
 * flagged as estimates; when min equals max every seat costs the same and nothing is
 * estimated. No published price gives no ticket price (null).
 */
export const GOOD_VIEW = 0.35;
export const GREAT_VIEW = 0.7;
/** Multiples of the minimum used when the maximum is unknown. */
const FROM_MIN = { cheapest: 1, good_view: 1.5, great_view: 2.25, front_row: 3.5 } as const;
/** Fractions of the maximum used when the minimum is unknown. */
const FROM_MAX = { cheapest: 0.25, good_view: 0.45, great_view: 0.75, front_row: 1 } as const;
const POSITION = { cheapest: 0, good_view: GOOD_VIEW, great_view: GREAT_VIEW, front_row: 1 } as const;

const cents = (value: number) => Math.round(value * 100) / 100;

export function ticketPrice(
  category: TicketCategory,
  range: { min: number | null; max: number | null; currency: string | null },
): TicketPrice | null {
  const { min, max } = range;
  const currency = range.currency ?? 'USD';
  if (min !== null && max !== null) {
    const amount = cents(min + (max - min) * POSITION[category]);
    const published = min === max || category === 'cheapest' || category === 'front_row';
    return { category, amount, currency, estimate: !published };
  }
  if (min !== null)
    return { category, amount: cents(min * FROM_MIN[category]), currency, estimate: category !== 'cheapest' };
  if (max !== null)
    return { category, amount: cents(max * FROM_MAX[category]), currency, estimate: category !== 'front_row' };
  return null;
}

/**
 * The same amount in SQL, for the priceRanges filter, over the events columns
 * price_min / price_max (numeric). Kept next to ticketPrice so the two cannot drift; a test
 * checks they agree.
 */
export function ticketPriceSql(category: TicketCategory, min: SQL, max: SQL): SQL {
  const position = sql.raw(String(POSITION[category]));
  return sql`round(case
    when ${min} is not null and ${max} is not null then ${min} + (${max} - ${min}) * ${position}
    when ${min} is not null then ${min} * ${sql.raw(String(FROM_MIN[category]))}
    else ${max} * ${sql.raw(String(FROM_MAX[category]))}
  end, 2)`;
}
