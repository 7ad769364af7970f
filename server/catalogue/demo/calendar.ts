import type { Rng } from './rng.ts';

/**
 * Days and local times for demo events. Events are scheduled on local calendar days (kept as
 * the UTC midnight of that day) and start at a local time in the venue's zone.
 */

export const DAY_MS = 86_400_000;
export const ALL_MONTHS = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12];

const offsetCache = new Map<string, number>();
const formatters = new Map<string, Intl.DateTimeFormat>();

/** Minutes the zone is ahead of UTC around midday of a date (events start after any DST switch). */
function zoneOffsetMinutes(timezone: string, date: string): number {
  const key = `${timezone}|${date}`;
  const cached = offsetCache.get(key);
  if (cached !== undefined) return cached;
  let format = formatters.get(timezone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone: timezone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
    });
    formatters.set(timezone, format);
  }
  const noon = Date.parse(`${date}T12:00:00Z`);
  const parts: Record<string, number> = {};
  for (const p of format.formatToParts(noon)) if (p.type !== 'literal') parts[p.type] = Number(p.value);
  const asUtc = Date.UTC(parts.year!, parts.month! - 1, parts.day!, parts.hour!, parts.minute!);
  const offset = Math.round((asUtc - noon) / 60_000);
  offsetCache.set(key, offset);
  return offset;
}

/** The UTC instant of a local date and time in an IANA zone. */
export function zonedToUtc(date: string, time: string, timezone: string): Date {
  return new Date(Date.parse(`${date}T${time}Z`) - zoneOffsetMinutes(timezone, date) * 60_000);
}

/** The UTC midnight of the calendar day `now` falls on. */
export function dayOf(now: Date): number {
  return Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
}

export const isoDate = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const pad = (n: number) => String(n).padStart(2, '0');
export const timeOf = (h: number, m: number) => `${pad(h)}:${pad(m)}:00`;

/**
 * A local calendar day (as a UTC midnight): ≈ 6 % in the last 60 days, the rest over the next
 * year, denser soon; only in `months`, and mostly Friday to Sunday for `weekend` bookings.
 */
export function drawDay(rng: Rng, today: number, months: readonly number[], weekend?: boolean): number {
  const allowed = new Set(months);
  let day = today;
  for (let attempt = 0; attempt < 40; attempt++) {
    const offset = rng.chance(0.06) ? -rng.int(1, 60) : 1 + Math.floor(364 * rng.next() ** 1.2);
    day = today + offset * DAY_MS;
    const date = new Date(day);
    if (!allowed.has(date.getUTCMonth() + 1)) continue;
    const dow = date.getUTCDay();
    const accept = weekend
      ? dow === 0 || dow === 5 || dow === 6
        ? 1
        : 0.15
      : ([0.75, 0.5, 0.6, 0.7, 0.85, 1, 1] as const)[dow]!;
    if (rng.next() < accept) return day;
  }
  return day;
}
