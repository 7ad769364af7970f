import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SearchQuerySchema, type SearchResult } from '#contracts/catalogue';
import { buildApi } from '../../app.ts';
import type { Database, Db } from '../../db/client.ts';
import { testServices } from '../../testing/services.ts';
import { createTestDatabase } from '../../testing/test-db.ts';
import { notifyCatalogueChanged } from '../changes.ts';
import { loadEventsByIds } from '../queries.ts';
import { seedWorld } from '../testing/world.ts';
import { cached, rowTextsFilled } from './answer.ts';
import { prepareSearch, searchCatalogue, searchIndexFor } from './index.ts';
import { HYDRATED_ENTRIES, RowCopies } from './row-copies.ts';
import type { SearchIndex } from './snapshot.ts';

/**
 * Issue 17: an answer lost events whose prices moved while the rest of its rows loaded, and
 * the short answer was then reused for 30 s. These tests hold a row read open, move prices
 * meanwhile, and let the read finish: the interleaving is the test's, not the scheduler's.
 */

let database: Database;
let app: FastifyInstance;

beforeAll(async () => {
  database = await createTestDatabase();
  await seedWorld(database.db);
  await prepareSearch(database.db);
  app = await buildApi(testServices(database));
});
afterAll(async () => {
  await app.close();
  await database.close();
});

/** A price change committed by any writer, then the snapshot patched as a notification does. */
async function movePrice(id: string, amount: number) {
  await database.db.execute(
    sql`update events set price_min = ${amount}, price_max = ${amount}, updated_at = now() where id = ${id}`,
  );
  notifyCatalogueChanged();
  await searchIndexFor(database.db);
}

/** The database, except that the next statement's rows wait at a gate the test opens. */
function gatedDb() {
  let arrive!: () => void;
  const arrived = new Promise<void>((resolve) => {
    arrive = resolve;
  });
  let open!: () => void;
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  let held = false;
  const db = new Proxy(database.db, {
    get(target, property, receiver) {
      if (property !== 'execute') return Reflect.get(target, property, receiver);
      return async (query: Parameters<Db['execute']>[0]) => {
        const result = await target.execute(query);
        if (!held) {
          held = true;
          arrive();
          await opened;
        }
        return result;
      };
    },
  });
  return { db, arrived, open };
}

const prices = (result: SearchResult) =>
  Object.fromEntries(result._embedded.events.map((e) => [e.id, e.ticketPrice?.amount]));

describe('event rows kept as text (ADR 0069)', () => {
  it('answers pages and searches from the rows the snapshot read once, as the database would', async () => {
    const index = await searchIndexFor(database.db);
    await rowTextsFilled(index);
    const ids = index.popular('events', 1_000);
    expect(ids.length).toBeGreaterThan(3);
    expect(ids.every((id) => index.rowTexts.has(id))).toBe(true);

    const statements: string[] = [];
    const watched = new Proxy(database.db, {
      get(target, property, receiver) {
        if (property !== 'execute') return Reflect.get(target, property, receiver);
        return (query: Parameters<Db['execute']>[0]) => {
          statements.push(JSON.stringify(query));
          return target.execute(query);
        };
      },
    });
    const options = { geo: undefined, ticketCategory: 'great_view' as const };
    const fromTexts = await loadEventsByIds(watched as Db, ids, {
      ...options,
      rowTexts: { get: (id) => index.rowTexts.get(id), keep: () => undefined },
    });
    expect(statements.filter((s) => s.includes('encore_event_rows'))).toEqual([]);
    expect(fromTexts).toEqual(await loadEventsByIds(database.db, ids, options));
  });

  it("drops an event's row when its price moves, and keeps the row read after", async () => {
    const index = await searchIndexFor(database.db);
    await rowTextsFilled(index);
    expect(index.rowTexts.has('E-ts-la')).toBe(true);
    await movePrice('E-ts-la', 230);
    expect(index.rowTexts.has('E-ts-la')).toBe(false);
    expect(prices(await searchCatalogue(database.db, { keyword: 'tay' }))['E-ts-la']).toBe(230);
    expect(JSON.parse(index.rowTexts.get('E-ts-la')!)).toMatchObject({ id: 'E-ts-la', price_min: 230 });
  });
});

describe('search answers while prices move', () => {
  it('leaves out no event whose copy a patch dropped while other rows loaded', async () => {
    const expected = await searchCatalogue(database.db, { keyword: 'tay' });
    const ids = expected._embedded.events.map((e) => e.id);
    expect(ids).toContain('E-ts-msg');
    expect(ids).toContain('E-ts-la');

    // E-ts-la's copy is gone (its price moved), E-ts-msg's is still held: the next answer
    // reads E-ts-la's row and takes E-ts-msg's copy.
    await movePrice('E-ts-la', 210);
    const index = await searchIndexFor(database.db);
    const gate = gatedDb();
    const answer = searchCatalogue(gate.db as Db, { keyword: 'tay' }, { index });
    await gate.arrived;
    // While that read is held, E-ts-msg's price moves and the snapshot drops its copy.
    await movePrice('E-ts-msg', 77);
    gate.open();
    const result = await answer;

    expect(result._embedded.events.map((e) => e.id)).toEqual(ids);
    expect(prices(result)).toMatchObject({ 'E-ts-msg': 77, 'E-ts-la': 210 });
  });

  it('keeps no row read before a patch that landed during the read', async () => {
    const index = await searchIndexFor(database.db);
    await movePrice('E-ts-london', 150);
    const gate = gatedDb();
    const answer = searchCatalogue(gate.db as Db, { keyword: 'tay' }, { index });
    await gate.arrived;
    await movePrice('E-ts-london', 160);
    gate.open();
    expect(prices(await answer)['E-ts-london']).toBe(160);
    // Later answers read the patched row, not a copy taken from the first read.
    expect(prices(await searchCatalogue(database.db, { keyword: 'tay' }))['E-ts-london']).toBe(160);
  });

  it('patches a row a transaction stamped before the newest write seen but committed after it', async () => {
    await movePrice('E-ts-la', 220);
    // As a transaction that began a second earlier would stamp it (now() is its start).
    await database.db.execute(
      sql`update events set price_min = 55, price_max = 55,
        updated_at = (select max(updated_at) from events) - interval '1 second' where id = 'E-ts-london'`,
    );
    notifyCatalogueChanged();
    expect(prices(await searchCatalogue(database.db, { keyword: 'tay' }))).toMatchObject({
      'E-ts-london': 55,
      'E-ts-la': 220,
    });
  });

  it('answers GET /api/events/search from the catalogue as it is now, not from an older answer', async () => {
    const first = (await app.inject('/api/events/search?keyword=taylor')).json() as SearchResult;
    expect(prices(first)['E-ts-msg']).toBe(77);
    await movePrice('E-ts-msg', 88);
    const second = (await app.inject('/api/events/search?keyword=taylor')).json() as SearchResult;
    expect(second._embedded.events.map((e) => e.id)).toEqual(first._embedded.events.map((e) => e.id));
    expect(prices(second)['E-ts-msg']).toBe(88);
  });
});

describe("the answer's bytes", () => {
  it('is what JSON.stringify writes, with a distance, with a close spelling, and asked again', async () => {
    const cases: Record<string, string>[] = [
      { keyword: 'taylor' },
      { keyword: 'tay', latitude: '40.75', longitude: '-73.99', unit: 'km' },
      { keyword: 'tailor swfit' },
      { keyword: 'zzzzqq' },
    ];
    for (const query of cases) {
      const url = `/api/events/search?${new URLSearchParams(query)}`;
      const expected = JSON.stringify(await searchCatalogue(database.db, SearchQuerySchema.parse(query)));
      expect((await app.inject(url)).body).toBe(expected);
      // The rows' text is kept: the second answer is written from it.
      expect((await app.inject(`${url}&size=5`)).body).toBe(expected);
    }
    const close = JSON.parse((await app.inject('/api/events/search?keyword=tailor%20swfit')).body) as SearchResult;
    expect(close.didYouMean).toBeDefined();
    const near = JSON.parse((await app.inject('/api/events/search?keyword=tay&latitude=40.75&longitude=-73.99')).body);
    expect(near._embedded.events[0].distance).toEqual(expect.any(Number));
  });
});

describe('the rows a snapshot keeps', () => {
  const fakeIndex = () =>
    ({
      hydrated: new RowCopies(HYDRATED_ENTRIES),
      reading: new Map<string, unknown>(),
      version: 1,
    }) as unknown as SearchIndex;

  it('reads a row once when two answers ask for it at the same time', async () => {
    const index = fakeIndex();
    const asked: string[][] = [];
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const load = async (ids: string[]) => {
      asked.push(ids);
      await held;
      return ids.filter((id) => id !== 'gone').map((id) => ({ id }));
    };
    const key = (id: string) => `e:${id}`;
    const page = cached(index, ['a', 'b', 'c', 'gone'], key, load);
    const artists = cached(index, ['c', 'd', 'a', 'gone'], key, load);
    release();
    expect(await page).toEqual([{ id: 'a' }, { id: 'b' }, { id: 'c' }]);
    expect(await artists).toEqual([{ id: 'c' }, { id: 'd' }, { id: 'a' }]);
    expect(asked).toEqual([['a', 'b', 'c', 'gone'], ['d']]);
    expect(index.reading.size).toBe(0);
    // A failed read fails those waiting for it too, and is not remembered.
    const failing = async () => {
      throw new Error('database gone');
    };
    const first = cached(index, ['x'], key, failing);
    const second = cached(index, ['x'], key, load);
    await expect(first).rejects.toThrow('database gone');
    await expect(second).rejects.toThrow('database gone');
    expect(await cached(index, ['x'], key, load)).toEqual([{ id: 'x' }]);
  });

  it('keeps rows asked for again, or chosen as popular, through a crowd of rows asked for once', async () => {
    const index = fakeIndex();
    const load = async (ids: string[]) => ids.map((id) => ({ id }));
    const key = (id: string) => `e:${id}`;
    let reads = 0;
    const counted = async (ids: string[]) => {
      reads += ids.length;
      return load(ids);
    };
    // Chosen as popular when the snapshot was built (the warm-up).
    await cached(index, ['warm'], key, load, 'keep');
    await cached(index, ['popular', 'rare'], key, load);
    // Asked for again: kept.
    await cached(index, ['popular'], key, counted);
    expect(reads).toBe(0);
    // A crawler's worth of rows, each asked for once: more than every copy there is room for.
    const crowd = Array.from({ length: HYDRATED_ENTRIES + 500 }, (_, i) => `r${i}`);
    for (let i = 0; i < crowd.length; i += 1000) await cached(index, crowd.slice(i, i + 1000), key, load);
    expect(index.hydrated.size).toBeLessThanOrEqual(HYDRATED_ENTRIES);
    expect(index.hydrated.has('e:popular')).toBe(true);
    expect(index.hydrated.has('e:warm')).toBe(true);
    expect(index.hydrated.has('e:rare')).toBe(false);
    expect(await cached(index, ['rare', 'popular', 'warm'], key, counted)).toEqual([
      { id: 'rare' },
      { id: 'popular' },
      { id: 'warm' },
    ]);
    expect(reads).toBe(1);
  });
});
