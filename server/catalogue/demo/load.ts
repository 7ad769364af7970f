import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { notifyCatalogueChanged } from '../changes.ts';
import { refreshUpcomingCounts } from '../counts.ts';
import { imageSet } from '../images.ts';
import { searchText } from '../text.ts';
import { DEFAULT_SEED, DemoCatalogue, type DemoEvent, type DemoOptions } from './generate.ts';
import { classificationRows, SEGMENT_IDS } from './taxonomy.ts';

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

    const venueColumns = [
      'id',
      'source',
      'source_id',
      'name',
      'search_text',
      'address',
      'city',
      'state_code',
      'state_name',
      'country_code',
      'country_name',
      'postal_code',
      'timezone',
      'latitude',
      'longitude',
      'images',
    ];
    for (let i = 0; i < catalogue.venues.length; i += batchSize) {
      const rows = catalogue.venues.slice(i, i + batchSize).map((v) => ({
        id: v.id,
        source: 'demo',
        source_id: v.id,
        name: v.name,
        search_text: searchText(v.name),
        address: v.address,
        city: v.place.city,
        state_code: v.place.stateCode,
        state_name: v.place.stateName,
        country_code: v.place.countryCode,
        country_name: v.place.countryName,
        postal_code: v.postalCode,
        timezone: v.place.timezone,
        latitude: v.latitude,
        longitude: v.longitude,
        images: imageSet('venue', v.name),
      }));
      await checkpoint();
      await insertJson(tx, 'venues', venueColumns, rows);
      report({
        phase: 'venues',
        done: Math.min(i + batchSize, catalogue.venues.length),
        total: catalogue.venues.length,
      });
    }

    const attractionColumns = [
      'id',
      'source',
      'source_id',
      'name',
      'search_text',
      'description',
      'segment_id',
      'genre_id',
      'sub_genre_id',
      'popularity',
      'images',
    ];
    for (let i = 0; i < catalogue.attractions.length; i += batchSize) {
      const rows = catalogue.attractions.slice(i, i + batchSize).map((a) => ({
        id: a.id,
        source: 'demo',
        source_id: a.id,
        name: a.name,
        search_text: searchText(a.name),
        description: a.description,
        segment_id: SEGMENT_IDS[a.segment].id,
        genre_id: a.genre.id,
        sub_genre_id: a.subGenre.id,
        popularity: a.popularity,
        images: imageSet(SEGMENT_IDS[a.segment].theme, a.name),
      }));
      await checkpoint();
      await insertJson(tx, 'attractions', attractionColumns, rows);
      report({
        phase: 'attractions',
        done: Math.min(i + batchSize, catalogue.attractions.length),
        total: catalogue.attractions.length,
      });
    }

    const eventColumns = [
      'id',
      'source',
      'source_id',
      'name',
      'search_text',
      'info',
      'please_note',
      'local_date',
      'local_time',
      'starts_at',
      'timezone',
      'status_code',
      'segment_id',
      'genre_id',
      'sub_genre_id',
      'venue_id',
      'latitude',
      'longitude',
      'country_code',
      'price_ranges',
      'price_min',
      'price_max',
      'currency',
      'popularity',
      'images',
    ];
    let batch: DemoEvent[] = [];
    const flush = async () => {
      if (batch.length === 0) return;
      await checkpoint();
      await insertJson(tx, 'events', eventColumns, batch.map(eventRow));
      await insertJson(
        tx,
        'event_attractions',
        ['event_id', 'attraction_id', 'position'],
        batch.flatMap((e) => e.attractions.map((a, position) => ({ event_id: e.id, attraction_id: a.id, position }))),
      );
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

function eventRow(e: DemoEvent) {
  return {
    id: e.id,
    source: 'demo',
    source_id: e.id,
    name: e.name,
    search_text: searchText(e.name),
    info: e.info,
    please_note: e.pleaseNote,
    local_date: e.localDate,
    local_time: e.localTime,
    starts_at: e.startsAt?.toISOString() ?? null,
    timezone: e.venue.place.timezone,
    status_code: e.statusCode,
    segment_id: SEGMENT_IDS[e.segment].id,
    genre_id: e.genre.id,
    sub_genre_id: e.subGenre.id,
    venue_id: e.venue.id,
    latitude: e.venue.latitude,
    longitude: e.venue.longitude,
    country_code: e.venue.place.countryCode,
    price_ranges: e.priceRanges,
    price_min: e.priceMin,
    price_max: e.priceMax,
    currency: e.currency,
    popularity: e.popularity,
    images: imageSet(e.imageTheme, e.imageName),
  };
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
