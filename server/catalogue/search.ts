import { type SQL, sql } from 'drizzle-orm';
import type { Event, SearchQuery, SearchResult } from '../../contracts/catalogue.ts';
import { DEFAULTS } from '../../contracts/enums.ts';
import type { Db } from '../db/client.ts';
import type { ReadOptions } from './events.ts';
import {
  eventConditions,
  type Geo,
  geoOf,
  loadAttractions,
  loadEvents,
  pickedIds,
  rows,
  sourcesFor,
  type TextQuery,
  textQuery,
} from './queries.ts';
import {
  type EventFields,
  haversine,
  type Picks,
  type SearchIndex,
  searchIndexFor,
  withWords,
} from './search-index.ts';

/**
 * GET /events/search (SPEC §2 search box, §7): attractions and upcoming events for what
 * was typed so far. Matching and ranking run on the in-memory snapshot (search-index.ts,
 * ADR 0010) with ADR 0003's rules; rows are then read from the database, or from what
 * this snapshot already read.
 */

/** Lowest pg_trgm word similarity a close spelling needs (ADR 0003). */
const FUZZY_THRESHOLD = 0.45;
/** Below this many characters a "close spelling" is mostly noise ('tay' ≈ 'tale'). */
const FUZZY_MIN_LENGTH = 4;

function attractionConditions(query: SearchQuery): SQL[] {
  const where: SQL[] = [];
  if (query.segmentId?.length) where.push(sql`a.segment_id in ${query.segmentId}`);
  const genres = [...(query.genres ?? []), ...(query.genreId ?? [])];
  if (genres.length) {
    const lowered = genres.map((g) => g.toLowerCase());
    const ids = sql`(select c.id from classifications c where c.id in ${genres} or lower(c.name) in ${lowered})`;
    where.push(
      sql`(a.genre_id in ${genres} or a.sub_genre_id in ${genres} or a.genre_id in ${ids} or a.sub_genre_id in ${ids})`,
    );
  }
  if (query.source?.length) where.push(sql`a.source in ${sourcesFor(query.source)}`);
  return where;
}

const and = (conditions: SQL[]) => (conditions.length ? sql.join(conditions, sql` and `) : sql`true`);

/**
 * Typo-tolerant fallback: names holding a word close to what was typed (pg_trgm
 * word similarity, GIN trigram index), only when nothing matched as typed.
 */
async function fuzzy(db: Db, query: SearchQuery, q: TextQuery, limit: number, now: Date): Promise<Picks> {
  const attractionWhere = and(attractionConditions(query));
  const eventWhere = and(eventConditions(query, now));
  // pg_trgm's default word-similarity threshold (0.6) misses one wrong letter in a short
  // word ('tayler' → 'taylor' scores 0.57); set per transaction, so no setup is needed on a
  // server and nothing leaks to other queries on the connection.
  return db.transaction(async (tx) => {
    await tx.execute(sql`select set_config('pg_trgm.word_similarity_threshold', ${String(FUZZY_THRESHOLD)}, true)`);
    const attractions = await rows<{ id: string }>(
      tx,
      sql`select a.id from attractions a where ${attractionWhere} and a.search_text %> ${q.text}
        order by word_similarity(${q.text}, a.search_text) desc, a.popularity desc nulls last, a.id limit ${limit}`,
    );
    const events = await rows<{ id: string }>(
      tx,
      sql`select e.id from events e where ${eventWhere} and e.search_text %> ${q.text}
        order by word_similarity(${q.text}, e.search_text) desc, e.popularity desc nulls last, e.starts_at asc nulls last, e.id
        limit ${limit}`,
    );
    return { attractions: attractions.map((r) => r.id), events: events.map((r) => r.id) };
  });
}

export async function searchCatalogue(db: Db, query: SearchQuery, options: ReadOptions = {}): Promise<SearchResult> {
  const now = options.now ?? new Date();
  const size = query.size ?? DEFAULTS.searchSize;
  const q = textQuery(query.keyword);
  const index = await searchIndexFor(db);
  let picks = index.search(query, q && withWords(q), size, now);
  let isFuzzy = false;
  if (q && q.text.length >= FUZZY_MIN_LENGTH && picks.attractions.length === 0 && picks.events.length === 0) {
    picks = await fuzzy(db, query, q, size, now);
    isFuzzy = picks.attractions.length + picks.events.length > 0;
  }
  const geo = geoOf(query);
  const ticketCategory = query.ticketCategory ?? DEFAULTS.ticketCategory;
  const [attractions, events] = await Promise.all([
    hydrated(index, picks.attractions, (ids) => loadAttractions(db, pickedIds(ids))),
    hydrated(
      index,
      picks.events,
      (ids) => loadEvents(db, pickedIds(ids), { geo: undefined, ticketCategory }),
      `|${ticketCategory}`,
    ),
  ]);
  return {
    _embedded: { attractions, events: geo ? events.map((e) => withDistance(e, index.event(e.id), geo)) : events },
    fuzzy: isFuzzy,
  };
}

/** Hydrated answers kept per snapshot: typing 'dar', 'dari', 'dariu' keeps answering the same few rows. */
const HYDRATED_ENTRIES = 20_000;

/** Rows by id, in the order asked, from the snapshot's cache or one load for the rest. */
async function hydrated<T extends { id: string }>(
  index: SearchIndex,
  ids: string[],
  load: (ids: string[]) => Promise<T[]>,
  variant = '',
): Promise<T[]> {
  const cache = index.hydrated as Map<string, T>;
  const missing = ids.filter((id) => !cache.has(id + variant));
  if (missing.length > 0) {
    for (const row of await load(missing)) cache.set(row.id + variant, row);
    while (cache.size > HYDRATED_ENTRIES) cache.delete(cache.keys().next().value!);
  }
  return ids.map((id) => cache.get(id + variant)).filter((row): row is T => row !== undefined);
}

/** The distance from the searched place, placed as serializeEvent places it. */
function withDistance(event: Event, fields: EventFields | undefined, geo: Geo): Event {
  if (!fields || fields.latitude === null || fields.longitude === null) return event;
  const miles = haversine(geo.latitude, geo.longitude, fields.latitude, fields.longitude, geo.unit);
  const { _links, _embedded, ...head } = event;
  return {
    ...head,
    distance: Math.round(miles * 100) / 100,
    units: geo.unit === 'km' ? 'KILOMETERS' : 'MILES',
    _links,
    _embedded,
  };
}
