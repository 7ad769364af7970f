/**
 * Formatters shared by the server render and the browser. They work on the catalogue's
 * strings (venue-local date and time) and on UTC instants with fixed English names, so the
 * HTML rendered on the server and the hydrated page always read the same (no Intl, no
 * time-zone of the machine involved).
 */

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;
const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;

/** SPEC §4: a missing date shows 'Date TBA'. */
export const DATE_TBA = 'Date TBA';

type LocalDateParts = { year: number; month: number; day: number; weekday: number };

/** Parses 'YYYY-MM-DD' (a calendar date, no time zone) or returns undefined. */
export function parseLocalDate(value: string | null | undefined): LocalDateParts | undefined {
  const match = value ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(value) : null;
  if (!match) return undefined;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return undefined;
  return { year, month, day, weekday: date.getUTCDay() };
}

/** '20:00:00' → '8:00 PM'; undefined when absent or malformed. */
export function formatLocalTime(value: string | null | undefined): string | undefined {
  const match = value ? /^(\d{2}):(\d{2})/.exec(value) : null;
  if (!match) return undefined;
  const hours = Number(match[1]);
  const minutes = match[2];
  if (hours > 23 || Number(minutes) > 59) return undefined;
  const suffix = hours < 12 ? 'AM' : 'PM';
  return `${hours % 12 === 0 ? 12 : hours % 12}:${minutes} ${suffix}`;
}

/** 'Sat, Dec 5, 2026' or 'Date TBA'. */
export function formatEventDate(localDate: string | null | undefined): string {
  const parts = parseLocalDate(localDate);
  if (!parts) return DATE_TBA;
  return `${WEEKDAYS[parts.weekday]}, ${MONTHS[parts.month - 1]} ${parts.day}, ${parts.year}`;
}

/** 'Sat, Dec 5, 2026 · 8:00 PM', the date alone when the time is unknown, or 'Date TBA'. */
export function formatEventDateTime(localDate: string | null | undefined, localTime?: string | null): string {
  const date = formatEventDate(localDate);
  if (date === DATE_TBA) return date;
  const time = formatLocalTime(localTime);
  return time ? `${date} · ${time}` : date;
}

/** Calendar tile parts for cards: { month: 'DEC', day: '5', weekday: 'Sat' }. */
export function dateTile(localDate: string | null | undefined) {
  const parts = parseLocalDate(localDate);
  if (!parts) return undefined;
  return {
    month: MONTHS[parts.month - 1]!.toUpperCase(),
    day: String(parts.day),
    weekday: WEEKDAYS[parts.weekday]!,
    year: String(parts.year),
  };
}

/**
 * SPEC §2: prices are shown in USD with 2 decimals by default. Other currencies keep their
 * code. Thousands get separators: 'USD 1,250.00'.
 */
export function formatPrice(amount: number, currency = 'USD'): string {
  const fixed = Math.abs(amount).toFixed(2);
  const [whole, cents] = fixed.split('.') as [string, string];
  return `${currency} ${amount < 0 ? '-' : ''}${groupThousands(whole)}.${cents}`;
}

/** 'USD 45.00 – USD 120.00', a single price when min equals max, undefined when unknown. */
export function formatPriceRange(min: number | null | undefined, max: number | null | undefined, currency = 'USD') {
  const low = typeof min === 'number' && Number.isFinite(min) ? min : undefined;
  const high = typeof max === 'number' && Number.isFinite(max) ? max : undefined;
  if (low === undefined && high === undefined) return undefined;
  if (low === undefined) return `Up to ${formatPrice(high!, currency)}`;
  if (high === undefined || high === low) return formatPrice(low, currency);
  return `${formatPrice(low, currency)} – ${formatPrice(high, currency)}`;
}

/** '1204' → '1,204' without Intl, so server and browser agree. */
export function groupThousands(value: number | string): string {
  return String(value).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

const pad = (n: number) => String(n).padStart(2, '0');

/** SPEC §2 date popup format: 'YYYY/MM/DD' of a calendar day given as 'YYYY-MM-DD'. */
export function formatSlashDate(day: string): string {
  return day.replaceAll('-', '/');
}

/** 'YYYY-MM-DD' of the UTC calendar day of an ISO instant. */
export function utcDay(iso: string): string | undefined {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return undefined;
  return `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;
}

/** 'Dec 5' of a 'YYYY-MM-DD' day. */
export function formatShortDay(day: string): string {
  const parts = parseLocalDate(day);
  return parts ? `${MONTHS[parts.month - 1]} ${parts.day}` : day;
}

/** SPEC §2: the date button reads 'Dates' or 'MMM d - MMM d'. */
export function dateButtonLabel(range: readonly string[] | undefined): string {
  const [from, to] = range ?? [];
  if (!from) return 'Dates';
  return `${formatShortDay(from)} - ${formatShortDay(to ?? from)}`;
}

/** '1 upcoming', '12 upcoming', '1,204 upcoming' (SPEC §2 badge '{n} upcoming'). */
export function upcomingLabel(count: number): string {
  return `${groupThousands(count)} upcoming`;
}

/** Plural helper for result counts: '1 event', '2 events'. */
export function countLabel(count: number, singular: string, plural = `${singular}s`): string {
  return `${groupThousands(count)} ${count === 1 ? singular : plural}`;
}
