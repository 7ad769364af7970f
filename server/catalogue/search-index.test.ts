import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { EventsQuery, SearchQuery } from '../../contracts/catalogue.ts';
import { SEGMENT_IDS } from '../../contracts/enums.ts';
import type { Database } from '../db/client.ts';
import { createTestDatabase } from '../testing/test-db.ts';
import { notifyCatalogueChanged } from './changes.ts';
import { refreshUpcomingCounts } from './counts.ts';
import { listEvents } from './events.ts';
import { searchCatalogue } from './search.ts';
import { searchIndexFor, withinTwoEdits } from './search-index.ts';
import { daysFromNow, GENRES, insertAttraction, insertEvent, SUB_GENRES } from './testing/fixtures.ts';
import { seedWorld, type World } from './testing/world.ts';

let database: Database;
let world: World;

beforeAll(async () => {
  database = await createTestDatabase();
  world = await seedWorld(database.db);
});
afterAll(async () => {
  await database.close();
});

const iso = (date: Date) => date.toISOString().replace('.000Z', 'Z');

describe('the in-memory search snapshot (ADR 0010)', () => {
  // Search filters events in memory; lists filter them in SQL (queries.ts eventConditions).
  // Both must keep exactly the same events for every filter of SPEC §3.
  const filters: Array<[string, Omit<SearchQuery, 'size'>]> = [
    ['no filter (upcoming, date TBA included)', {}],
    ['a radius around a point', { geoPoint: '40.7505:-73.9934', radius: 50 }],
    ['a radius in km from latlong', { latlong: '34.05,-118.25', radius: 20, unit: 'km' }],
    ['a date window', { startDateTime: iso(daysFromNow(12)), endDateTime: iso(daysFromNow(45)) }],
    ['a start only', { startDateTime: iso(daysFromNow(30)) }],
    ['a country', { countryCode: 'GB' }],
    ['cities, any case', { city: ['brooklyn', 'Los Angeles'] }],
    ['a state', { stateCode: 'pa' }],
    ['a postal code', { postalCode: '19148' }],
    ['venues', { venueId: ['V-msg', 'V-la'] }],
    ['an attraction anywhere on the bill', { attractionId: ['A-celtics', 'A-taylor'] }],
    ['a segment', { segmentId: [SEGMENT_IDS[1]] }],
    ['a genre by name', { genres: ['pop'] }],
    ['a sub-genre by id', { genreId: [SUB_GENRES.nba.id] }],
    ['genres by id and name', { genres: [GENRES.theatre.id, 'Rock'] }],
    ['a source', { source: ['ticketmaster'] }],
    ['price bands for a category', { priceRanges: ['0-100', '400-'], ticketCategory: 'front_row' }],
    ['a price band, cheapest', { priceRanges: ['50-150'] }],
  ];

  it.each(filters)('keeps the events the SQL lists keep: %s', async (_name, query) => {
    const now = new Date();
    const index = await searchIndexFor(database.db);
    const list = await listEvents(database.db, { ...(query as EventsQuery), size: 200 }, { now });
    const listed = list._embedded.events.map((e) => e.id).sort();
    expect(listed.length).toBeGreaterThan(0); // every case keeps some events and drops others
    expect(listed.length).toBeLessThan(index.eventCount);
    expect(index.filteredIds(query, now).sort()).toEqual(listed);
  });

  it('answers an event ingested in this process at once', async () => {
    const guest = await insertAttraction(database.db, { id: 'A-zephyr', name: 'Zephyr Quartet', popularity: 5 });
    await insertEvent(database.db, {
      id: 'E-zephyr',
      name: 'Zephyr Quartet Live',
      venue: world.venues.barclays,
      attractionIds: [guest.id],
      startsAt: daysFromNow(9),
    });
    await refreshUpcomingCounts(database.db);
    notifyCatalogueChanged(); // as every writer does once its rows are committed
    const result = await searchCatalogue(database.db, { keyword: 'zeph' });
    expect(result._embedded.attractions.map((a) => a.name)).toEqual(['Zephyr Quartet']);
    expect(result._embedded.events.map((e) => e.id)).toEqual(['E-zephyr']);
    expect(result._embedded.events[0]?._embedded.attractions.map((a) => a.name)).toEqual(['Zephyr Quartet']);
  });

  it('shows a price written by another writer once it has looked again', async () => {
    const before = await searchCatalogue(database.db, { keyword: 'hamilton' });
    expect(before._embedded.events[0]?.ticketPrice?.amount).toBe(120);
    // As tracking's market or a sync in another process writes: no in-process signal.
    await database.db.execute(
      sql`update events set price_min = 95, price_max = 95, updated_at = now() where id = 'E-hamilton'`,
    );
    // The snapshot looks again once its check interval (2 s) has passed: on a fake clock, at once.
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(Date.now() + 2_001);
      // The first search starts the look in the background; the answer follows when it is done.
      await vi.waitFor(async () => {
        const after = await searchCatalogue(database.db, { keyword: 'hamilton' });
        expect(after._embedded.events[0]?.ticketPrice?.amount).toBe(95);
      });
    } finally {
      vi.useRealTimers();
    }
  });

  it('embeds the whole line-up, headliner first, as the lists do', async () => {
    const now = new Date();
    const searched = await searchCatalogue(database.db, { keyword: 'lakers' }, { now });
    const listed = await listEvents(database.db, { attractionId: ['A-lakers'] }, { now });
    const lakers = searched._embedded.events.find((e) => e.id === 'E-lakers');
    expect(lakers).toEqual(listed._embedded.events.find((e) => e.id === 'E-lakers'));
    expect(lakers?._embedded.attractions.map((a) => a.name)).toEqual(['Los Angeles Lakers', 'Boston Celtics']);
  });
});

describe('withinTwoEdits', () => {
  it('counts insertions, deletions, substitutions and swapped neighbours, up to two', () => {
    expect(withinTwoEdits('emet', 'emmett')).toBe(true);
    expect(withinTwoEdits('caloway', 'calloway')).toBe(true);
    expect(withinTwoEdits('hamlitno', 'hamilton')).toBe(true);
    expect(withinTwoEdits('seltiks', 'celtics')).toBe(true);
    expect(withinTwoEdits('emet', 'emmettt')).toBe(false);
    expect(withinTwoEdits('zzqxw', 'celtics')).toBe(false);
  });
});
