/**
 * Raw statements answer `{ rows }` on both drivers; the catalogue's helper reads them. Queries
 * here select numbers as float8, dates as text and instants as timestamptz, so node-postgres
 * and PGlite hand back the same JS values (numeric would be a string on node-postgres, a date
 * a local Date).
 */
export { rows } from '../catalogue/queries.ts';

/** A timestamptz as ISO UTC (both drivers give a Date; text is accepted too). */
export function iso(value: Date | string): string {
  return (value instanceof Date ? value : new Date(value)).toISOString();
}

export function isoOrNull(value: Date | string | null | undefined): string | null {
  return value === null || value === undefined ? null : iso(value);
}

export function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}
