import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { types } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isDatabaseUnavailable, openDatabase } from './client.ts';
import { openPgliteThread, type PgliteThread } from './pglite-thread.ts';

const dirs: string[] = [];
const newDir = () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'encore-thread-'));
  dirs.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describe('PGlite on its own thread (ADR 0050)', () => {
  let db: PgliteThread;
  beforeAll(async () => {
    db = await openPgliteThread(newDir());
    await db.exec('create table t (id int primary key, name text not null, at timestamptz, doc json)');
  }, 60_000);
  afterAll(() => db?.close());

  it('answers with the values PGlite parses, parameters bound', async () => {
    const { rows } = await db.query<{ n: number; f: number; j: unknown; at: Date; list: string[]; big: number }>(
      `select $1::int + 1 as n, 0.5::float8 as f, '{"a":[1,"b"]}'::json as j,
        '2027-03-01T20:00:00Z'::timestamptz as at, array['x', $2] as list, 9007199254740991::int8 as big`,
      [41, 'y'],
    );
    expect(rows).toEqual([
      {
        n: 42,
        f: 0.5,
        j: { a: [1, 'b'] },
        at: new Date('2027-03-01T20:00:00Z'),
        list: ['x', 'y'],
        big: 9007199254740991,
      },
    ]);
  });

  it('keeps rows as arrays and types as text when asked, as Drizzle asks', async () => {
    const result = await db.query(`select 1 as a, '2027-03-01T20:00:00Z'::timestamptz as at`, [], {
      rowMode: 'array',
      parsers: { [types.TIMESTAMPTZ]: (value: string) => value },
    });
    expect(result.rows).toEqual([[1, '2027-03-01 20:00:00+00']]);
    expect(result.fields.map((f) => f.name)).toEqual(['a', 'at']);
  });

  it('refuses a parser that would change values: it cannot cross the thread', async () => {
    await expect(
      db.query('select 1', [], { parsers: { [types.INT4]: (value: string) => Number(value) * 2 } }),
    ).rejects.toThrow(/cannot cross threads/);
  });

  it("throws the database's error with its code and detail, and goes on answering", async () => {
    await db.query(`insert into t (id, name) values (1, 'one')`);
    const error = await db.query(`insert into t (id, name) values (1, 'again')`).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    expect(error).toMatchObject({
      code: '23505',
      message: expect.stringMatching(/duplicate key value violates unique constraint/),
      detail: 'Key (id)=(1) already exists.',
    });
    expect(isDatabaseUnavailable(error)).toBe(false);
    expect((await db.query<{ n: number }>('select count(*)::int as n from t')).rows).toEqual([{ n: 1 }]);
  });

  it('commits a transaction that ends well and rolls back one that throws', async () => {
    await db.transaction(async (tx) => {
      await tx.query(`insert into t (id, name) values (2, 'two')`);
      await tx.exec(`insert into t (id, name) values (3, 'three')`);
    });
    await expect(
      db.transaction(async (tx) => {
        await tx.query(`insert into t (id, name) values (4, 'four')`);
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    const { rows } = await db.query<{ id: number }>('select id from t order by id');
    expect(rows.map((r) => r.id)).toEqual([1, 2, 3]);
  });

  it('makes statements from outside a transaction wait until it ends, as PGlite does', async () => {
    const seen: string[] = [];
    let inside!: () => void;
    const started = new Promise<void>((resolve) => {
      inside = resolve;
    });
    const transaction = db.transaction(async (tx) => {
      await tx.query(`insert into t (id, name) values (5, 'five')`);
      inside();
      // The outside statement below is sent now; it must not run before this one.
      await tx.query('select pg_sleep(0.05)');
      seen.push('transaction');
    });
    await started;
    const outside = db.query<{ n: number }>('select count(*)::int as n from t where id = 5').then((result) => {
      seen.push('outside');
      return result.rows[0]!.n;
    });
    await transaction;
    expect(await outside).toBe(1);
    expect(seen).toEqual(['transaction', 'outside']);
  });

  it('reports a failed commit to the caller', async () => {
    await db.exec('create table d (id int primary key, parent int references t(id) deferrable initially deferred)');
    await expect(
      db.transaction(async (tx) => {
        await tx.query('insert into d (id, parent) values (1, 999)');
      }),
    ).rejects.toMatchObject({ code: '23503' });
    expect((await db.query<{ n: number }>('select count(*)::int as n from d')).rows).toEqual([{ n: 0 }]);
  });
});

describe('a database opened from a data directory', () => {
  it('runs Drizzle, migrations and transactions on the thread; once closed, it is out of reach', async () => {
    const database = await openDatabase({ dataDir: newDir() });
    const { db } = database;
    const count = async (on: Pick<typeof db, 'execute'> = db) =>
      (await on.execute<{ n: number }>('select count(*)::int as n from fan_versions')).rows[0]!.n;
    const before = await count();
    await expect(
      db.transaction(async (tx) => {
        await tx.execute(`insert into fan_versions (uid) values ('fan-on-the-thread')`);
        expect(await count(tx)).toBe(before + 1);
        tx.rollback();
      }),
    ).rejects.toThrow(/Rollback/);
    expect(await count()).toBe(before);

    await database.close();
    expect(await database.ping()).toBe(false);
    const error = await count().catch((e: unknown) => e);
    expect(isDatabaseUnavailable(error)).toBe(true);
  }, 60_000);

  it('does not keep a script alive that ends without closing it', async () => {
    const script = `
      import { openDatabase } from ${JSON.stringify(path.join(import.meta.dirname, 'client.ts'))};
      const database = await openDatabase({ dataDir: ${JSON.stringify(newDir())} });
      await database.db.execute('select 1');
      console.log('done');
    `;
    const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    // Should it not end, the test fails instead of leaving it behind.
    const guard = setTimeout(() => child.kill(), 50_000);
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
    });
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    clearTimeout(guard);
    expect(out.trim()).toBe('done');
    expect(code).toBe(0);
  }, 60_000);
});
