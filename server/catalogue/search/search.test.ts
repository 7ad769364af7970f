import zlib from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SearchResult } from '#contracts/catalogue';
import { buildApi } from '../../app.ts';
import type { Database } from '../../db/client.ts';
import { testServices } from '../../testing/services.ts';
import { createTestDatabase } from '../../testing/test-db.ts';
import { daysFromNow } from '../testing/fixtures.ts';
import { seedWorld } from '../testing/world.ts';
import { searchCatalogue } from './index.ts';

let database: Database;
let app: FastifyInstance;

beforeAll(async () => {
  database = await createTestDatabase();
  await seedWorld(database.db);
  app = await buildApi(testServices(database));
});
afterAll(async () => {
  await app.close();
  await database.close();
});

async function search(query: string): Promise<SearchResult> {
  const response = await app.inject(`/api/events/search?${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as SearchResult;
}
const artists = (result: SearchResult) => result._embedded.attractions.map((a) => a.name);
const eventIds = (result: SearchResult) => result._embedded.events.map((e) => e.id);

describe('GET /api/events/search: matching as you type (ADR 0003)', () => {
  it("finds Taylor Swift from 'tay', ahead of the obscure Tay Zonday", async () => {
    const result = await search('keyword=tay');
    expect(artists(result)).toEqual(['Taylor Swift', 'Tay Zonday']);
    expect(eventIds(result).slice(0, 3)).toEqual(['E-ts-msg', 'E-ts-la', 'E-ts-london']);
    expect(result.fuzzy).toBe(false);
  });

  it("narrows with every word typed: 'taylor sw' is Taylor Swift only", async () => {
    const result = await search('keyword=taylor%20sw');
    expect(artists(result)).toEqual(['Taylor Swift']);
    expect(result._embedded.events.every((e) => e.name === 'Taylor Swift | The Eras Tour')).toBe(true);
  });

  it('matches words in any order and any case', async () => {
    expect(artists(await search('keyword=SWIFT%20taylor'))).toEqual(['Taylor Swift']);
  });

  it('blends relevance with popularity: a famous word match beats an obscure name prefix', async () => {
    // 'Swift Kids' starts with the word, but Taylor Swift is far better known.
    expect(artists(await search('keyword=swift'))).toEqual(['Taylor Swift', 'Swift Kids']);
  });

  it('puts an exact name first', async () => {
    expect(artists(await search('keyword=hamilton'))[0]).toBe('Hamilton');
  });

  it('ignores accents on either side', async () => {
    expect(artists(await search('keyword=beyonce'))).toEqual(['Beyoncé']);
    expect(artists(await search('keyword=BEYONC%C3%89'))).toEqual(['Beyoncé']);
    expect(artists(await search('keyword=sigur%20ros'))).toEqual(['Sigur Rós']);
    expect(eventIds(await search('keyword=r%C3%B3s'))).toEqual(['E-sigur']);
  });

  it('finds events by their venue and by any artist on the bill', async () => {
    const venue = await search('keyword=madison%20squ');
    expect(eventIds(venue)).toEqual(['E-ts-msg', 'E-ts-next-year']);
    expect(artists(venue)).toEqual([]);
    const guest = await search('keyword=celtics');
    expect(artists(guest)).toEqual(['Boston Celtics']);
    expect(eventIds(guest)).toEqual(['E-lakers']);
  });

  it('shows one date of each show before a second date of any', async () => {
    expect(eventIds(await search('keyword=t'))).toEqual([
      'E-ts-msg',
      'E-beyonce',
      'E-ts-la',
      'E-ts-london',
      'E-ts-next-year',
    ]);
  });

  it('embeds upcoming counts on attractions and the venue on events', async () => {
    const result = await search('keyword=taylor');
    expect(result._embedded.attractions[0]?.upcomingEvents._total).toBe(4);
    expect(result._embedded.events[0]?._embedded.venues[0]?.name).toBe('Madison Square Garden');
  });

  it('never lists past events', async () => {
    expect(eventIds(await search('keyword=eras&size=20'))).not.toContain('E-ts-past');
  });

  it('answers 5 of each by default (SPEC §9) and honours size', async () => {
    const five = await search('keyword=t');
    expect(five._embedded.events).toHaveLength(5);
    expect((await search('keyword=taylor&size=1'))._embedded.events).toHaveLength(1);
  });

  it('answers the most popular upcoming events and artists when nothing is typed', async () => {
    const result = await search('');
    expect(eventIds(result)[0]).toBe('E-ts-msg');
    expect(artists(result)[0]).toBe('Taylor Swift');
  });
});

describe('typo tolerance', () => {
  it('offers close spellings when nothing matches as typed, and says so', async () => {
    const result = await search('keyword=beyonse');
    expect(artists(result)).toEqual(['Beyoncé']);
    expect(eventIds(result)).toEqual(['E-beyonce']);
    expect(result.fuzzy).toBe(true);
    expect(artists(await search('keyword=tayler'))[0]).toBe('Taylor Swift');
    expect(artists(await search('keyword=hamiltn'))).toEqual(['Hamilton']);
  });

  it('lets the words typed right carry one typed too far off', async () => {
    // 'swfit' is like no word of any name; 'taylor' is most of what was typed.
    const result = await search('keyword=taylor%20swfit');
    expect(artists(result)[0]).toBe('Taylor Swift');
    expect(result.fuzzy).toBe(true);
    // Mostly gibberish is not carried by one short word.
    expect((await search('keyword=tay%20zzqxwv')).fuzzy).toBe(false);
    // Two right words no name holds together: the longer one answers.
    const both = await search('keyword=taylor%20hamilton');
    expect(artists(both)).toEqual(['Hamilton']);
    expect(both.fuzzy).toBe(true);
  });

  it('finds names with up to two typos in each word, and says what it searched instead', async () => {
    const result = await search('keyword=bosten%20seltiks');
    expect(artists(result)[0]).toBe('Boston Celtics');
    expect(result).toMatchObject({ fuzzy: true, didYouMean: 'boston celtics' });
    expect(artists(await search('keyword=hamlitno'))).toEqual(['Hamilton']);
    expect(artists(await search('keyword=taylr%20swfti'))[0]).toBe('Taylor Swift');
  });

  it('answers nothing for gibberish, without pretending', async () => {
    const result = await search('keyword=zzqxw');
    expect(result).toEqual({ _embedded: { attractions: [], events: [] }, fuzzy: false });
  });
});

describe('search filters', () => {
  it('keeps events within the radius; artists are not placed', async () => {
    const result = await search('keyword=taylor&geoPoint=40.7505:-73.9934&radius=50');
    expect(eventIds(result)).toEqual(['E-ts-msg', 'E-ts-next-year']);
    expect(result._embedded.events[0]).toMatchObject({ distance: 0, units: 'MILES' });
    expect(artists(result)).toEqual(['Taylor Swift']);
  });

  it('keeps events within the date window', async () => {
    const start = daysFromNow(15).toISOString().replace('.000Z', 'Z');
    const end = daysFromNow(50).toISOString().replace('.000Z', 'Z');
    expect(eventIds(await search(`keyword=taylor&startDateTime=${start}&endDateTime=${end}`))).toEqual([
      'E-ts-la',
      'E-ts-london',
    ]);
  });

  it('filters artists and events by segment and genre', async () => {
    const sports = await search('keyword=los&segmentId=KZFzniwnSyZfZ7v7nE');
    expect(artists(sports)).toEqual(['Los Angeles Lakers']);
    expect(eventIds(sports)).toEqual(['E-lakers']);
    expect(artists(await search('keyword=s&genres=Rock'))).toEqual(['Sigur Rós', 'Swift Kids']);
  });

  it('applies the same filters to close spellings', async () => {
    expect(eventIds(await search('keyword=beyonse&countryCode=US'))).toEqual([]);
  });
});

describe('GET /api/events/search: compressed answers', () => {
  it('answers the same JSON in Brotli, gzip and plain, and says it varies by encoding', async () => {
    const url = '/api/events/search?keyword=t&size=20';
    const plain = await app.inject({ url, headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(plain.headers['content-length']).toBe(String(plain.rawPayload.length));
    for (const [encoding, decode] of [
      ['br', zlib.brotliDecompressSync],
      ['gzip', zlib.gunzipSync],
    ] as const) {
      const response = await app.inject({ url, headers: { 'accept-encoding': `${encoding}, deflate` } });
      expect(response.headers['content-encoding']).toBe(encoding);
      expect(response.headers.vary).toContain('accept-encoding');
      expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(JSON.parse(decode(response.rawPayload).toString())).toEqual(plain.json());
    }
  });
});

describe('searchCatalogue (called in-process by loaders)', () => {
  it('answers what the API answers', async () => {
    const direct = await searchCatalogue(database.db, { keyword: 'taylor sw' });
    expect(direct).toEqual(await search('keyword=taylor%20sw'));
  });
});
