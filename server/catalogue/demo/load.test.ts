import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.ts';
import { createTestDatabase } from '../../testing/test-db.ts';
import { type LoadProgress, loadDemoCatalogue } from './load.ts';

const now = new Date('2026-03-01T12:00:00Z');
const options = { events: 600, seed: 11, now };

/**
 * A digest of every column of every catalogue row (updated_at aside), rendered as text by
 * the database itself so PGlite and a PostgreSQL server give the same digest.
 */
async function catalogueDigest(database: Database): Promise<string> {
  const hash = createHash('sha256');
  const tables = [
    ['venues', 'id'],
    ['attractions', 'id'],
    ['events', 'id'],
    ['event_attractions', 'event_id, position'],
    ['classifications', 'id'],
  ] as const;
  for (const [table, order] of tables) {
    const { rows } = await database.db.execute<{ row: string }>(
      sql.raw(`SELECT (to_jsonb(t) - 'updated_at')::text AS row FROM ${table} t ORDER BY ${order}`),
    );
    for (const { row } of rows) hash.update(row);
  }
  return hash.digest('hex');
}

async function indexNames(database: Database): Promise<string[]> {
  const result = await database.db.execute<{ indexname: string }>(
    sql`SELECT indexname FROM pg_indexes WHERE tablename IN ('events', 'attractions', 'venues', 'event_attractions') ORDER BY 1`,
  );
  return result.rows.map((r) => r.indexname);
}

let first: Database;
let second: Database;

beforeAll(async () => {
  [first, second] = await Promise.all([createTestDatabase(), createTestDatabase()]);
});
afterAll(async () => {
  await Promise.all([first?.close(), second?.close()]);
});

describe('loadDemoCatalogue', () => {
  it('writes the same rows into two fresh databases and keeps every index', async () => {
    const indexesBefore = await indexNames(first);
    const progress: LoadProgress[] = [];
    const summary = await loadDemoCatalogue(first.db, { ...options, onProgress: (p) => progress.push(p) });
    await loadDemoCatalogue(second.db, options);
    expect(await catalogueDigest(first)).toBe(await catalogueDigest(second));
    // Pinned: the generator, split by kind, and the row builders write these very rows.
    expect(await catalogueDigest(first)).toBe('95d3b642aabcdd57d36e377bc9f7d0bddf3663db2eb7f742bd4756d30841460e');
    expect(summary).toMatchObject({ events: 600, seed: 11, rebuiltIndexes: true });
    expect(await indexNames(first)).toEqual(indexesBefore);
    expect(progress.at(-1)).toEqual({ phase: 'counts', done: 1, total: 1 });
    expect(progress).toContainEqual({ phase: 'events', done: 600, total: 600 });
  });

  it('stores Discovery-shaped rows: demo source, search text, images, prices, venues', async () => {
    const { rows } = await first.db.execute<{
      id: string;
      source: string;
      name: string;
      search_text: string;
      images: { url: string; ratio: string; width: number; height: number; fallback: boolean }[];
      venue_id: string;
      latitude: number;
      country_code: string;
      currency: string | null;
    }>(sql`SELECT * FROM events ORDER BY id LIMIT 50`);
    for (const event of rows) {
      expect(event.source).toBe('demo');
      expect(event.id).toMatch(/^Ze[0-9a-z]+$/);
      expect(event.search_text).toBe(event.search_text.toLowerCase());
      expect(event.images.length).toBeGreaterThanOrEqual(3);
      for (const image of event.images) {
        expect(image.url).toMatch(/^\/api\/images\/v1\/[a-z]+\/[a-z0-9-]+\/(16_9|3_2|4_3)_\d+\.svg$/);
        expect(image.fallback).toBe(false);
      }
      expect(event.venue_id).toMatch(/^Zv/);
      expect(event.country_code).toMatch(/^[A-Z]{2}$/);
    }
    const venue = await first.db.execute<{
      city: string;
      state_code: string;
      postal_code: string;
      country_name: string;
    }>(
      sql`SELECT city, state_code, postal_code, country_name FROM venues WHERE country_code = 'US' ORDER BY id LIMIT 1`,
    );
    expect(venue.rows[0]).toMatchObject({ country_name: 'United States Of America' });
    expect(venue.rows[0]?.postal_code).toMatch(/^\d{5}$/);
  });

  it('refreshes upcoming counts and records the run', async () => {
    const counted = await first.db.execute<{ n: number; total: number }>(
      sql`SELECT count(*) FILTER (WHERE upcoming_events > 0)::int AS n, count(*)::int AS total FROM attractions`,
    );
    expect(counted.rows[0]!.n).toBeGreaterThan(counted.rows[0]!.total * 0.5);
    const check = await first.db.execute<{ mismatches: number }>(sql`
      SELECT count(*)::int AS mismatches FROM attractions a
      WHERE a.upcoming_events <> (
        SELECT count(*) FROM event_attractions ea JOIN events e ON e.id = ea.event_id
        WHERE ea.attraction_id = a.id AND (e.starts_at IS NULL OR e.starts_at >= ${now.toISOString()}::timestamptz))`);
    expect(check.rows[0]?.mismatches).toBe(0);
    const runs = await first.db.execute<{ source: string; status: string; params: Record<string, unknown> }>(
      sql`SELECT source, status, params FROM ingest_runs`,
    );
    expect(runs.rows).toEqual([
      { source: 'demo', status: 'completed', params: { events: 600, seed: 11, now: now.toISOString() } },
    ]);
  });

  it('replaces earlier demo rows and leaves other sources alone', async () => {
    await second.db.execute(sql`
      INSERT INTO venues (id, source, source_id, name, search_text) VALUES ('KovZ917A', 'ticketmaster', 'KovZ917A', 'Real Hall', 'real hall')`);
    const summary = await loadDemoCatalogue(second.db, { ...options, events: 400 });
    expect(summary.rebuiltIndexes).toBe(false);
    const counts = await second.db.execute<{ events: number; demo_venues: number; others: number }>(sql`
      SELECT (SELECT count(*)::int FROM events) AS events,
             (SELECT count(*)::int FROM venues WHERE source = 'demo') AS demo_venues,
             (SELECT count(*)::int FROM venues WHERE source = 'ticketmaster') AS others`);
    expect(counts.rows[0]).toMatchObject({ events: 400, others: 1 });
    expect(counts.rows[0]!.demo_venues).toBeGreaterThan(0);
  });
});
