import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SearchQuery } from '#contracts/catalogue';
import { SEGMENT_IDS } from '#contracts/enums';
import type { Database } from '../db/client.ts';
import { createTestDatabase } from '../testing/test-db.ts';
import { conditionsOf, eventFilters, type FilterParams } from './event-filters.ts';
import { listEvents } from './events.ts';
import { rows, whereOf } from './queries.ts';
import { type SearchIndex, searchIndexFor } from './search/index.ts';
import { daysFromNow, GENRES, SUB_GENRES } from './testing/fixtures.ts';
import { seedWorld } from './testing/world.ts';

let database: Database;
let index: SearchIndex;

beforeAll(async () => {
  database = await createTestDatabase();
  await seedWorld(database.db);
  index = await searchIndexFor(database.db);
});
afterAll(async () => {
  await database.close();
});

const iso = (date: Date) => date.toISOString().replace('.000Z', 'Z');

/** The ids the filters' SQL side keeps, as the lists' statements apply it. */
async function keptBySql(query: FilterParams, now: Date): Promise<string[]> {
  const found = await rows<{ id: string }>(
    database.db,
    sql`select e.id from events e ${whereOf(conditionsOf(eventFilters(query, now)))}`,
  );
  return found.map((r) => r.id).sort();
}

const keptInMemory = (query: FilterParams, now: Date) => index.filteredIds(eventFilters(query, now)).sort();

describe('event filters: one definition, the SQL lists and the search snapshot keep the same events', () => {
  // Every filter of SPEC §3 on its own, then together.
  const cases: Array<[string, Omit<SearchQuery, 'size'>]> = [
    ['no filter (upcoming, date TBA included)', {}],
    ['a radius around a point', { geoPoint: '40.7505:-73.9934', radius: 50 }],
    ['a radius in km from latlong', { latlong: '34.05,-118.25', radius: 20, unit: 'km' }],
    ['a date window', { startDateTime: iso(daysFromNow(12)), endDateTime: iso(daysFromNow(45)) }],
    ['a start only', { startDateTime: iso(daysFromNow(30)) }],
    ['an end only', { endDateTime: iso(daysFromNow(30)) }],
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
    [
      'a radius, a window and a segment',
      { geoPoint: '40.7505:-73.9934', radius: 100, endDateTime: iso(daysFromNow(60)), segmentId: [SEGMENT_IDS[0]] },
    ],
    ['a city, a source and a price band', { city: ['Brooklyn'], source: ['ticketmaster'], priceRanges: ['-300'] }],
  ];

  it.each(cases)('%s', async (_name, query) => {
    const now = new Date();
    const bySql = await keptBySql(query, now);
    expect(bySql.length).toBeGreaterThan(0); // every case keeps some events and drops others
    expect(bySql.length).toBeLessThan(index.eventCount);
    expect(keptInMemory(query, now)).toEqual(bySql);
  });

  it('keeps what GET /events lists, which reads the same filters', async () => {
    const now = new Date();
    const query = { geoPoint: '40.7505:-73.9934', radius: 100, segmentId: [SEGMENT_IDS[0]] };
    const listed = await listEvents(database.db, { ...query, size: 200 }, { now });
    expect(listed._embedded.events.map((e) => e.id).sort()).toEqual(await keptBySql(query, now));
  });

  it('keeps nothing for values the catalogue does not hold, on both sides', async () => {
    const now = new Date();
    const query = { venueId: ['V-nowhere'], genres: ['polka'] };
    expect(await keptBySql(query, now)).toEqual([]);
    expect(keptInMemory(query, now)).toEqual([]);
  });
});
