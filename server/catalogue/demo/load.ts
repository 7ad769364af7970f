import { getTableName, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { attractions, eventAttractions, events as eventsTable, venues } from '../../db/schema.ts';
import { notifyCatalogueChanged } from '../changes.ts';
import { refreshUpcomingCounts } from '../counts.ts';
import { DEFAULT_SEED, DemoCatalogue, type DemoEvent, type DemoOptions } from './generate.ts';
import { byColumnName, demoAttractionRow, demoEventAttractionRows, demoEventRow, demoVenueRow } from './rows.ts';
import { classificationRows } from './taxonomy.ts';

export type LoadPhase = 'prepare' | 'venues' | 'attractions' | 'events' | 'indexes' | 'counts';
export type LoadProgress = { phase: LoadPhase; done: number; total: number };

export type LoadOptions = DemoOptions & {
  onProgress?: (progress: LoadProgress) => void;
  /** Rows per INSERT statement. */
  batchSize?: number;
  /** Stops between batches; the transaction rolls back and the database is left as it was. */
  signal?: AbortSignal;
  /**
   * Load only if the catalogue has no events (first start). Checked under a transaction-level
   * advisory lock, so several servers starting together on one PostgreSQL load it once.
   */
  onlyIfEmpty?: boolean;
};

export type LoadSummary = {
  /** True when `onlyIfEmpty` found events already there and nothing was written. */
  skipped: boolean;
  venues: number;
  attractions: number;
  events: number;
  seed: number;
  /** Whether secondary indexes were dropped for the load and rebuilt after it. */
  rebuiltIndexes: boolean;
  milliseconds: number;
};

const CATALOGUE_TABLES = ['events', 'attractions', 'venues', 'event_attractions'] as const;
/** Advisory lock key serialising demo loads across processes (any constant unique to this job). */
const DEMO_LOCK = 0x656e636f; // 'enco'

type Tx = Pick<Db, 'execute'>;

/**
 * Writes a demo catalogue into the database, replacing any earlier demo rows (other sources
 * are left alone), in ONE transaction: readers see the old catalogue or the new one, never
 * half of it, and a crash leaves the database as it was. Rows go in as JSON batches through
 * `json_populate_recordset`, a few thousand per statement, the same SQL on PGlite and on a
 * PostgreSQL server.
 *
 * When the catalogue is empty (first start), the secondary indexes of the catalogue tables
 * (search GIN/trigram, geo, sort btrees; never primary keys or unique constraints) are dropped
 * for the load and re-created from their own definitions afterwards, which is several times
 * faster than maintaining them row by row. Being inside the transaction, a failure rolls the
 * drop back too. Upcoming-event counts are refreshed before commit.
 */
export async function loadDemoCatalogue(db: Db, options: LoadOptions): Promise<LoadSummary> {
  const started = performance.now();
  const report = options.onProgress ?? (() => {});
  const batchSize = options.batchSize ?? 2000;
  const seed = options.seed ?? DEFAULT_SEED;
  const now = options.now ?? new Date();
  report({ phase: 'prepare', done: 0, total: 1 });
  const catalogue = new DemoCatalogue({ ...options, seed, now });

  let rebuiltIndexes = false;
  let skipped = false;
  let events = 0;
  // PGlite settles its promises without a turn of the event loop, so a load of thousands of
  // statements would never let a signal handler run: each batch yields one turn (ADR 0016).
  const checkpoint = async () => {
    if (options.signal) await new Promise((resolve) => setImmediate(resolve));
    options.signal?.throwIfAborted();
  };
  await db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${DEMO_LOCK})`);
    if (options.onlyIfEmpty) {
      const existing = await tx.execute<{ any: boolean }>(sql`SELECT EXISTS (SELECT 1 FROM events) AS any`);
      if (existing.rows[0]?.any) {
        skipped = true;
        return;
      }
    }
    await tx.execute(sql`DELETE FROM events WHERE source = 'demo'`);
    await tx.execute(sql`DELETE FROM attractions WHERE source = 'demo'`);
    await tx.execute(sql`DELETE FROM venues WHERE source = 'demo'`);
    const indexes = (await catalogueIsEmpty(tx)) ? await dropSecondaryIndexes(tx) : [];
    rebuiltIndexes = indexes.length > 0;
    report({ phase: 'prepare', done: 1, total: 1 });

    await insertJson(
      tx,
      'classifications',
      ['id', 'level', 'name', 'parent_id'],
      classificationRows().map((c) => ({ id: c.id, level: c.level, name: c.name, parent_id: c.parentId })),
      'ON CONFLICT (id) DO NOTHING',
    );

    for (let i = 0; i < catalogue.venues.length; i += batchSize) {
      await checkpoint();
      await insertRows(tx, venues, catalogue.venues.slice(i, i + batchSize).map(demoVenueRow));
      report({
        phase: 'venues',
        done: Math.min(i + batchSize, catalogue.venues.length),
        total: catalogue.venues.length,
      });
    }

    for (let i = 0; i < catalogue.attractions.length; i += batchSize) {
      await checkpoint();
      await insertRows(tx, attractions, catalogue.attractions.slice(i, i + batchSize).map(demoAttractionRow));
      report({
        phase: 'attractions',
        done: Math.min(i + batchSize, catalogue.attractions.length),
        total: catalogue.attractions.length,
      });
    }

    let batch: DemoEvent[] = [];
    const flush = async () => {
      if (batch.length === 0) return;
      await checkpoint();
      await insertRows(tx, eventsTable, batch.map(demoEventRow));
      await insertRows(tx, eventAttractions, batch.flatMap(demoEventAttractionRows));
      events += batch.length;
      batch = [];
      report({ phase: 'events', done: events, total: catalogue.eventCount });
    };
    for (const event of catalogue.events()) {
      batch.push(event);
      if (batch.length >= batchSize) await flush();
    }
    await flush();

    for (const [i, index] of indexes.entries()) {
      await checkpoint();
      report({ phase: 'indexes', done: i, total: indexes.length });
      await tx.execute(sql.raw(index.definition));
    }
    report({ phase: 'indexes', done: indexes.length, total: indexes.length });

    report({ phase: 'counts', done: 0, total: 1 });
    await refreshUpcomingCounts(tx, { now });
    await tx.execute(sql`
      INSERT INTO ingest_runs (source, params, status, upserts, started_at, finished_at)
      VALUES ('demo', ${JSON.stringify({ events: catalogue.eventCount, seed, now: now.toISOString() })}::jsonb,
              'completed', ${events + catalogue.venues.length + catalogue.attractions.length}, now(), now())`);
    report({ phase: 'counts', done: 1, total: 1 });
  });
  if (skipped) {
    return { skipped, venues: 0, attractions: 0, events: 0, seed, rebuiltIndexes, milliseconds: 0 };
  }
  // Fresh statistics, so the planner sees the new row counts from the first query.
  await db.execute(sql.raw(`ANALYZE ${CATALOGUE_TABLES.join(', ')}`));
  notifyCatalogueChanged();

  return {
    skipped,
    venues: catalogue.venues.length,
    attractions: catalogue.attractions.length,
    events,
    seed,
    rebuiltIndexes,
    milliseconds: Math.round(performance.now() - started),
  };
}

/** Our row objects, inserted as one JSON batch per statement. */
async function insertRows(tx: Tx, table: PgTable, rows: readonly Record<string, unknown>[]): Promise<void> {
  const named = byColumnName(table, rows);
  if (named.length === 0) return;
  await insertJson(tx, getTableName(table), Object.keys(named[0]!), named);
}

async function insertJson(
  tx: Tx,
  table: string,
  columns: readonly string[],
  rows: readonly Record<string, unknown>[],
  suffix = '',
): Promise<void> {
  if (rows.length === 0) return;
  const list = columns.join(', ');
  await tx.execute(
    sql`${sql.raw(`INSERT INTO ${table} (${list}) SELECT ${list} FROM json_populate_recordset(null::${table}, `)}${JSON.stringify(rows)}::json${sql.raw(`) ${suffix}`)}`,
  );
}

async function catalogueIsEmpty(tx: Tx): Promise<boolean> {
  const result = await tx.execute<{ any: boolean }>(sql`
    SELECT EXISTS (SELECT 1 FROM events) OR EXISTS (SELECT 1 FROM attractions) OR EXISTS (SELECT 1 FROM venues) AS any`);
  return result.rows[0]?.any === false;
}

/** Drops the non-unique, non-primary-key indexes of the catalogue tables; returns how to rebuild them. */
async function dropSecondaryIndexes(tx: Tx): Promise<{ name: string; definition: string }[]> {
  const result = await tx.execute<{ name: string; definition: string }>(sql`
    SELECT i.indexrelid::regclass::text AS name, pg_get_indexdef(i.indexrelid) AS definition
    FROM pg_index i
    JOIN pg_class t ON t.oid = i.indrelid
    WHERE t.relnamespace = current_schema()::regnamespace
      AND t.relname IN ('events', 'attractions', 'venues', 'event_attractions')
      AND NOT i.indisprimary AND NOT i.indisunique
    ORDER BY 1`);
  for (const index of result.rows) await tx.execute(sql.raw(`DROP INDEX ${index.name}`));
  return result.rows;
}
