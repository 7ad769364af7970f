import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EventsQuerySchema, SearchQuerySchema } from '#contracts/catalogue';
import { buildApi } from '../app.ts';
import type { Database } from '../db/client.ts';
import { testServices } from '../testing/services.ts';
import { createTestDatabase } from '../testing/test-db.ts';
import { insertEvent, insertVenue } from './testing/fixtures.ts';

let database: Database;
let app: FastifyInstance;

beforeAll(async () => {
  database = await createTestDatabase();
  const venue = await insertVenue(database.db, { name: 'Hall' });
  await insertEvent(database.db, { id: 'E-1', name: 'Concert', venue });
  app = await buildApi(testServices(database));
});
afterAll(async () => {
  await app.close();
  await database.close();
});

/** [query string, the field the error must name] for GET /api/events. */
const badEventQueries: [string, string][] = [
  ['radius=abc', 'radius'],
  ['radius=-5', 'radius'],
  ['radius=0', 'radius'],
  ['radius=1e3', 'radius'],
  ['radius=20000', 'radius'],
  ['radius=10&radius=20', 'radius'],
  ['unit=furlongs', 'unit'],
  ['unit=MILES', 'unit'],
  ['countryCode=XX', 'countryCode'],
  ['countryCode=us', 'countryCode'],
  ['segmentId=music', 'segmentId'],
  ['segmentId=KZFzniwnSyZfZ7v7nJ&segmentId=nope', 'segmentId'],
  ['source=eventbrite', 'source'],
  ['source=demo', 'source'],
  ['sort=price,asc', 'sort'],
  ['sort=distance,asc', 'sort'],
  ['size=0', 'size'],
  ['size=201', 'size'],
  ['size=1.5', 'size'],
  ['size=ten', 'size'],
  ['page=-1', 'page'],
  ['page=abc', 'page'],
  ['page=50', 'page'],
  ['page=5&size=200', 'page'],
  ['startDateTime=2030-13-01T00:00:00Z', 'startDateTime'],
  ['startDateTime=2030-02-30T00:00:00Z', 'startDateTime'],
  ['startDateTime=2030-01-01', 'startDateTime'],
  ['startDateTime=2030-01-01T00:00:00.000Z', 'startDateTime'],
  ['startDateTime=2030-01-01T00:00:00%2B01:00', 'startDateTime'],
  ['endDateTime=tomorrow', 'endDateTime'],
  ['startDateTime=2030-02-01T00:00:00Z&endDateTime=2030-01-01T00:00:00Z', 'endDateTime'],
  ['geoPoint=abc', 'geoPoint'],
  ['geoPoint=91:0', 'geoPoint'],
  ['geoPoint=0:181', 'geoPoint'],
  ['geoPoint=40.7,-74.0', 'geoPoint'],
  ['latlong=40.7;-74.0', 'latlong'],
  ['latlong=-91,0', 'latlong'],
  ['latitude=40.7', 'longitude'],
  ['longitude=-74', 'latitude'],
  ['latitude=100&longitude=0', 'latitude'],
  ['ticketCategory=vip', 'ticketCategory'],
  ['priceRanges=cheap', 'priceRanges'],
  ['priceRanges=100-50', 'priceRanges'],
  ['priceRanges=0-50&priceRanges=-', 'priceRanges'],
  [`keyword=${'x'.repeat(201)}`, 'keyword'],
  ['locale=english!', 'locale'],
  [`city=${'x'.repeat(101)}`, 'city'],
  [`attractionId=${'x'.repeat(101)}`, 'attractionId'],
  [`genres=${Array.from({ length: 51 }, (_, i) => `g${i}`).join('&genres=')}`, 'genres'],
];

describe('GET /api/events refuses malformed input with a 400 naming the field', () => {
  it.each(badEventQueries)('%s → %s', async (query, field) => {
    const response = await app.inject(`/api/events?${query}`);
    expect(response.statusCode).toBe(400);
    const { error } = response.json();
    expect(error.code).toBe('invalid_query');
    expect(error.field).toBe(field);
    expect(error.message).toMatch(new RegExp(`^${field}\\b`));
    expect(error.message.length).toBeGreaterThan(field.length + 10);
  });
});

describe('GET /api/events/search refuses the same input', () => {
  it.each(
    // Search has no page or sort.
    badEventQueries.filter(([query]) => !query.startsWith('page=') && !query.startsWith('sort=')),
  )('%s → %s', async (query, field) => {
    const response = await app.inject(`/api/events/search?${query}`);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.field).toBe(field);
  });
});

describe('detail routes', () => {
  it('refuse a malformed ticket category with 400', async () => {
    const category = await app.inject('/api/events/E-1?ticketCategory=vip');
    expect(category.statusCode).toBe(400);
    expect(category.json().error.field).toBe('ticketCategory');
  });

  it('refuse an over-long id with 400 naming the field', async () => {
    expect((await app.inject(`/api/events/${'x'.repeat(100)}`)).statusCode).toBe(404);
    for (const path of ['/api/events/', '/api/events/attraction/', '/api/events/venue/']) {
      const response = await app.inject(`${path}${'x'.repeat(101)}/`.replace(/\/$/, ''));
      expect(response.statusCode, path).toBe(400);
      expect(response.json().error).toMatchObject({ code: 'invalid_path', field: 'id' });
    }
    const images = await app.inject(`/api/events/${'x'.repeat(1500)}/images`);
    expect(images.statusCode).toBe(400);
    expect(images.json().error.field).toBe('id');
  });

  it('refuse control characters in an id with 400', async () => {
    const response = await app.inject('/api/events/a%00b');
    expect(response.statusCode).toBe(400);
    expect(response.json().error.field).toBe('id');
  });

  it.each([
    '/api/events/unknown',
    '/api/events/unknown/images',
    '/api/events/attraction/unknown',
    '/api/events/venue/unknown',
    "/api/events/'%20or%201=1--",
  ])('%s → 404', async (url) => {
    const response = await app.inject(url);
    expect(response.statusCode).toBe(404);
    expect(response.json().error.code).toBe('not_found');
  });
});

describe('no input makes the catalogue answer 500', () => {
  const strange = [
    '',
    ' ',
    '%00',
    '%F0%9F%99%82',
    'null',
    '[]',
    '{}',
    '-',
    ':',
    ',',
    '1e309',
    'NaN',
    'Infinity',
    '-0',
    "'%20OR%201=1%20--",
    '%25',
    '_',
    '\\',
    'a'.repeat(300),
  ];
  const params = Object.keys(EventsQuerySchema.shape);
  /** A lone coordinate is refused on the one that is missing. */
  const partner: Record<string, string> = { latitude: 'longitude', longitude: 'latitude' };

  it('for any value of any /api/events parameter', async () => {
    const failures: string[] = [];
    for (const param of params) {
      for (const value of strange) {
        const url = `/api/events?${param}=${value}`;
        const response = await app.inject(url);
        if (response.statusCode >= 500) failures.push(`${url} → ${response.statusCode}`);
        else if (response.statusCode === 400)
          expect([param, partner[param]], url).toContain(response.json().error.field);
        else expect(response.statusCode, url).toBe(200);
      }
    }
    expect(failures).toEqual([]);
  });

  it('for any value of any /api/events/search parameter', async () => {
    const failures: string[] = [];
    for (const param of Object.keys(SearchQuerySchema.shape)) {
      for (const value of strange) {
        const response = await app.inject(`/api/events/search?${param}=${value}`);
        if (response.statusCode >= 500) failures.push(`${param}=${value} → ${response.statusCode}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('for keywords made of search syntax', async () => {
    for (const keyword of ['a & b', '!', '|', 'foo:*', "o'neil", '(', 'a <-> b', '\\', '%', '_x_', '🙂', '한국']) {
      const response = await app.inject(`/api/events/search?keyword=${encodeURIComponent(keyword)}`);
      expect(response.statusCode, keyword).toBe(200);
      const list = await app.inject(`/api/events?keyword=${encodeURIComponent(keyword)}`);
      expect(list.statusCode, keyword).toBe(200);
    }
  });
});
