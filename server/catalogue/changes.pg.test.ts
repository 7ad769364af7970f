import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client.ts';
import { createTestDatabase } from '../testing/test-db.ts';
import { type CatalogueChange, hearCatalogueChanges, onCatalogueChanged } from './changes.ts';
import { insertEvent, insertVenue } from './testing/fixtures.ts';

/**
 * Catalogue writes of other processes (issue 17): on a PostgreSQL server a statement trigger
 * notifies, every node LISTENs. PostgreSQL project only (`*.pg.test.ts`): PGlite is one
 * process, whose writers signal in-process.
 */

let database: Database;
let stop: () => Promise<void> = async () => {};
const heard: CatalogueChange[] = [];
const logged: string[] = [];
const logger = {
  info: (_: object, msg: string) => logged.push(msg),
  warn: (_: object, msg: string) => logged.push(msg),
};
let waiters: Array<() => void> = [];
onCatalogueChanged((change) => {
  heard.push(change);
  for (const wake of waiters) wake();
  waiters = [];
});
/** Resolves at the next change heard (the test's own deadline fails it otherwise). */
const nextChange = () => new Promise<void>((resolve) => waiters.push(resolve));

beforeAll(async () => {
  database = await createTestDatabase();
  stop = await hearCatalogueChanges(database, logger);
});
afterAll(async () => {
  await stop();
  await database.close();
});

describe('catalogue changes on a PostgreSQL server', () => {
  it('hears a write committed by another connection, as the sync CLI or another node writes', async () => {
    heard.length = 0;
    const changed = nextChange();
    // Through the pool, which is not the listening connection: any session's write notifies.
    const venue = await insertVenue(database.db, { id: 'V-notify', name: 'Notify Hall' });
    await insertEvent(database.db, { id: 'E-notify', name: 'Notify Night', venue });
    await changed;
    expect(heard.at(-1)).toEqual({ full: false });
  });

  it('after losing its connection, listens again and asks for a full look', async () => {
    heard.length = 0;
    const changed = nextChange();
    await database.db.execute(
      sql`select pg_terminate_backend(pid) from pg_stat_activity
        where query ilike 'LISTEN%' and datname = current_database()`,
    );
    await changed;
    expect(heard).toContainEqual({ full: true });
    expect(logged).toContain('catalogue change connection lost');
    // And it hears writes again.
    const again = nextChange();
    await database.db.execute(sql`update events set updated_at = now() where id = 'E-notify'`);
    await again;
    expect(heard.at(-1)).toEqual({ full: false });
  });
});
