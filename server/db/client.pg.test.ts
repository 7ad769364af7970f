import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../testing/test-db.ts';
import { type Database, isDatabaseUnavailable } from './client.ts';

/**
 * A connection the server drops while the process holds it (a transaction, the migrations at
 * start): pg's client then emits 'error', and an emitter with no listener ends the process.
 * PostgreSQL project only (`*.pg.test.ts`): PGlite has no connections to lose.
 */

let database: Database;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

describe('a connection lost while checked out of the pool', () => {
  it('fails that transaction as unavailable, keeps the process, and the next query gets a new connection', async () => {
    const outcome = database.db
      .transaction(async (tx) => {
        await tx.execute(sql`select 1`);
        await tx.execute(sql`select pg_sleep(30)`);
      })
      .then(
        () => undefined,
        (reason: unknown) => reason,
      );
    // Once the transaction's statement runs, the server ends its connection, as a restart or an
    // administrator would.
    let terminated = false;
    for (let i = 0; i < 200 && !terminated; i++) {
      const rows = await database.db.execute(
        sql`select pg_terminate_backend(pid) as done from pg_stat_activity
          where datname = current_database() and query = 'select pg_sleep(30)' and state = 'active'`,
      );
      terminated = rows.rows.some((row) => row.done === true);
      if (!terminated) await new Promise((resolve) => setImmediate(resolve));
    }
    expect(terminated).toBe(true);
    const error = await outcome;
    expect(error).toBeInstanceOf(Error);
    expect(isDatabaseUnavailable(error)).toBe(true);
    // The process is still here, and the pool answers with a fresh connection.
    const rows = await database.db.execute(sql`select 41 + 1 as answer`);
    expect(rows.rows[0]).toEqual({ answer: 42 });
  });
});
