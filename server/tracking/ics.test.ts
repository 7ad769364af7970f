import { describe, expect, it } from 'vitest';
import { escapeText, foldLine, type IcsEvent, renderCalendar, utcStamp } from './ics.ts';
import { parseIcs } from './testing/ics-reader.ts';

const base: IcsEvent = {
  eventId: 'E1',
  summary: 'Band; Live, in Paris \\ "Encore"\nSecond line',
  startsAt: '2030-06-05T19:30:00.000Z',
  localDate: '2030-06-05',
  localTime: '21:30:00',
  statusCode: 'onsale',
  location: 'Olympia, Paris, FR',
  url: 'https://encore.test/events/band/E1',
  description: 'Status: On Sale.\nWatching Front row seats, target USD 150.00.',
  sequence: 0,
};

describe('TEXT escaping (RFC 5545 §3.3.11)', () => {
  it('escapes backslash, semicolon, comma and newlines', () => {
    expect(escapeText('a\\b;c,d\ne\r\nf')).toBe('a\\\\b\\;c\\,d\\ne\\nf');
  });
});

describe('line folding (RFC 5545 §3.1)', () => {
  it('keeps every physical line within 75 octets and unfolds to the original', () => {
    const line = `DESCRIPTION:${'x'.repeat(300)}`;
    const folded = foldLine(line);
    for (const physical of folded.split('\r\n')) expect(Buffer.byteLength(physical)).toBeLessThanOrEqual(75);
    expect(
      folded
        .split('\r\n')
        .slice(1)
        .every((l) => l.startsWith(' ')),
    ).toBe(true);
    expect(folded.replace(/\r\n /g, '')).toBe(line);
  });

  it('never splits a multi-byte UTF-8 character', () => {
    const line = `SUMMARY:${'Beyoncé 🎤 Ørsted '.repeat(12)}`;
    const folded = foldLine(line);
    for (const physical of folded.split('\r\n')) {
      const bytes = Buffer.from(physical, 'utf8');
      expect(bytes.length).toBeLessThanOrEqual(75);
      // A line cut inside a character would not survive a UTF-8 round trip.
      expect(bytes.toString('utf8')).toBe(physical);
      expect(physical).not.toContain('\uFFFD');
    }
    expect(folded.replace(/\r\n /g, '')).toBe(line);
  });

  it('leaves short lines alone', () => {
    expect(foldLine('VERSION:2.0')).toBe('VERSION:2.0');
  });
});

describe('renderCalendar', () => {
  const now = new Date('2030-01-02T03:04:05.678Z');

  it('ends every line with CRLF and has the required properties', () => {
    const text = renderCalendar({ name: 'my Encore', events: [base], now });
    expect(text.endsWith('\r\n')).toBe(true);
    expect(text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    const { lines, events } = parseIcs(text);
    expect(lines[0]).toBe('BEGIN:VCALENDAR');
    expect(lines).toContain('VERSION:2.0');
    expect(lines.some((l) => l.startsWith('PRODID:'))).toBe(true);
    expect(lines.at(-1)).toBe('END:VCALENDAR');
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      UID: 'E1@encore',
      DTSTAMP: '20300102T030405Z',
      DTSTART: '20300605T193000Z',
      SUMMARY: 'Band; Live, in Paris \\ "Encore"\nSecond line',
      LOCATION: 'Olympia, Paris, FR',
      STATUS: 'CONFIRMED',
      URL: 'https://encore.test/events/band/E1',
    });
  });

  it('makes a time-TBA event an all-day event on the local date', () => {
    const text = renderCalendar({
      name: 'x',
      events: [{ ...base, localTime: null, startsAt: '2030-12-31T00:00:00.000Z', localDate: '2030-12-31' }],
      now,
    });
    const [event] = parseIcs(text).events;
    expect(event!['DTSTART;VALUE=DATE']).toBe('20301231');
    expect(event!['DTEND;VALUE=DATE']).toBe('20310101');
    expect(event!.DTSTART).toBeUndefined();
  });

  it('leaves out events with no date and marks cancelled and postponed ones', () => {
    const text = renderCalendar({
      name: 'x',
      events: [
        { ...base, eventId: 'TBA', localDate: null, localTime: null, startsAt: null },
        { ...base, eventId: 'C', statusCode: 'cancelled', sequence: 2 },
        { ...base, eventId: 'P', statusCode: 'postponed' },
      ],
      now,
    });
    const { events } = parseIcs(text);
    expect(events.map((e) => e.UID)).toEqual(['C@encore', 'P@encore']);
    expect(events[0]).toMatchObject({ STATUS: 'CANCELLED', SEQUENCE: '2' });
    expect(events[1]).toMatchObject({ STATUS: 'TENTATIVE' });
  });

  it('formats UTC stamps without separators or milliseconds', () => {
    expect(utcStamp('2030-06-05T19:30:00.000Z')).toBe('20300605T193000Z');
  });
});
