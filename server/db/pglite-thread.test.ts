import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, isDatabaseUnavailable, openDatabase } from './client.ts';

/**
 * Embedded PGlite on its own thread (ADR 0041), as `npm start` opens it: a data directory,
 * the migrations, statements, transactions and errors through drizzle as the server sees them.
 */
let dir: string;
let database: Database;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'encore-pglite-thread-'));
  database = await openDatabase({ dataDir: dir });
}, 60_000);

afterAll(async () => {
  await database?.close();
  await rm(dir, { recursive: true, force: true });
});

const rows = async <T>(query: ReturnType<typeof sql>) =>
  ((await database.db.execute(query)) as unknown as { rows: T[] }).rows;

describe('PGlite on its own thread', () => {
  it('answers statements with the values drizzle expects: dates as printed, JSON parsed', async () => {
    const [row] = await rows<{ day: string; at: string; doc: unknown; n: number }>(
      sql`select '2026-12-30'::date as day, '2026-12-30T20:00:00Z'::timestamptz as at, '{"a":[1,2]}'::jsonb as doc, ${41}::int + 1 as n`,
    );
    expect(row).toEqual({ day: '2026-12-30', at: '2026-12-30 20:00:00+00', doc: { a: [1, 2] }, n: 42 });
    expect(await database.ping()).toBe(true);
  });

  it('commits a transaction whole and rolls a failed one back whole', async () => {
    await database.db.execute(sql`create table thread_probe (id int primary key, name text not null)`);
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`insert into thread_probe values (1, 'first')`);
      await tx.execute(sql`insert into thread_probe values (2, 'second')`);
    });
    await expect(
      database.db.transaction(async (tx) => {
        await tx.execute(sql`insert into thread_probe values (3, 'third')`);
        await tx.execute(sql`insert into thread_probe values (1, 'again')`);
      }),
    ).rejects.toMatchObject({ cause: { code: '23505', constraint: 'thread_probe_pkey' } });
    expect(await rows<{ id: number }>(sql`select id from thread_probe order by id`)).toEqual([{ id: 1 }, { id: 2 }]);
  });

  it('lets statements of other requests run after a transaction, not inside it', async () => {
    const transaction = database.db.transaction(async (tx) => {
      await tx.execute(sql`insert into thread_probe values (10, 'pending')`);
      await tx.execute(sql`update thread_probe set name = 'committed' where id = 10`);
    });
    // Asked while the transaction is open: answered once it has committed, never half-way.
    const outside = rows<{ name: string }>(sql`select name from thread_probe where id = 10`);
    await transaction;
    expect(await outside).toEqual([{ name: 'committed' }]);
  });

  it('reports a closed database as unavailable, so requests get a 503', async () => {
    const other = await openDatabase({ dataDir: path.join(dir, 'second') });
    await other.close();
    const failure = await other.db.execute(sql`select 1`).catch((error: unknown) => error);
    expect(isDatabaseUnavailable(failure)).toBe(true);
    expect(await other.ping()).toBe(false);
  }, 60_000);
});
