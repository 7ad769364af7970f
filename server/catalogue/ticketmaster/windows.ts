/**
 * Date windows for deep catalogues. Discovery refuses to page past its 1000th item
 * (size × page must stay under 1000), so a query matching more than 1000 events is cut into
 * start-date windows small enough to page through completely.
 */

/** Both bounds as Discovery wants them: ISO 8601 UTC to the second, e.g. 2026-03-14T00:00:00Z. */
export type DateWindow = { start: string; end: string };

/** Discovery serves at most this many items of one query (size × page < 1000). */
export const MAX_DEPTH = 1000;

export function discoveryDateTime(ms: number): string {
  return `${new Date(Math.floor(ms / 1000) * 1000).toISOString().slice(0, 19)}Z`;
}

/** Reads an ISO date or date-time and returns Discovery's form, or undefined when unreadable. */
export function toDiscoveryDateTime(value: string): string | undefined {
  const ms = Date.parse(/^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T00:00:00Z` : value);
  return Number.isFinite(ms) ? discoveryDateTime(ms) : undefined;
}

/** A window can be halved while both halves keep at least one whole second. */
export function canSplit(window: DateWindow): boolean {
  return Date.parse(window.end) - Date.parse(window.start) >= 2000;
}

/**
 * Two halves sharing the midpoint second. Discovery does not document whether its bounds are
 * inclusive; overlapping by that second means no event can fall between the halves, and an
 * event exactly on it is fetched twice, which the (source, source_id) upserts absorb.
 */
export function splitWindow(window: DateWindow): [DateWindow, DateWindow] {
  const start = Date.parse(window.start);
  const end = Date.parse(window.end);
  const middle = discoveryDateTime(start + (end - start) / 2);
  return [
    { start: window.start, end: middle },
    { start: middle, end: window.end },
  ];
}

/**
 * The last page index worth asking for: `size × page < depth` must hold, and a page that
 * would start at or beyond the 1000th item is refused by Discovery.
 */
export function lastReachablePage(size: number, depth = MAX_DEPTH): number {
  return Math.floor((depth - 1) / size);
}

/** Items of a window Discovery will actually serve at this page size. */
export function reachableItems(size: number, depth = MAX_DEPTH): number {
  return Math.min(depth, (lastReachablePage(size, depth) + 1) * size);
}
