import { type SQL, sql } from 'drizzle-orm';
import { TICKET_CATEGORIES, type TicketCategory } from '#contracts/enums';
import { ticketPrice, ticketPriceSql } from '../catalogue/ticket-category.ts';

/**
 * The price a fan watches is the catalogue's ticket-category price (ADR 0002) of the
 * event's published range: the same number the event page quotes, never a second rule.
 */
export type PriceRange = { min: number | null; max: number | null; currency: string | null };

export function priceFor(category: TicketCategory, range: PriceRange): number | null {
  return ticketPrice(category, range)?.amount ?? null;
}

/** The same in SQL when the category is a column (one CASE branch per SPEC §3 category). */
export function priceForSql(category: SQL, min: SQL, max: SQL): SQL {
  const branches = TICKET_CATEGORIES.map(
    (c) => sql`when ${sql.raw(`'${c}'`)} then ${ticketPriceSql(c, sql`${min}::numeric`, sql`${max}::numeric`)}`,
  );
  return sql`((case ${category} ${sql.join(branches, sql` `)} end)::float8)`;
}

/**
 * 'USD 87.50', as the pages show prices (app/lib/format.ts formatPrice; SPEC §2: USD with 2
 * decimals by default), for alert texts written on the server.
 */
export function formatMoney(amount: number, currency = 'USD'): string {
  const fixed = Math.abs(amount).toFixed(2);
  const [whole, cents] = fixed.split('.') as [string, string];
  return `${currency} ${amount < 0 ? '-' : ''}${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${cents}`;
}

/**
 * formatMoney in SQL, for alert texts written by the statement that raises them (ADR 0062):
 * `amount` a numeric to the cent, as every price and target is; a test keeps the two equal.
 */
export function formatMoneySql(amount: SQL, currency: SQL): SQL {
  return sql`(${currency} || ' ' || to_char(${amount}, 'FM999,999,999,999,999,990.00'))`;
}
