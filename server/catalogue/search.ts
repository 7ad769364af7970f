import { type SQL, sql } from 'drizzle-orm';
import type { SearchQuery, SearchResult } from '../../contracts/catalogue.ts';
import { DEFAULTS } from '../../contracts/enums.ts';
import type { Db } from '../db/client.ts';
import type { ReadOptions } from './events.ts';
import {
  eventConditions,
  geoOf,
  keywordCandidates,
  loadAttractions,
  loadEvents,
  matches,
  ordered,
  type Picked,
  pickedIds,
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
const CANDIDATES = 20;
const PREFIX_CANDIDATES = 20;
/** Venues whose names match lend their events to the event list (see relatedEvents). */
const RELATED = 20;
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

/** The best `limit` attractions as a Picked statement. */
function rankedAttractions(query: SearchQuery, q: TextQuery | undefined, limit: number): Picked {
  const where = and(attractionConditions(query));
  if (!q) {
    return ordered(
      sql`select a.id from attractions a where ${where} and a.upcoming_events > 0
        order by a.popularity desc nulls last, a.id limit ${limit}`,
    );
  }
  return ordered(
    sql`select a.id from (
      (select a.id, a.search_text, a.popularity from attractions a where ${where} and a.search_text = ${q.text}
        order by a.popularity desc nulls last limit ${PREFIX_CANDIDATES})
      union
      (select a.id, a.search_text, a.popularity from attractions a where ${where} and ${matches('a', q)}
        order by a.popularity desc nulls last limit ${CANDIDATES})
      union
      (select a.id, a.search_text, a.popularity from attractions a where ${where} and a.search_text like ${`${q.text}%`}
        order by a.popularity desc nulls last limit ${PREFIX_CANDIDATES})
    ) a order by ${relevance('a', q)} desc, a.search_text, a.id limit ${limit}`,
  );
}

/** The best `limit` events whose own name matches, as a Picked statement. */
function rankedEvents(query: SearchQuery, q: TextQuery | undefined, limit: number, now: Date): Picked {
  const filters = eventConditions(query, now);
  if (!q) {
    return diversified(
      sql`select e.id, e.search_text, e.popularity, e.starts_at from events e where ${and(filters)}
        order by e.popularity desc nulls last limit ${CANDIDATES}`,
      sql`e.popularity`,
      limit,
    );
  }
  return diversified(keywordCandidates(filters, q, CANDIDATES, false), relevance('e', q), limit);
}

/**
 * Best first, but one date of each show before a second date of any (ADR 0003): five
 * nights of one tour would otherwise fill the panel, while a search for that one show
 * still lists its dates, soonest first.
 */
function diversified(candidates: SQL, score: SQL, limit: number): Picked {
  return ordered(
    sql`select e.id from (
      select c.*, row_number() over (partition by c.search_text order by c.starts_at asc nulls last, c.id) as occurrence
      from (${candidates}) c
    ) e order by e.occurrence = 1 desc, ${score} desc, e.starts_at asc nulls last, e.id limit ${limit}`,
  );
}

/**
 * Events named otherwise but held at a matching venue or featuring a matching attraction
 * ('madison squ', a support act), most popular first. They fill the list only when names
 * alone left room, so a broad prefix never pays for them (ADR 0003).
 */
function relatedEvents(
  query: SearchQuery,
  q: TextQuery,
  attractionIds: string[],
  exclude: string[],
  limit: number,
  now: Date,
): Picked {
  const where = eventConditions(query, now);
  if (exclude.length > 0) where.push(sql`e.id not in ${exclude}`);
  // One indexed branch per relation: an OR across them would scan every event.
  const branch = (condition: SQL) =>
    sql`(select e.id, e.popularity, e.starts_at from events e where ${and([...where, condition])}
      order by e.popularity desc nulls last limit ${limit})`;
  const branches = [
    branch(
      sql`e.venue_id in (select v.id from venues v where ${matches('v', q)}
        order by v.upcoming_events desc limit ${RELATED})`,
    ),
    ...(attractionIds.length > 0
      ? [branch(sql`e.id in (select ea.event_id from event_attractions ea where ea.attraction_id in ${attractionIds})`)]
      : []),
  ];
  return ordered(
    sql`select e.id from (${sql.join(branches, sql` union `)}) e
      order by e.popularity desc nulls last, e.starts_at asc nulls last, e.id limit ${limit}`,
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
  let [attractions, events] = await Promise.all([
    loadAttractions(db, rankedAttractions(query, q, size)),
    loadEvents(db, rankedEvents(query, q, size, now), hydrate),
  ]);
  if (q && events.length < size) {
    const more = relatedEvents(
      query,
      q,
      attractions.map((a) => a.id),
      events.map((e) => e.id),
      size - events.length,
      now,
    );
    events = [...events, ...(await loadEvents(db, more, hydrate))];
  }
  let isFuzzy = false;
  if (q && q.text.length >= FUZZY_MIN_LENGTH && attractions.length === 0 && events.length === 0) {
    const close = await fuzzy(db, query, q, size, now);
    [attractions, events] = await Promise.all([
      loadAttractions(db, pickedIds(close.attractions)),
      loadEvents(db, pickedIds(close.events), hydrate),
    ]);
    isFuzzy = attractions.length + events.length > 0;
  }
  return { _embedded: { attractions, events }, fuzzy: isFuzzy };
}
