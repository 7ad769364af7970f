import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client.ts';
import { testServices } from '../testing/services.ts';
import { createTestDatabase } from '../testing/test-db.ts';
import { createProgress } from './demo/progress.ts';
import { ensureDemoCatalogue } from './seed.ts';

let database: Database;
const now = new Date('2026-03-01T12:00:00Z');
const eventCount = async () =>
  (await database.db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM events`)).rows[0]?.n;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

describe('ensureDemoCatalogue', () => {
  it('does nothing when CATALOGUE_SIZE is none', async () => {
    const services = testServices(database, { CATALOGUE_SIZE: 'none' });
    expect(await ensureDemoCatalogue(services, { events: 300, now, tty: null })).toEqual({ status: 'skipped' });
    expect(await eventCount()).toBe(0);
  });

  it('writes nothing when interrupted', async () => {
    const controller = new AbortController();
    controller.abort();
    const result = await ensureDemoCatalogue(testServices(database), {
      events: 300,
      now,
      tty: null,
      signal: controller.signal,
    });
    expect(result).toEqual({ status: 'interrupted' });
    expect(await eventCount()).toBe(0);
  });

  it('fills an empty catalogue, then leaves a filled one alone', async () => {
    const services = testServices(database);
    const first = await ensureDemoCatalogue(services, { events: 300, now, tty: null });
    expect(first.status).toBe('loaded');
    expect(first.summary).toMatchObject({ events: 300, skipped: false });
    expect(await eventCount()).toBe(300);
    expect(await ensureDemoCatalogue(services, { events: 500, now, tty: null })).toEqual({ status: 'skipped' });
    expect(await eventCount()).toBe(300);
  });
});

describe('createProgress', () => {
  it('redraws one line on a terminal and ends it once', () => {
    let out = '';
    const progress = createProgress({ tty: { write: (t) => (out += t), columns: 120 } });
    progress.update({ phase: 'events', done: 0, total: 2000 });
    progress.update({ phase: 'events', done: 2000, total: 2000 });
    progress.done();
    const frames = out.split('\r\x1b[2K').filter(Boolean);
    expect(frames).toHaveLength(2);
    expect(frames[1]).toMatch(/^ {2}Events\s+█{24} 100% 2,000\/2,000 {2}\d+\.\ds\n$/);
    expect(out.match(/\n/g)).toHaveLength(1);
  });

  it('writes plain lines per phase when not a terminal', () => {
    const lines: string[] = [];
    const progress = createProgress({ log: (l) => lines.push(l) });
    progress.update({ phase: 'venues', done: 10, total: 10 });
    progress.update({ phase: 'events', done: 500, total: 1000 });
    progress.update({ phase: 'events', done: 600, total: 1000 });
    progress.update({ phase: 'events', done: 1000, total: 1000 });
    progress.update({ phase: 'counts', done: 0, total: 1 });
    progress.update({ phase: 'counts', done: 1, total: 1 });
    progress.done();
    expect(lines.map((l) => l.replace(/ after .*$/, ''))).toEqual([
      'demo catalogue: venues 10/10 (100%)',
      'demo catalogue: events 500/1000 (50%)',
      'demo catalogue: events 1000/1000 (100%)',
      'demo catalogue: upcoming counts',
    ]);
  });
});
