import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApi } from '../app.ts';
import type { Database } from '../db/client.ts';
import { testServices } from '../testing/services.ts';
import { createTestDatabase } from '../testing/test-db.ts';

let database: Database;
let app: FastifyInstance;

beforeAll(async () => {
  database = await createTestDatabase();
  app = await buildApi(testServices(database));
});
afterAll(async () => {
  await app.close();
  await database.close();
});

describe('GET /api/events/user-location', () => {
  it('answers the SPEC §3 location of a city', async () => {
    const response = await app.inject('/api/events/user-location?city=Chicago');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=86400');
    const body = response.json();
    expect(body).toMatchObject({
      city: 'Chicago',
      stateCode: 'IL',
      stateName: 'Illinois',
      countryCode: 'US',
      countryName: 'United States Of America',
    });
    expect(body.postalCode).toMatch(/^606\d\d$/);
    expect(body.geoPoint).toBe(`${body.latitude.toFixed(4)}:${body.longitude.toFixed(4)}`);
    expect(body.geoPoint).toMatch(/^-?\d+\.\d{4}:-?\d+\.\d{4}$/);
  });

  it('reads "City, ST" and non-US cities', async () => {
    const portland = await app.inject(`/api/events/user-location?city=${encodeURIComponent('Portland, ME')}`);
    expect(portland.json()).toMatchObject({ city: 'Portland', stateCode: 'ME', countryCode: 'US' });
    const london = await app.inject('/api/events/user-location?city=London');
    expect(london.json()).toMatchObject({ city: 'London', countryCode: 'GB', stateCode: null, postalCode: null });
  });

  it('answers 404 in JSON for an unknown city', async () => {
    const response = await app.inject('/api/events/user-location?city=Xyzzyville');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({
      error: { code: 'not_found', message: 'No city called "Xyzzyville" is known', field: 'city' },
    });
  });

  it('answers 400 when the city is missing, blank or too long', async () => {
    for (const query of ['', '?city=', '?city=%20%20']) {
      const response = await app.inject(`/api/events/user-location${query}`);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        error: { code: 'invalid_query', message: 'city: is required', field: 'city' },
      });
    }
    const long = await app.inject(`/api/events/user-location?city=${'a'.repeat(101)}`);
    expect(long.statusCode).toBe(400);
    expect(long.json().error).toMatchObject({ code: 'invalid_query', field: 'city' });
  });
});

describe('GET /api/events/user-location/reverse', () => {
  it('names the city at a point and keeps the point itself', async () => {
    const response = await app.inject('/api/events/user-location/reverse?latitude=41.8781&longitude=-87.6298');
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({
      city: 'Chicago',
      stateCode: 'IL',
      countryCode: 'US',
      latitude: 41.8781,
      longitude: -87.6298,
      geoPoint: '41.8781:-87.6298',
    });
    expect(body.postalCode).toMatch(/^606\d\d$/);
  });

  it('answers 404 when no known city is near', async () => {
    const response = await app.inject('/api/events/user-location/reverse?latitude=0&longitude=0');
    expect(response.statusCode).toBe(404);
    expect(response.json().error).toMatchObject({ code: 'not_found' });
  });

  it('answers 400 for missing, malformed or out-of-range coordinates', async () => {
    const cases: [string, string][] = [
      ['?longitude=2', 'latitude'],
      ['?latitude=abc&longitude=2', 'latitude'],
      ['?latitude=91&longitude=2', 'latitude'],
      ['?latitude=45&longitude=-181', 'longitude'],
      ['?latitude=45&longitude=1e2', 'longitude'],
    ];
    for (const [query, field] of cases) {
      const response = await app.inject(`/api/events/user-location/reverse${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().error, query).toMatchObject({ code: 'invalid_query', field });
    }
  });
});

describe('GET /api/events/places', () => {
  it('suggests cities starting with the typed text, largest first', async () => {
    const response = await app.inject('/api/events/places?q=chi');
    expect(response.statusCode).toBe(200);
    const { places } = response.json() as {
      places: Array<{ city: string; stateCode: string | null; geoPoint: string }>;
    };
    expect(places[0]).toMatchObject({ city: 'Chicago', stateCode: 'IL' });
    expect(places.length).toBeLessThanOrEqual(6);
    expect(places.every((p) => p.city.toLowerCase().startsWith('chi'))).toBe(true);
    const narrowed = (await app.inject(`/api/events/places?q=${encodeURIComponent('portland, me')}&size=3`)).json();
    expect(narrowed.places[0]).toMatchObject({ city: 'Portland', stateCode: 'ME' });
  });

  it('answers 400 naming the field for missing or bad input, and nothing for nonsense', async () => {
    const missing = await app.inject('/api/events/places');
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error).toMatchObject({ field: 'q' });
    const size = await app.inject('/api/events/places?q=chi&size=500');
    expect(size.statusCode).toBe(400);
    expect(size.json().error).toMatchObject({ field: 'size' });
    expect((await app.inject('/api/events/places?q=zzzzqqq')).json()).toEqual({ places: [] });
  });
});
