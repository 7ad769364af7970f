import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Event, EventImages, EventList } from '#contracts/catalogue';
import { SEGMENTS } from '#contracts/enums';
import { buildApi } from '../app.ts';
import type { Database } from '../db/client.ts';
import { testServices } from '../testing/services.ts';
import { createTestDatabase } from '../testing/test-db.ts';
import { daysFromNow, GENRES, SUB_GENRES } from './testing/fixtures.ts';
import { seedWorld, type World } from './testing/world.ts';

let database: Database;
let app: FastifyInstance;
let world: World;

beforeAll(async () => {
  database = await createTestDatabase();
  world = await seedWorld(database.db);
  app = await buildApi(testServices(database));
});
afterAll(async () => {
  await app.close();
  await database.close();
});

const MSG = '40.7505:-73.9934';

async function get<T>(url: string): Promise<T> {
  const response = await app.inject(url);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as T;
}
const list = (url: string) => get<EventList>(url);
const ids = (answer: EventList) => answer._embedded.events.map((e) => e.id);

describe('GET /api/events', () => {
  it('lists upcoming and date-TBA events by default, never past ones, with Discovery paging', async () => {
    const answer = await list('/api/events');
    expect(ids(answer)).not.toContain('E-ts-past');
    expect(ids(answer)).toContain('E-tba');
    expect(answer.page).toEqual({ size: 20, totalElements: 9, totalPages: 1, number: 0 });
    expect(answer._links.self.href).toBe('/api/events?page=0&size=20');
  });

  it('answers every SPEC §3 event field, venue and attractions embedded', async () => {
    const answer = await list('/api/events?attractionId=A-taylor&sort=date,asc&size=1');
    const [event] = answer._embedded.events;
    expect(event).toMatchObject({
      id: 'E-ts-msg',
      name: 'Taylor Swift | The Eras Tour',
      type: 'event',
      url: 'https://tickets.example/ts-msg',
      info: 'Bags are not allowed.',
      source: 'demo',
      dates: {
        start: {
          localDate: world.events.tsMsg.localDate,
          localTime: world.events.tsMsg.localTime,
          dateTime: world.events.tsMsg.startsAt!.toISOString().replace('.000Z', 'Z'),
          dateTBA: false,
          timeTBA: false,
        },
        status: { code: 'onsale' },
      },
      classifications: [
        {
          primary: true,
          segment: { id: SEGMENTS.music.id, name: 'Music' },
          genre: { id: GENRES.pop.id, name: 'Pop' },
          subGenre: { id: SUB_GENRES.popRock.id, name: 'Pop Rock' },
        },
      ],
      priceRanges: [{ type: 'standard', currency: 'USD', min: 49.5, max: 449.5 }],
      ticketPrice: { category: 'cheapest', amount: 49.5, currency: 'USD', estimate: false },
      _links: {
        self: { href: '/api/events/E-ts-msg' },
        venues: [{ href: '/api/events/venue/V-msg' }],
        attractions: [{ href: '/api/events/attraction/A-taylor' }],
      },
    });
    expect(event?.images[0]).toEqual({
      ratio: '16_9',
      width: 1024,
      height: 576,
      url: '/api/images/test/E-ts-msg-16_9-1024.jpg',
      fallback: false,
    });
    expect(event?._embedded.venues).toEqual([
      {
        id: 'V-msg',
        name: 'Madison Square Garden',
        type: 'venue',
        locale: 'en-us',
        source: 'demo',
        postalCode: '10001',
        timezone: 'America/New_York',
        city: { name: 'New York' },
        state: { name: 'New York', stateCode: 'NY' },
        country: { name: 'United States Of America', countryCode: 'US' },
        address: { line1: '4 Pennsylvania Plaza' },
        location: { latitude: '40.7505', longitude: '-73.9934' },
        images: [],
        upcomingEvents: { _total: 2 },
        _links: { self: { href: '/api/events/venue/V-msg' } },
      },
    ]);
    expect(event?._embedded.attractions.map((a) => [a.name, a.upcomingEvents._total])).toEqual([['Taylor Swift', 4]]);
    expect(event).not.toHaveProperty('distance');
  });

  it('keeps the line-up order, headliner first', async () => {
    const [event] = (await list('/api/events?venueId=V-la&segmentId=KZFzniwnSyZfZ7v7nE'))._embedded.events;
    expect(event?._embedded.attractions.map((a) => a.name)).toEqual(['Los Angeles Lakers', 'Boston Celtics']);
  });

  it('marks a date-TBA event as such, with no date fields', async () => {
    const [event] = (await list('/api/events?attractionId=A-swift-kids'))._embedded.events;
    expect(event?.dates.start).toEqual({
      dateTBD: false,
      dateTBA: true,
      timeTBA: false,
      noSpecificTime: false,
    });
    expect(event?.ticketPrice).toBeNull();
    expect(event).not.toHaveProperty('priceRanges');
  });

  describe('radius', () => {
    it('keeps events within the radius and gives their distance in miles by default', async () => {
      const answer = await list(`/api/events?geoPoint=${MSG}&radius=10&sort=distance,asc`);
      expect(ids(answer)).toEqual(['E-ts-msg', 'E-ts-next-year', 'E-sigur', 'E-tba']);
      const [msg, , barclays] = answer._embedded.events;
      expect(msg).toMatchObject({ distance: 0, units: 'MILES' });
      expect(barclays?.distance).toBeGreaterThan(4);
      expect(barclays?.distance).toBeLessThan(6);
    });

    it('reaches Philadelphia at 100 miles (≈ 83 mi) but not at 100 km (≈ 133 km)', async () => {
      expect(ids(await list(`/api/events?geoPoint=${MSG}&radius=100`))).toContain('E-hamilton');
      const km = await list(`/api/events?geoPoint=${MSG}&radius=100&unit=km&sort=distance,asc`);
      expect(ids(km)).not.toContain('E-hamilton');
      expect(km._embedded.events[2]?.units).toBe('KILOMETERS');
      expect(km._embedded.events[2]?.distance).toBeGreaterThan(7);
      expect(km._embedded.events[2]?.distance).toBeLessThan(9);
    });

    it('uses the default radius of 100 miles (SPEC §9) when only a location is given', async () => {
      const answer = await list(`/api/events?geoPoint=${MSG}`);
      expect(ids(answer).sort()).toEqual(['E-hamilton', 'E-sigur', 'E-tba', 'E-ts-msg', 'E-ts-next-year']);
    });

    it('reads the location from latlong, latitude/longitude or a geohash alike', async () => {
      const expected = ids(await list(`/api/events?geoPoint=${MSG}&radius=10&sort=distance,asc`));
      for (const location of ['latlong=40.7505,-73.9934', 'latitude=40.7505&longitude=-73.9934', 'geoPoint=dr5ru6']) {
        expect(ids(await list(`/api/events?${location}&radius=10&sort=distance,asc`))).toEqual(expected);
      }
    });

    it('crosses the antimeridian and the prime meridian', async () => {
      // London's O2 sits just east of Greenwich; a point just west of it still finds it.
      expect(ids(await list('/api/events?geoPoint=51.5:-0.05&radius=10'))).toEqual(['E-ts-london']);
      // A circle around Fiji spans ±180°; nothing is there, and the query still answers.
      expect(ids(await list('/api/events?geoPoint=-17.7:179.9&radius=500'))).toEqual([]);
    });
  });

  it('filters by date window (ISO UTC, SPEC §3) and leaves out date-TBA events', async () => {
    const start = daysFromNow(8).toISOString().replace('.000Z', 'Z');
    const end = daysFromNow(25).toISOString().replace('.000Z', 'Z');
    const answer = await list(`/api/events?startDateTime=${start}&endDateTime=${end}&sort=date,asc`);
    expect(ids(answer)).toEqual(['E-ts-msg', 'E-hamilton', 'E-ts-la']);
    const past = await list(`/api/events?startDateTime=${daysFromNow(-6).toISOString().slice(0, 19)}Z&sort=date,asc`);
    expect(ids(past)[0]).toBe('E-ts-past');
  });

  it('filters by segment, genre names or ids (any case, repeated), and sub-genre', async () => {
    expect(ids(await list(`/api/events?segmentId=${SEGMENTS.sports.id}`))).toEqual(['E-lakers']);
    expect(ids(await list('/api/events?genres=basketball'))).toEqual(['E-lakers']);
    expect(ids(await list(`/api/events?genres=${GENRES.theatre.id}`))).toEqual(['E-hamilton']);
    expect(ids(await list('/api/events?genres=Musical'))).toEqual(['E-hamilton']);
    expect(ids(await list('/api/events?genres=Basketball&genres=Theatre&sort=date,asc'))).toEqual([
      'E-lakers',
      'E-hamilton',
    ]);
    expect(ids(await list(`/api/events?segmentId=${SEGMENTS.film.id}`))).toEqual([]);
  });

  it('filters by country, city (any case), state and postal code', async () => {
    expect(ids(await list('/api/events?countryCode=GB'))).toEqual(['E-ts-london']);
    expect(ids(await list('/api/events?city=paris'))).toEqual(['E-beyonce']);
    expect(ids(await list('/api/events?city=Paris&city=London&sort=date,asc'))).toEqual(['E-ts-london', 'E-beyonce']);
    expect(ids(await list('/api/events?stateCode=pa'))).toEqual(['E-hamilton']);
    expect(ids(await list('/api/events?postalCode=11217&sort=date,asc'))).toEqual(['E-sigur', 'E-tba']);
  });

  it('filters by attraction and venue', async () => {
    const artist = await list('/api/events?attractionId=A-taylor&sort=date,asc');
    expect(ids(artist)).toEqual(['E-ts-msg', 'E-ts-la', 'E-ts-london', 'E-ts-next-year']);
    expect(ids(await list('/api/events?venueId=V-la,V-philly&sort=date,asc'))).toEqual([
      'E-lakers',
      'E-hamilton',
      'E-ts-la',
    ]);
  });

  it('serves the demo catalogue for source=ticketmaster and nothing for other sources', async () => {
    expect((await list('/api/events?source=ticketmaster')).page.totalElements).toBe(9);
    expect((await list('/api/events?source=universe&source=tmr')).page.totalElements).toBe(0);
  });

  it('sorts by date, name, and relevance (popularity without a keyword)', async () => {
    const byDate = ids(await list('/api/events?sort=date,asc'));
    expect(byDate.slice(0, 3)).toEqual(['E-sigur', 'E-lakers', 'E-ts-msg']);
    expect(byDate.at(-1)).toBe('E-tba');
    expect(ids(await list('/api/events?sort=date,desc')).slice(0, 2)).toEqual(['E-ts-next-year', 'E-beyonce']);
    const byName = (await list('/api/events?sort=name,asc'))._embedded.events.map((e) => e.name);
    expect(byName.slice(0, 3)).toEqual([
      'Beyoncé - Renaissance World Tour',
      'Hamilton',
      'Los Angeles Lakers vs. Boston Celtics',
    ]);
    expect(ids(await list('/api/events')).slice(0, 3)).toEqual(['E-ts-msg', 'E-ts-la', 'E-ts-london']);
  });

  it('pages with Discovery links that carry the filters', async () => {
    const first = await list('/api/events?attractionId=A-taylor&sort=date,asc&size=2');
    expect(first.page).toEqual({ size: 2, totalElements: 4, totalPages: 2, number: 0 });
    expect(first._links).toEqual({
      self: { href: '/api/events?attractionId=A-taylor&sort=date%2Casc&page=0&size=2' },
      first: { href: '/api/events?attractionId=A-taylor&sort=date%2Casc&page=0&size=2' },
      last: { href: '/api/events?attractionId=A-taylor&sort=date%2Casc&page=1&size=2' },
      next: { href: '/api/events?attractionId=A-taylor&sort=date%2Casc&page=1&size=2' },
    });
    const second = await list(first._links.next!.href);
    expect(ids(second)).toEqual(['E-ts-london', 'E-ts-next-year']);
    expect(second._links.prev?.href).toBe(first._links.self.href);
    expect(second._links.next).toBeUndefined();
    const beyond = await list('/api/events?attractionId=A-taylor&size=2&page=7');
    expect(ids(beyond)).toEqual([]);
    expect(beyond._links.prev).toBeUndefined();
  });

  it('finds events by keyword in their name, venue or attractions', async () => {
    expect(ids(await list('/api/events?keyword=eras&sort=date,asc'))).toEqual([
      'E-ts-msg',
      'E-ts-la',
      'E-ts-london',
      'E-ts-next-year',
    ]);
    expect(ids(await list('/api/events?keyword=celtics'))).toEqual(['E-lakers']);
    expect(ids(await list('/api/events?keyword=wells%20fargo'))).toEqual(['E-hamilton']);
  });

  describe('ticket categories (ADR 0002)', () => {
    const price = async (category: string) =>
      (await list(`/api/events?venueId=V-msg&ticketCategory=${category}&sort=date,asc&size=1`))._embedded.events[0]
        ?.ticketPrice;

    it('quotes the published minimum and maximum, and estimates in between', async () => {
      expect(await price('cheapest')).toEqual({ category: 'cheapest', amount: 49.5, currency: 'USD', estimate: false });
      expect(await price('good_view')).toEqual({
        category: 'good_view',
        amount: 189.5,
        currency: 'USD',
        estimate: true,
      });
      expect(await price('great_view')).toEqual({
        category: 'great_view',
        amount: 329.5,
        currency: 'USD',
        estimate: true,
      });
      expect(await price('front_row')).toEqual({
        category: 'front_row',
        amount: 449.5,
        currency: 'USD',
        estimate: false,
      });
    });

    it('filters on the price of the chosen category', async () => {
      expect(ids(await list('/api/events?priceRanges=0-50&sort=date,asc'))).toEqual([
        'E-sigur',
        'E-lakers',
        'E-ts-msg',
        'E-ts-next-year',
      ]);
      // Front row at the Lakers game is only estimated (3.5 × 30 = 105); at Hamilton every seat is 120.
      expect(
        ids(await list('/api/events?ticketCategory=front_row&priceRanges=100-130&priceRanges=800-&sort=date,asc')),
      ).toEqual(['E-lakers', 'E-hamilton']);
    });
  });
});

describe('GET /api/events/{id}', () => {
  it('answers the event with its venue and attractions', async () => {
    const event = await get<Event>('/api/events/E-lakers?ticketCategory=great_view');
    expect(event.name).toBe('Los Angeles Lakers vs. Boston Celtics');
    expect(event._embedded.venues[0]?.name).toBe('Crypto.com Arena');
    expect(event._embedded.attractions.map((a) => a.id)).toEqual(['A-lakers', 'A-celtics']);
    expect(event.ticketPrice).toEqual({ category: 'great_view', amount: 67.5, currency: 'USD', estimate: true });
  });

  it('answers past events too (an old link still opens)', async () => {
    expect((await get<Event>('/api/events/E-ts-past')).id).toBe('E-ts-past');
  });

  it('answers a JSON 404 for an unknown id', async () => {
    const response = await app.inject('/api/events/no-such-event');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: { code: 'not_found', message: 'Event not found' } });
  });
});

describe('GET /api/events/{id}/images', () => {
  it('answers the images of the event', async () => {
    const answer = await get<EventImages>('/api/events/E-hamilton/images');
    expect(answer.type).toBe('event');
    expect(answer.id).toBe('E-hamilton');
    expect(answer.images.map((i) => i.ratio)).toEqual(['16_9', '4_3', '3_2']);
    expect(answer._links.self.href).toBe('/api/events/E-hamilton/images');
  });

  it('answers 404 for an unknown event', async () => {
    expect((await app.inject('/api/events/nope/images')).statusCode).toBe(404);
  });
});

describe('GET /api/events/attraction/{id}', () => {
  it('answers the artist with upcoming counts per source', async () => {
    const attraction = await get<Record<string, unknown>>('/api/events/attraction/A-taylor');
    expect(attraction).toMatchObject({
      id: 'A-taylor',
      name: 'Taylor Swift',
      type: 'attraction',
      description: 'Singer-songwriter.',
      classifications: [{ primary: true, genre: { name: 'Pop' }, subGenre: { name: 'Pop Rock' } }],
      upcomingEvents: { _total: 4, demo: 4 },
      _links: { self: { href: '/api/events/attraction/A-taylor' } },
    });
    expect((attraction.images as unknown[]).length).toBe(2);
  });

  it('answers 404 for an unknown attraction', async () => {
    const response = await app.inject('/api/events/attraction/nope');
    expect(response.statusCode).toBe(404);
    expect(response.json().error.code).toBe('not_found');
  });
});

describe('GET /api/events/venue/{id}', () => {
  it('answers the venue with its upcoming events count', async () => {
    const venue = await get<Record<string, unknown>>('/api/events/venue/V-barclays');
    expect(venue).toMatchObject({
      name: 'Barclays Center',
      city: { name: 'Brooklyn' },
      location: { latitude: '40.6826', longitude: '-73.9754' },
      upcomingEvents: { _total: 2, demo: 2 },
    });
  });

  it('answers 404 for an unknown venue', async () => {
    expect((await app.inject('/api/events/venue/nope')).statusCode).toBe(404);
  });
});

describe('GET /api/openapi.json', () => {
  it('describes every catalogue endpoint with its parameters and responses', async () => {
    const document = await get<{
      openapi: string;
      paths: Record<string, Record<string, { parameters: { name: string; in: string }[]; responses: object }>>;
      components: { schemas: Record<string, unknown> };
    }>('/api/openapi.json');
    expect(document.openapi).toBe('3.1.0');
    for (const path of [
      '/api/events',
      '/api/events/search',
      '/api/events/{id}',
      '/api/events/{id}/images',
      '/api/events/attraction/{id}',
      '/api/events/venue/{id}',
    ]) {
      expect(document.paths[path]?.get, path).toBeDefined();
    }
    const listParams = document.paths['/api/events']!.get!.parameters.map((p) => p.name);
    for (const name of [
      'radius',
      'unit',
      'geoPoint',
      'genres',
      'startDateTime',
      'ticketCategory',
      'sort',
      'page',
      'size',
    ]) {
      expect(listParams).toContain(name);
    }
    expect(document.paths['/api/events/{id}']!.get!.parameters).toContainEqual(
      expect.objectContaining({ name: 'id', in: 'path' }),
    );
    expect(document.paths['/api/events']!.get!.responses).toMatchObject({
      200: { content: { 'application/json': { schema: { $ref: '#/components/schemas/EventList' } } } },
      400: { content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } },
    });
    expect(Object.keys(document.components.schemas)).toEqual(
      expect.arrayContaining(['Event', 'Venue', 'Attraction', 'EventList', 'SearchResult', 'Error']),
    );
  });
});
