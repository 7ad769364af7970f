import { type SQL, sql } from 'drizzle-orm';
import type { SearchQuery, SearchResult } from '../../contracts/catalogue.ts';
import { DEFAULTS } from '../../contracts/enums.ts';
import type { Db } from '../db/client.ts';
import type { ReadOptions } from './events.ts';
import {
  eventConditions,
  geoOf,
  loadAttractions,
  loadEvents,
  matches,
  ordered,
  type Picked,
  pickedIds,
  type Queryable,
  relevance,
  rows,
  sourcesFor,
  type TextQuery,
  textQuery,
} from './queries.ts';

/**
 * GET /events/search (SPEC §2 search box, §7): attractions and upcoming events for what
 * was typed so far. ADR 0003 explains the ranking and the numbers behind the limits below.
 */

/**
 * Each text branch keeps its most popular matches only, so a one-letter prefix that
 * matches a third of the catalogue costs a bounded amount (the planner walks the
 * popularity index until it has them); ranking then runs on the candidates (ADR 0003).
 */
const CANDIDATES = 50;
const PREFIX_CANDIDATES = 20;
/** Attractions and venues whose names match lend their events to the event list. */
const RELATED = 20;
/** Lowest pg_trgm word similarity a close spelling needs (ADR 0003). */
const FUZZY_THRESHOLD = 0.45;

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

/** Matching attraction ids, best first (up to `limit`). */
async function findAttractions(db: Queryable, query: SearchQuery, q: TextQuery | undefined, limit: number) {
  const where = and(attractionConditions(query));
  if (!q) {
    return rows<{ id: string }>(
      db,
      sql`select a.id from attractions a where ${where} and a.upcoming_events > 0
        order by a.popularity desc nulls last, a.id limit ${limit}`,
    );
  }
  return rows<{ id: string }>(
    db,
    sql`select a.id from (
      (select a.id, a.search_text, a.popularity from attractions a where ${where} and ${matches('a', q)}
        order by a.popularity desc nulls last limit ${CANDIDATES})
      union
      (select a.id, a.search_text, a.popularity from attractions a where ${where} and a.search_text like ${`${q.text}%`}
        order by a.popularity desc nulls last limit ${PREFIX_CANDIDATES})
    ) a order by ${relevance('a', q)} desc, a.search_text, a.id limit ${limit}`,
  );
}

/** The best `limit` events as a Picked statement (ids with their rank). */
function rankedEvents(
  query: SearchQuery,
  q: TextQuery | undefined,
  attractionIds: string[],
  limit: number,
  now: Date,
): Picked {
  const where = and(eventConditions(query, now));
  if (!q) {
    return ordered(
      sql`select e.id from events e where ${where}
        order by e.popularity desc nulls last, e.starts_at asc nulls last, e.id limit ${limit}`,
    );
  }
  const branch = (condition: SQL, cap: number) =>
    sql`(select e.id, e.search_text, e.popularity, e.starts_at from events e where ${where} and ${condition}
      order by e.popularity desc nulls last limit ${cap})`;
  const branches = [
    branch(matches('e', q), CANDIDATES),
    branch(sql`e.search_text like ${`${q.text}%`}`, PREFIX_CANDIDATES),
    branch(
      sql`e.venue_id in (select v.id from venues v where ${matches('v', q)}
        order by v.upcoming_events desc limit ${RELATED})`,
      PREFIX_CANDIDATES,
    ),
  ];
  if (attractionIds.length > 0) {
    branches.push(
      branch(
        sql`e.id in (select ea.event_id from event_attractions ea where ea.attraction_id in ${attractionIds})`,
        PREFIX_CANDIDATES,
      ),
    );
  }
  return ordered(
    sql`select e.id from (${sql.join(branches, sql` union `)}) e
      order by ${relevance('e', q)} desc, e.starts_at asc nulls last, e.id limit ${limit}`,
  );
}

/**
 * Typo-tolerant fallback: names holding a word close to what was typed (pg_trgm
 * word similarity, GIN trigram index), only when nothing matched as typed.
 */
async function fuzzy(db: Db, query: SearchQuery, q: TextQuery, limit: number, now: Date) {
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
  const hydrate = { geo: geoOf(query), ticketCategory: query.ticketCategory ?? DEFAULTS.ticketCategory };
  const matched = (await findAttractions(db, query, q, Math.max(size, RELATED))).map((r) => r.id);
  const picked = rankedEvents(query, q, matched, size, now);
  let [attractions, events] = await Promise.all([
    loadAttractions(db, matched.slice(0, size)),
    loadEvents(db, picked, hydrate),
  ]);
  let isFuzzy = false;
  if (q && attractions.length === 0 && events.length === 0) {
    const close = await fuzzy(db, query, q, size, now);
    [attractions, events] = await Promise.all([
      loadAttractions(db, close.attractions),
      loadEvents(db, pickedIds(close.events), hydrate),
    ]);
    isFuzzy = attractions.length + events.length > 0;
  }
  return { _embedded: { attractions, events }, fuzzy: isFuzzy };
}
