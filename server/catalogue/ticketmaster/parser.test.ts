import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  MalformedPageError,
  normaliseStatus,
  type ParsedEvent,
  parseEventsPage,
  popularityFromUpcoming,
  upcomingTotal,
  zonedToUtc,
} from './parser.ts';

const fixture = (name: string): unknown =>
  JSON.parse(readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8'));

const byId = (items: ParsedEvent[], id: string) => {
  const item = items.find((i) => i.event.id === id);
  if (!item) throw new Error(`no parsed event ${id}`);
  return item;
};

describe('parseEventsPage on a complete Discovery page', () => {
  const page = parseEventsPage(fixture('events-page.json'));

  it('reads every event, its venue, line-up and classifications', () => {
    expect(page.skips).toEqual([]);
    expect(page.page).toEqual({ size: 20, totalElements: 1234, totalPages: 62, number: 0 });
    expect(page.items.map((i) => i.event.name)).toEqual([
      'The Midnight Parade: Lanterns Tour',
      'Chicago Comets vs. Denver Peaks',
      'Hamlet',
    ]);

    const concert = byId(page.items, 'vvG1fZ94mYkL2Q');
    expect(concert.event).toMatchObject({
      id: 'vvG1fZ94mYkL2Q',
      source: 'ticketmaster',
      sourceId: 'vvG1fZ94mYkL2Q',
      searchText: 'the midnight parade lanterns tour',
      localDate: '2026-03-14',
      localTime: '19:30:00',
      startsAt: new Date('2026-03-15T00:30:00Z'),
      timezone: 'America/Chicago',
      statusCode: 'onsale',
      segmentId: 'KZFzniwnSyZfZ7v7nJ',
      genreId: 'KnvZfZ7vAeA',
      subGenreId: 'KZazBEonSMnZfZ7v6F1',
      venueId: 'KovZpZAE6eeA',
      latitude: 41.8807,
      longitude: -87.6742,
      countryCode: 'US',
      // 'standard' is preferred over 'standard including fees'.
      priceMin: 45.5,
      priceMax: 250,
      currency: 'USD',
      info: 'All ages. Doors open one hour before the show.',
      pleaseNote: 'No professional cameras or recording devices.',
      popularity: popularityFromUpcoming(38),
    });
    expect(concert.event.priceRanges).toHaveLength(2);
    expect(concert.event.images?.map((i) => `${i.ratio}:${i.width}`)).toEqual([
      '16_9:640',
      '16_9:2048',
      '3_2:305',
      '4_3:305',
    ]);
    expect(concert.venue).toMatchObject({
      name: 'Union Park Theatre',
      city: 'Chicago',
      stateCode: 'IL',
      stateName: 'Illinois',
      countryCode: 'US',
      countryName: 'United States Of America',
      postalCode: '60612',
      address: '1516 W Lake St',
      latitude: 41.8807,
      longitude: -87.6742,
    });
    expect(concert.attractions.map((a) => [a.name, a.genreId])).toEqual([
      ['The Midnight Parade', 'KnvZfZ7vAeA'],
      ['Harbor Lights', 'KnvZfZ7vAvF'],
    ]);
    expect(concert.classifications).toEqual(
      expect.arrayContaining([
        { id: 'KZFzniwnSyZfZ7v7nJ', level: 'segment', name: 'Music', parentId: null },
        { id: 'KnvZfZ7vAeA', level: 'genre', name: 'Rock', parentId: 'KZFzniwnSyZfZ7v7nJ' },
        { id: 'KZazBEonSMnZfZ7v6F1', level: 'subGenre', name: 'Pop', parentId: 'KnvZfZ7vAeA' },
        { id: 'KnvZfZ7vAvF', level: 'genre', name: 'Dance/Electronic', parentId: 'KZFzniwnSyZfZ7v7nJ' },
      ]),
    );
  });

  it("normalises 'canceled' to SPEC's 'cancelled' and keeps 'rescheduled'", () => {
    expect(byId(page.items, 'Z7r9jZ1A7u8Fb').event.statusCode).toBe('cancelled');
    expect(byId(page.items, 'G5vYZ9pVxW3kA').event.statusCode).toBe('rescheduled');
    expect(byId(page.items, 'Z7r9jZ1A7u8Fb').venue?.address).toBe('1901 W Madison St, Gate 3');
  });
});

describe('parseEventsPage on awkward payloads', () => {
  const page = parseEventsPage(fixture('awkward-events.json'));

  it('keeps every storable event and skips the rest with a reason', () => {
    expect(page.items.map((i) => i.event.id)).toEqual([
      'vvG1HZ9b1pQ3nR',
      'Z7r9jZ1AdqkQ7',
      '1AvfZkLGkd7rF0b',
      'G5eVZ9fA1kLmP',
      'vvG17Z9kP0x5Tt',
      'Z7r9jZ1AdJ9uA',
      'G5vzZ9Ew0aK2z',
      'vvG1HZ9b1pQ3nR',
    ]);
    expect(page.skips).toEqual([
      { kind: 'venue', id: 'KovZpZAkv1nA', reason: 'venue name is missing' },
      { kind: 'attraction', id: undefined, reason: 'attraction id is missing' },
      { kind: 'event', id: undefined, reason: 'not an object' },
      { kind: 'event', id: undefined, reason: 'not an object' },
      { kind: 'event', id: undefined, reason: 'id is missing' },
      { kind: 'event', id: 'vvG1bZ9NumbRnm', reason: 'name is not text' },
      { kind: 'event', id: 'vvG1bZ9BlankNm', reason: 'name is empty' },
      { kind: 'event', id: 'vvG1TZ9TestEvt', reason: 'test event' },
    ]);
  });

  it('stores an event without prices, images, venue location or attraction classifications', () => {
    const jazz = byId(page.items, 'vvG1HZ9b1pQ3nR');
    expect(jazz.event).toMatchObject({
      statusCode: 'cancelled',
      priceRanges: [],
      priceMin: null,
      priceMax: null,
      currency: null,
      images: [],
      latitude: null,
      longitude: null,
      countryCode: 'US',
    });
    expect(jazz.venue).toMatchObject({ id: 'KovZ917AxQ0', latitude: null, longitude: null, city: 'Chicago' });
    // Open-ended upcomingEvents without _total: the per-source counts are summed.
    expect(jazz.attractions).toEqual([
      expect.objectContaining({
        id: 'K8vZ9178rA7',
        segmentId: null,
        genreId: null,
        subGenreId: null,
        popularity: popularityFromUpcoming(9),
      }),
    ]);
  });

  it('leaves localTime empty when the time is TBA and keeps the announced instant', () => {
    const festival = byId(page.items, 'Z7r9jZ1AdqkQ7');
    expect(festival.event).toMatchObject({
      localDate: '2026-06-19',
      localTime: null,
      startsAt: new Date('2026-06-19T05:00:00Z'),
      // A range with neither min nor max gives no price.
      priceRanges: [{ type: 'standard', currency: 'USD' }],
      priceMin: null,
      priceMax: null,
    });
    // Only well-formed images of SPEC's ratios survive.
    expect(festival.event.images).toHaveLength(1);
    // 0,0 is Discovery's "unknown location".
    expect(festival.venue).toMatchObject({ latitude: null, longitude: null });
    expect(festival.attractions).toEqual([]);
  });

  it('computes the start from the venue timezone when there is no dateTime (noSpecificTime)', () => {
    const museum = byId(page.items, '1AvfZkLGkd7rF0b');
    expect(museum.event).toMatchObject({
      localDate: '2026-07-10',
      localTime: null,
      timezone: 'Europe/London',
      // Local midnight in summer time (UTC+1).
      startsAt: new Date('2026-07-09T23:00:00Z'),
      statusCode: 'offsale',
      countryCode: 'GB',
      priceMin: 35,
      priceMax: 35,
      currency: 'GBP',
      // Discovery's "Undefined" genre is no genre.
      segmentId: 'KZFzniwnSyZfZ7v7n1',
      genreId: null,
      subGenreId: null,
    });
    expect(museum.classifications).toEqual([
      { id: 'KZFzniwnSyZfZ7v7n1', level: 'segment', name: 'Miscellaneous', parentId: null },
    ]);
  });

  it('has no date at all when the date is TBA, and falls back to fee-inclusive prices', () => {
    const tour = byId(page.items, 'G5eVZ9fA1kLmP');
    expect(tour.event).toMatchObject({
      localDate: null,
      localTime: null,
      startsAt: null,
      statusCode: 'postponed',
      priceMin: 95.25,
      priceMax: 410.8,
      searchText: 'lucia fernandez gira 2026',
    });
  });

  it('stores an event without _embedded and without any timezone', () => {
    const openMic = byId(page.items, 'vvG17Z9kP0x5Tt');
    expect(openMic).toMatchObject({ venue: null, attractions: [] });
    expect(openMic.event).toMatchObject({
      venueId: null,
      latitude: null,
      countryCode: null,
      localDate: '2026-05-22',
      localTime: '21:00:00',
      startsAt: new Date('2026-05-22T21:00:00Z'),
      images: [],
    });
  });

  it('drops a nameless venue and an id-less attraction but keeps the event and the rest of its line-up', () => {
    const hoedown = byId(page.items, 'Z7r9jZ1AdJ9uA');
    expect(hoedown.event).toMatchObject({
      statusCode: 'rescheduled',
      venueId: null,
      segmentId: null,
      // Standard ranges only: min over 32.50 (sent as text) and 28, max 70.
      priceMin: 28,
      priceMax: 70,
    });
    expect(hoedown.venue).toBeNull();
    expect(hoedown.attractions.map((a) => [a.name, a.popularity])).toEqual([['Prairie Fiddlers', 0]]);
  });

  it('ignores an unknown event timezone in favour of the venue one, and reads a missing status as on sale', () => {
    const pops = byId(page.items, 'G5vzZ9Ew0aK2z');
    expect(pops.event).toMatchObject({
      timezone: 'America/Chicago',
      startsAt: new Date('2026-08-09T01:00:00Z'),
      statusCode: 'onsale',
      countryCode: 'US',
      latitude: null,
      longitude: null,
    });
  });
});

describe('parseEventsPage on page-level shapes', () => {
  it('reads an empty result, which has no _embedded', () => {
    expect(parseEventsPage(fixture('empty-page.json'))).toEqual({
      items: [],
      skips: [],
      page: { size: 200, totalElements: 0, totalPages: 0, number: 0 },
    });
  });

  it('refuses a body that is not an events page', () => {
    expect(() => parseEventsPage(fixture('error-401.json'))).not.toThrow();
    expect(() => parseEventsPage([])).toThrow(MalformedPageError);
    expect(() => parseEventsPage('<html>')).toThrow(MalformedPageError);
    expect(() => parseEventsPage({ _embedded: { events: {} } })).toThrow('`_embedded.events` is not a list');
    expect(() => parseEventsPage({ _embedded: { events: [{ id: 'a', name: 'b' }] } })).toThrow('no `page`');
  });
});

describe('parts', () => {
  it('normalises status codes', () => {
    expect(normaliseStatus('canceled')).toBe('cancelled');
    expect(normaliseStatus('CANCELLED')).toBe('cancelled');
    expect(normaliseStatus('rescheduled')).toBe('rescheduled');
    expect(normaliseStatus('presale')).toBe('presale');
    expect(normaliseStatus(undefined)).toBe('onsale');
  });

  it('reads open-ended upcomingEvents', () => {
    expect(upcomingTotal({ _total: 38, tmr: 5, ticketmaster: 33, _filtered: 0 })).toBe(38);
    expect(upcomingTotal({ universe: 2, frontgate: 1, somethingNew: 4, _filtered: 3 })).toBe(7);
    expect(upcomingTotal({ _total: 'many' as unknown as number, ticketmaster: 2 })).toBe(2);
    expect(upcomingTotal(undefined)).toBe(0);
  });

  it('maps upcoming counts to a 0–100 popularity', () => {
    expect(popularityFromUpcoming(0)).toBe(0);
    expect(popularityFromUpcoming(500)).toBe(100);
    expect(popularityFromUpcoming(5000)).toBe(100);
    expect(popularityFromUpcoming(38)).toBeGreaterThan(popularityFromUpcoming(9));
  });

  it('converts venue wall-clock times across DST changes', () => {
    // 2026-03-08 02:30 does not exist in Chicago; 01:30 is still CST (UTC-6).
    expect(new Date(zonedToUtc('2026-03-08', '01:30:00', 'America/Chicago')).toISOString()).toBe(
      '2026-03-08T07:30:00.000Z',
    );
    expect(new Date(zonedToUtc('2026-03-08', '12:00:00', 'America/Chicago')).toISOString()).toBe(
      '2026-03-08T17:00:00.000Z',
    );
    expect(new Date(zonedToUtc('2026-11-01', '12:00:00', 'Australia/Sydney')).toISOString()).toBe(
      '2026-11-01T01:00:00.000Z',
    );
  });
});
