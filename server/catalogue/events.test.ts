import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventsQuery } from '#contracts/catalogue';
import type { Database } from '../db/client.ts';
import { createTestDatabase } from '../testing/test-db.ts';
import { conditionsOf, eventFilters } from './event-filters.ts';
import { getAttraction, getEventAndHeadlinerDates, listEvents, listEventsOnly, type ReadOptions } from './events.ts';
import { eventKeywordCondition, relevance, rows, textQuery, whereOf } from './queries.ts';
import { daysFromNow, insertAttraction, insertEvent, insertVenue } from './testing/fixtures.ts';

/**
 * The three shapes listEvents reads a page in (an artist's events, a keyword by relevance,
 * anything else) answer the same pages and totals as counting every match would.
 */
let database: Database;
let artistId: string;
const ARTIST_UPCOMING = 28;

beforeAll(async () => {
  database = await createTestDatabase();
  const { db } = database;
  const near = await insertVenue(db, { name: 'Harbour Hall', latitude: 40.7, longitude: -74.0 });
  const far = await insertVenue(db, { name: 'Desert Dome', city: 'Phoenix', latitude: 33.45, longitude: -112.07 });
  const artist = await insertAttraction(db, { name: 'The Tidewalkers' });
  artistId = artist.id;
  // An artist's tour: 25 dated shows, 2 dates to be announced, 3 already past.
  for (let i = 0; i < 25; i++) {
    await insertEvent(db, {
      id: `T${String(i).padStart(2, '0')}`,
      name: `Tidewalkers ${String.fromCharCode(65 + ((i * 7) % 25))} night`,
      venue: i % 2 ? near : far,
      attractionIds: [artist.id],
      startsAt: daysFromNow(2 + i * 3),
      popularity: (i * 31) % 100,
    });
  }
  for (const id of ['TBA1', 'TBA0']) {
    await insertEvent(db, { id, name: 'Tidewalkers extra date', attractionIds: [artist.id], startsAt: null });
  }
  // Named otherwise: found through its line-up.
  await insertEvent(db, {
    id: 'SEA',
    name: 'Sea shanty evening',
    attractionIds: [artist.id],
    startsAt: daysFromNow(4),
  });
  for (let i = 0; i < 3; i++) {
    await insertEvent(db, {
      id: `OLD${i}`,
      name: 'Tidewalkers past',
      attractionIds: [artist.id],
      startsAt: daysFromNow(-5 - i),
    });
  }
  // A keyword matching more events than a way of matching keeps as candidates.
  for (let i = 0; i < 130; i++) {
    await insertEvent(db, { id: `G${i}`, name: `Gamma Night ${i}`, popularity: (i * 17) % 100, venue: near });
  }
});
afterAll(async () => {
  await database?.close();
});

const all = async (query: EventsQuery, size: number, options: ReadOptions = {}) => {
  const ids: string[] = [];
  let total = -1;
  for (let page = 0; ; page++) {
    const answer = await listEvents(database.db, { ...query, page, size }, options);
    total = answer.page.totalElements;
    ids.push(...answer._embedded.events.map((e) => e.id));
    if (answer._embedded.events.length < size) break;
  }
  return { ids, total };
};

describe("an artist's events", () => {
  it('lists every upcoming date soonest first, dates to be announced last, with the total on every page', async () => {
    const { ids, total } = await all({ attractionId: [artistId], sort: 'date,asc' }, 10);
    expect(total).toBe(ARTIST_UPCOMING);
    const tour = Array.from({ length: 25 }, (_, i) => `T${String(i).padStart(2, '0')}`);
    expect(ids).toEqual([...tour.slice(0, 1), 'SEA', ...tour.slice(1), 'TBA0', 'TBA1']);
    const past = await listEvents(database.db, { attractionId: [artistId], sort: 'date,asc', page: 9, size: 10 });
    expect(past._embedded.events).toEqual([]);
    expect(past.page.totalElements).toBe(ARTIST_UPCOMING);
  });

  it('sorts by name or by distance, and narrows to a place and a window', async () => {
    const byName = await listEvents(database.db, { attractionId: [artistId], sort: 'name,asc', size: 50 });
    const names = byName._embedded.events.map((e) => e.name.toLowerCase());
    expect(names).toEqual([...names].sort());
    const nearby = await listEvents(database.db, {
      attractionId: [artistId],
      sort: 'distance,asc',
      latitude: 40.75,
      longitude: -73.99,
      radius: 50,
      unit: 'miles',
      size: 50,
    });
    expect(nearby.page.totalElements).toBe(12);
    expect(nearby._embedded.events.map((e) => e.distance)).toEqual(
      [...nearby._embedded.events.map((e) => e.distance)].sort((a, b) => a! - b!),
    );
    expect(nearby._embedded.events.every((e) => e._embedded.venues[0]?.name === 'Harbour Hall')).toBe(true);
    const window = await listEvents(database.db, {
      attractionId: [artistId],
      sort: 'date,asc',
      startDateTime: daysFromNow(0)
        .toISOString()
        .replace(/\.\d{3}Z$/, 'Z'),
      endDateTime: daysFromNow(10)
        .toISOString()
        .replace(/\.\d{3}Z$/, 'Z'),
    });
    expect(window._embedded.events.map((e) => e.id)).toEqual(['T00', 'SEA', 'T01', 'T02']);
    expect(window.page.totalElements).toBe(4);
  });

  it('reads the same pages and totals from the search snapshot as pages do (PAGE_READS)', async () => {
    const iso = (days: number) =>
      daysFromNow(days)
        .toISOString()
        .replace(/\.\d{3}Z$/, 'Z');
    const queries: EventsQuery[] = [
      { sort: 'date,asc', size: 20 },
      { sort: 'date,asc', size: 10, page: 2 },
      { sort: 'date,desc', size: 10 },
      { sort: 'name,asc', size: 10, page: 1 },
      { sort: 'date,asc', startDateTime: iso(0), endDateTime: iso(10) },
      { sort: 'date,asc', latitude: 40.75, longitude: -73.99, radius: 50, unit: 'miles' },
      { sort: 'date,asc', city: ['Phoenix'], countryCode: 'US' },
      { sort: 'date,asc', page: 9, size: 10 },
    ];
    for (const query of queries) {
      const asked = { ...query, attractionId: [artistId] };
      const fromDatabase = await listEvents(database.db, asked);
      const fromSnapshot = await listEvents(database.db, asked, { fromSnapshot: true });
      expect(
        fromSnapshot._embedded.events.map((e) => e.id),
        JSON.stringify(query),
      ).toEqual(fromDatabase._embedded.events.map((e) => e.id));
      expect(fromSnapshot.page, JSON.stringify(query)).toEqual(fromDatabase.page);
      // The events themselves, read and then from the snapshot's copies (ADR 0044).
      expect(fromSnapshot._embedded.events, JSON.stringify(query)).toEqual(fromDatabase._embedded.events);
      const again = await listEvents(database.db, asked, { fromSnapshot: true });
      expect(again._embedded.events, JSON.stringify(query)).toEqual(fromDatabase._embedded.events);
    }
    // An artist the snapshot has not heard of yet is asked of the database.
    const unknown = await listEvents(
      database.db,
      { attractionId: ['K-not-yet'], sort: 'date,asc' },
      { fromSnapshot: true },
    );
    expect(unknown.page.totalElements).toBe(0);
  });

  it("reads an event page's event and its headliner's dates alike from the snapshot and the database", async () => {
    for (const id of ['T03', 'SEA', 'TBA0', 'OLD1', 'G7', 'missing']) {
      const dates: EventsQuery = { sort: 'date,asc', size: 7, ticketCategory: 'front_row' };
      const fromDatabase = await getEventAndHeadlinerDates(database.db, id, dates);
      const fromSnapshot = await getEventAndHeadlinerDates(database.db, id, dates, { fromSnapshot: true });
      expect(fromSnapshot.event?.id, id).toBe(fromDatabase.event?.id);
      expect(fromSnapshot.event?.ticketPrice, id).toEqual(fromDatabase.event?.ticketPrice);
      expect(
        fromSnapshot.headlinerDates?.map((e) => e.id),
        id,
      ).toEqual(fromDatabase.headlinerDates?.map((e) => e.id));
      expect(fromSnapshot, id).toEqual(fromDatabase);
      expect(await getEventAndHeadlinerDates(database.db, id, dates, { fromSnapshot: true }), id).toEqual(fromDatabase);
    }
    const tour = await getEventAndHeadlinerDates(
      database.db,
      'T03',
      { sort: 'date,asc', size: 3 },
      { fromSnapshot: true },
    );
    expect(tour.headlinerDates?.map((e) => e.id)).toEqual(['T00', 'SEA', 'T01']);
    expect(
      (await getEventAndHeadlinerDates(database.db, 'G7', {}, { fromSnapshot: true })).headlinerDates,
    ).toBeUndefined();
  });

  it("reads an artist page's artist and upcoming counts alike from the snapshot and the database", async () => {
    for (const now of [new Date(), daysFromNow(30), daysFromNow(-10)]) {
      const fromDatabase = await getAttraction(database.db, artistId, { now });
      const fromSnapshot = await getAttraction(database.db, artistId, { now, fromSnapshot: true });
      expect(fromSnapshot, now.toISOString()).toEqual(fromDatabase);
    }
    // 25 dated shows, 2 to be announced and the sea shanty evening; the 3 past ones are not counted.
    expect((await getAttraction(database.db, artistId, { fromSnapshot: true }))?.upcomingEvents._total).toBe(
      ARTIST_UPCOMING,
    );
    expect(await getAttraction(database.db, 'K-not-yet', { fromSnapshot: true })).toBeNull();
  });

  it('reads the same events without the count', async () => {
    const query: EventsQuery = { attractionId: [artistId], sort: 'date,asc', size: 7 };
    const listed = await listEvents(database.db, query);
    expect(await listEventsOnly(database.db, query)).toEqual(listed._embedded.events);
  });
});

describe('a keyword matching more events than the candidates of one page', () => {
  it('counts them all and pages through all of them once', async () => {
    const { ids, total } = await all({ keyword: 'gamma' }, 20);
    expect(total).toBe(130);
    expect(ids).toHaveLength(130);
    expect(new Set(ids).size).toBe(130);
    const past = await listEvents(database.db, { keyword: 'gamma', page: 40, size: 20 });
    expect(past._embedded.events).toEqual([]);
    expect(past.page.totalElements).toBe(130);
  });

  it('counts a keyword with few matches from its candidates', async () => {
    const answer = await listEvents(database.db, { keyword: 'tidewalkers extra', size: 1 });
    expect(answer.page.totalElements).toBe(2);
    expect(answer._links.next?.href).toContain('page=1');
  });

  it('a page of events without the count is the same page', async () => {
    const query: EventsQuery = { keyword: 'gamma night', size: 20, page: 2 };
    const listed = await listEvents(database.db, query);
    expect(await listEventsOnly(database.db, query)).toEqual(listed._embedded.events);
  });
});

describe('keyword lists by relevance', () => {
  /** Every match in one plain statement: the order ADR 0003 defines. */
  const reference = async (query: EventsQuery) => {
    const q = textQuery(query.keyword)!;
    const where = whereOf([...conditionsOf(eventFilters(query, new Date())), eventKeywordCondition(q)]);
    const found = await rows<{ id: string }>(
      database.db,
      sql`select e.id from events e ${where} order by ${relevance('e', q)} desc, e.starts_at asc nulls last, e.id`,
    );
    return found.map((row) => row.id);
  };

  it.each([
    ['an act, its tour and a show named otherwise', { keyword: 'tidewalkers' }],
    ['two words', { keyword: 'tidewalkers extra' }],
    ['a prefix', { keyword: 'tide' }],
    ['a venue, more than one page of candidates', { keyword: 'harbour' }],
    ['more matches than the snapshot answers the API', { keyword: 'gamma night' }],
    ['a keyword and a city', { keyword: 'tidewalkers', city: ['Phoenix'] }],
    [
      'a keyword and a window',
      {
        keyword: 'tidewalkers',
        startDateTime: daysFromNow(1)
          .toISOString()
          .replace(/\.\d{3}Z$/, 'Z'),
      },
    ],
    ['nothing', { keyword: 'zebra' }],
  ] as Array<[string, EventsQuery]>)('pages through exactly the matches: %s', async (_name, query) => {
    const expected = await reference(query);
    // As the API reads them, and as pages read them: every match from the search snapshot.
    for (const options of [{}, { fromSnapshot: true }]) {
      const { ids, total } = await all(query, 20, options);
      expect(ids).toEqual(expected);
      expect(total).toBe(expected.length);
    }
  });
});

describe('keyword lists in another order', () => {
  /** Every match in one plain statement, in the order the list's own statement gives. */
  const reference = async (query: EventsQuery, order: ReturnType<typeof sql>) => {
    const q = textQuery(query.keyword)!;
    const where = whereOf([...conditionsOf(eventFilters(query, new Date())), eventKeywordCondition(q)]);
    const found = await rows<{ id: string }>(database.db, sql`select e.id from events e ${where} order by ${order}`);
    return found.map((row) => row.id);
  };
  const byDate = sql`coalesce(e.starts_at, 'infinity'::timestamptz), e.id`;
  const byDateDesc = sql`e.starts_at desc nulls last, e.id`;
  const byName = sql`e.search_text, e.starts_at asc nulls last, e.id`;

  it.each([
    ['soonest first, dates to be announced last', { keyword: 'tidewalkers', sort: 'date,asc' }, byDate],
    ['latest first', { keyword: 'tidewalkers', sort: 'date,desc' }, byDateDesc],
    ['by name, then date', { keyword: 'tidewalkers', sort: 'name,asc' }, byName],
    ['a venue by name', { keyword: 'harbour', sort: 'name,asc' }, byName],
    ['more matches than the snapshot answers the API', { keyword: 'gamma', sort: 'date,asc' }, byDate],
    ['many matches by name', { keyword: 'gamma', sort: 'name,asc' }, byName],
    ['many matches, latest first', { keyword: 'night', sort: 'date,desc' }, byDateDesc],
  ] as Array<[string, EventsQuery, ReturnType<typeof sql>]>)(
    'pages through the matches: %s',
    async (_name, query, order) => {
      const expected = await reference(query, order);
      for (const options of [{}, { fromSnapshot: true }]) {
        const { ids, total } = await all(query, 20, options);
        expect(ids).toEqual(expected);
        expect(total).toBe(expected.length);
      }
    },
  );
});
