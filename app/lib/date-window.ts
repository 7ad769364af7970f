/**
 * SPEC §3's default date window, on its own: the search box's first keystrokes use it before
 * the filters' code is there (components/hydration/suggest-ahead.ts), with the filters
 * (lib/filters.ts), so the two ask the same question.
 */

/** ISO UTC without milliseconds: '2026-11-21T05:30:00Z'. */
export function isoSeconds(date: Date): string {
  return date.toISOString().replace(/\.\d{3}Z$/, 'Z');
}

/**
 * Below this many days left in the year, the default window also covers next year (ADR 0012):
 * on 30 December, "now to the end of the year" would be a day and a half of events.
 */
export const SHORT_WINDOW_DAYS = 14;

/**
 * SPEC §3 default window: now to the end of the current year; in the year's last
 * SHORT_WINDOW_DAYS days (UTC), to the end of next year (ADR 0012).
 */
export function defaultDateWindow(now = new Date()): { startDateTime: string; endDateTime: string } {
  const year = now.getUTCFullYear();
  const endOfYear = Date.UTC(year, 11, 31, 23, 59, 59);
  const short = endOfYear - now.getTime() < SHORT_WINDOW_DAYS * 24 * 60 * 60 * 1000;
  return {
    startDateTime: isoSeconds(now),
    endDateTime: `${short ? year + 1 : year}-12-31T23:59:59Z`,
  };
}
