/**
 * iCalendar (RFC 5545) for watched events: the private feed and the per-event download.
 * Written by hand because the rules are few and exact: CRLF after every line, lines folded at
 * 75 octets (never inside a UTF-8 character), TEXT values escaping backslash, semicolon,
 * comma and newlines, UID and DTSTAMP on every event, DTSTART in UTC for a known time and as
 * an all-day DATE when the time is TBA (events with no date at all cannot be in a calendar).
 */

export type IcsEvent = {
  eventId: string;
  summary: string;
  /** Start instant in UTC when the venue-local time is known. */
  startsAt: string | null;
  /** Venue-local 'YYYY-MM-DD'. */
  localDate: string | null;
  localTime: string | null;
  statusCode: string;
  location: string | null;
  /** Absolute URL of the event page. */
  url: string | null;
  description: string | null;
  /** Bumped on every status or date change, so calendar apps take the update. */
  sequence: number;
};

export const PRODUCT_ID = '-//Encore//my Encore//EN';

/** RFC 5545 §3.3.11 TEXT escaping. */
export function escapeText(value: string): string {
  return value
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n');
}

/** RFC 5545 §3.1: fold after 75 octets; continuation lines start with one space. */
export function foldLine(line: string): string {
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  let limit = 75;
  for (const char of line) {
    const size = Buffer.byteLength(char, 'utf8');
    if (octets + size > limit) {
      parts.push(current);
      current = ' ';
      octets = 1;
      limit = 75;
    }
    current += char;
    octets += size;
  }
  parts.push(current);
  return parts.join('\r\n');
}

/** '20260605T190000Z' from an ISO instant. */
export function utcStamp(iso: string): string {
  return new Date(iso)
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
}

const compactDate = (date: string) => date.replace(/-/g, '');

function nextDay(date: string): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

const ICS_STATUS: Record<string, string> = { cancelled: 'CANCELLED', postponed: 'TENTATIVE' };

/** Whether an event can be placed in a calendar at all (a date is known). */
export const hasCalendarDate = (event: Pick<IcsEvent, 'localDate' | 'startsAt'>) =>
  !!event.localDate || !!event.startsAt;

function eventLines(event: IcsEvent, stamp: string): string[] {
  const lines = ['BEGIN:VEVENT', `UID:${event.eventId}@encore`, `DTSTAMP:${stamp}`];
  if (event.localTime && event.startsAt) {
    lines.push(`DTSTART:${utcStamp(event.startsAt)}`);
  } else {
    // Time TBA: an all-day event on the venue-local date (RFC 5545 §3.6.1, DATE value).
    const date = event.localDate ?? new Date(event.startsAt!).toISOString().slice(0, 10);
    lines.push(`DTSTART;VALUE=DATE:${compactDate(date)}`, `DTEND;VALUE=DATE:${compactDate(nextDay(date))}`);
  }
  lines.push(`SUMMARY:${escapeText(event.summary)}`);
  if (event.location) lines.push(`LOCATION:${escapeText(event.location)}`);
  if (event.description) lines.push(`DESCRIPTION:${escapeText(event.description)}`);
  if (event.url) lines.push(`URL:${event.url}`);
  lines.push(`STATUS:${ICS_STATUS[event.statusCode] ?? 'CONFIRMED'}`, `SEQUENCE:${event.sequence}`, 'END:VEVENT');
  return lines;
}

export function renderCalendar(options: { name: string; events: readonly IcsEvent[]; now?: Date }): string {
  const stamp = utcStamp((options.now ?? new Date()).toISOString());
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    `PRODID:${PRODUCT_ID}`,
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    `NAME:${escapeText(options.name)}`,
    `X-WR-CALNAME:${escapeText(options.name)}`,
    // RFC 7986: how often a subscribed feed should be re-read.
    'REFRESH-INTERVAL;VALUE=DURATION:PT6H',
    'X-PUBLISHED-TTL:PT6H',
  ];
  for (const event of options.events) {
    if (hasCalendarDate(event)) lines.push(...eventLines(event, stamp));
  }
  lines.push('END:VCALENDAR');
  return `${lines.map(foldLine).join('\r\n')}\r\n`;
}
