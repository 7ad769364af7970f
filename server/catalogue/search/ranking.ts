import type { Accept } from '../event-filters.ts';
import type { TextQuery } from '../queries.ts';
import { compareIds, type EventTable } from './columns.ts';
import { push } from './groups.ts';

/**
 * ADR 0003's ranking: score = 1.0 for the whole name, 0.6 for a name that starts with
 * what was typed, else 0, plus popularity / 100; each way of matching contributes its most
 * popular candidates; events show one date of each show before a second date of any.
 */

/** Each way of matching keeps this many candidates, as the SQL lists do (ADR 0003). */
export const CANDIDATES = 20;
/** Venues whose names match lend their events to the event list, most active first. */
export const RELATED = 20;

export function score(text: string, popularity: number, q: TextQuery): number {
  const tier = text === q.text ? 1 : text.startsWith(q.text) ? 0.6 : 0;
  return tier + Math.min(Math.max(popularity, 0), 100) / 100;
}

export const textThenId = (a: { search_text: string; id: string }, b: { search_text: string; id: string }) =>
  compareIds(a.search_text, b.search_text) || compareIds(a.id, b.id);

/** The first `limit` ranks `accept` keeps, from ranks in ascending order. */
export function topOf(ranks: number[], accept: Accept, limit: number): number[] {
  const out: number[] = [];
  for (const rank of ranks) {
    if (out.length >= limit) break;
    if (accept(rank)) out.push(rank);
  }
  return out;
}

/** Events soonest first, date TBA after every dated event, then by id. */
export function soonerFirst(events: EventTable, a: number, b: number): number {
  const startsAt = events.numbers.starts_at;
  const start = (rank: number) => (Number.isNaN(startsAt[rank]!) ? Number.POSITIVE_INFINITY : startsAt[rank]!);
  return start(a) - start(b) || compareIds(events.ids[a]!, events.ids[b]!);
}

/**
 * Event ids best first, but one date of each show before a second date of any (ADR 0003):
 * five nights of one tour would otherwise fill the panel.
 */
export function diversified(
  events: EventTable,
  candidates: number[],
  scoreOf: (rank: number) => number,
  limit: number,
): string[] {
  const byShow = new Map<string, number[]>();
  for (const rank of candidates) push(byShow, events.texts[rank]!, rank);
  const first = new Set<number>();
  for (const dates of byShow.values()) first.add(dates.sort((a, b) => soonerFirst(events, a, b))[0]!);
  return candidates
    .sort((a, b) => Number(first.has(b)) - Number(first.has(a)) || scoreOf(b) - scoreOf(a) || soonerFirst(events, a, b))
    .slice(0, limit)
    .map((r) => events.ids[r]!);
}
