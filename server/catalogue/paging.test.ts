import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventList } from '#contracts/catalogue';
import { buildApi } from '../app.ts';
import type { Database } from '../db/client.ts';
import { testServices } from '../testing/services.ts';
import { createTestDatabase } from '../testing/test-db.ts';
import { COUNT_CAP } from './events.ts';
import { daysFromNow, insertAttraction, insertEvent, insertVenue } from './testing/fixtures.ts';

let database: Database;
let app: FastifyInstance;

beforeAll(async () => {
  database = await createTestDatabase();
  const venue = await insertVenue(database.db, { name: 'Alpha Arena' });
  const band = await insertAttraction(database.db, { name: 'The Alphas', popularity: 50 });
  // 40 events whose names start with the keyword, 40 holding it as a later word, one named
  // exactly it (and obscure), one at a venue of that name, one by a band of that name.
  for (let i = 0; i < 40; i++) {
    await insertEvent(database.db, { id: `P${i}`, name: `Alpha Night ${i}`, popularity: (i * 37) % 100 });
    await insertEvent(database.db, { id: `W${i}`, name: `Night of Alpha ${i}`, popularity: (i * 53) % 100 });
  }
  await insertEvent(database.db, { id: 'X', name: 'Alpha', popularity: 1 });
  await insertEvent(database.db, { id: 'V', name: 'Evening show', venue, popularity: 99 });
  await insertEvent(database.db, { id: 'B', name: 'Evening concert', attractionIds: [band.id], popularity: 98 });
  app = await buildApi(testServices(database));
});
afterAll(async () => {
  await app.close();
  await database.close();
});

async function list(url: string): Promise<EventList> {
  const response = await app.inject(url);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as EventList;
}

describe('relevance paging (ADR 0003)', () => {
  it('pages through exactly the order relevance defines', async () => {
    const rows = await database.db.execute<{ id: string; search_text: string; popularity: number; starts_at: Date }>(
      sql`select id, search_text, popularity, starts_at from events`,
    );
    const score = (r: { search_text: string; popularity: number }) =>
      (r.search_text === 'alpha' ? 1 : r.search_text.startsWith('alpha') ? 0.6 : 0) + r.popularity / 100;
    const expected = [...rows.rows]
      .sort((a, b) => score(b) - score(a) || +new Date(a.starts_at) - +new Date(b.starts_at) || (a.id < b.id ? -1 : 1))
      .map((r) => r.id);
    const seen: string[] = [];
    for (let page = 0; page < 9; page++) {
      const answer = await list(`/api/events?keyword=alpha&size=10&page=${page}`);
      seen.push(...answer._embedded.events.map((e) => e.id));
      expect(answer.page.totalElements).toBe(83);
    }
    expect(seen).toEqual(expected);
    // The exact name outranks a starts-with name 40 popularity points above it (1.01 > 0.97).
    expect(seen.indexOf('X')).toBeLessThan(seen.indexOf('P1'));
    expect(seen).toEqual(expect.arrayContaining(['V', 'B']));
  });
});

describe('totalElements', () => {
  it(`counts exactly up to ${COUNT_CAP} and says when it stopped`, async () => {
    const exact = await list('/api/events?size=1');
    expect(exact.page).toEqual({ size: 1, totalElements: 83, totalPages: 83, number: 0 });

    await database.db.execute(sql`insert into events (id, source, source_id, name, search_text, starts_at)
      select 'bulk' || g, 'demo', 'bulk' || g, 'Bulk ' || g, 'bulk ' || g, ${daysFromNow(3).toISOString()}::timestamptz
      from generate_series(1, ${COUNT_CAP}) g`);
    const capped = await list('/api/events?size=20');
    expect(capped.page).toEqual({
      size: 20,
      totalElements: COUNT_CAP,
      totalPages: COUNT_CAP / 20,
      number: 0,
      totalElementsCapped: true,
    });
    // Discovery's deep-paging limit: the last reachable page starts below 1000.
    expect(capped._links.last?.href).toBe('/api/events?page=49&size=20');
  });
});
