import { type SQL, sql } from 'drizzle-orm';
import type { Attraction, Event, UpcomingEvents, Venue } from '#contracts/catalogue';
import { type CatalogueSource, DEFAULTS, type TicketCategory } from '#contracts/enums';
import { cachePerOwner } from '../cache.ts';
import type { Db } from '../db/client.ts';
import { distanceOf, type Geo } from './geo.ts';
import {
  type AttractionRow,
  type ClassificationColumns,
  type EventRow,
  type Names,
  serializeAttraction,
  serializeEvent,
  serializeVenue,
  type VenueRow,
} from './serialize.ts';
import { searchText } from './text.ts';

/**
 * The SQL the catalogue reads share: text matching (ADR 0003) and hydration of ids into
 * Discovery-shaped events, venues and attractions. The event filters are event-filters.ts.
 * Every statement is plain PostgreSQL that runs unchanged on PGlite and a server.
 */

export type Queryable = Pick<Db, 'execute'>;

export async function rows<T>(db: Queryable, query: SQL): Promise<T[]> {
  const result = await db.execute(query);
  return (result as unknown as { rows: T[] }).rows;
}

// ─── Text matching ───────────────────────────────────────────────────────────

export type TextQuery = {
  /** The keyword as search_text holds names (catalogue/text.ts). */
  text: string;
  /** Every word as a prefix, all required: 'taylor sw' → 'taylor:* & sw:*'. */
  tsquery: string;
  /** The words themselves, for the in-memory matcher (search/text-index.ts). */
  words: string[];
};

/** Words beyond this add nothing to a name search but cost index lookups. */
const MAX_WORDS = 8;

export function textQuery(keyword: string | undefined): TextQuery | undefined {
  const text = keyword ? searchText(keyword) : '';
  if (!text) return undefined;
  // searchText leaves letters, digits and single spaces only, so no tsquery syntax survives.
  const words = text.split(' ').slice(0, MAX_WORDS);
  return { text: words.join(' '), tsquery: words.map((w) => `${w}:*`).join(' & '), words };
}

/** The stored vector the *_search_vector_idx indexes cover (server/db/schema.ts). */
export const vectorOf = (alias: string) => sql.raw(`${alias}.search_vector`);
export const tsqueryOf = (q: TextQuery) => sql`to_tsquery('simple'::regconfig, ${q.tsquery})`;
export const matches = (alias: string, q: TextQuery) => sql`${vectorOf(alias)} @@ ${tsqueryOf(q)}`;

/**
 * Relevance (ADR 0003): the whole name typed scores highest, then a name that starts with
 * what was typed, then any name holding every word; popularity (0–100) breaks ties and
 * lifts well-known names over obscure ones within reach of a tier.
 */
export function relevance(alias: string, q: TextQuery): SQL {
  return sql`(case when ${sql.raw(alias)}.search_text = ${q.text} then 1.0
    when ${sql.raw(alias)}.search_text like ${`${q.text}%`} then 0.6 else 0 end
    + least(greatest(${sql.raw(alias)}.popularity, 0), 100) / 100.0)`;
}

// ─── Keyword conditions ──────────────────────────────────────────────────────

/**
 * Events whose own name, venue name or any attraction's name holds every typed word.
 * A union of three index scans: an OR across tables would force a scan of every event.
 */
export function eventKeywordCondition(q: TextQuery): SQL {
  return sql`e.id in (
    select m.id from events m where ${matches('m', q)}
    union
    select m.id from events m where m.venue_id in (select v.id from venues v where ${matches('v', q)})
    union
    select ea.event_id from event_attractions ea
      join attractions a on a.id = ea.attraction_id where ${matches('a', q)}
  )`;
}

/**
 * The keyword's candidates, ranked later by relevance(): for each way an event can match,
 * its `cap` most popular matches. Relevance is a name tier (exact 1.0, starts-with 0.6,
 * else 0) plus popularity, so within one way of matching it grows with popularity, and the
 * best `cap` events overall are always among these candidates (ADR 0003) while a
 * one-letter keyword costs `cap` rows per way instead of a third of the catalogue.
 * `related` adds the venue and line-up ways.
 */
export function keywordCandidates(
  conditions: SQL[],
  q: TextQuery,
  cap: number,
  related: boolean,
  { byPopularity = true } = {},
): SQL {
  const where = conditions.length > 0 ? sql`${sql.join(conditions, sql` and `)} and` : sql``;
  // Without byPopularity any `cap` matches do: enough to count up to `cap` (listEvents).
  const order = byPopularity ? sql`order by e.popularity desc nulls last` : sql``;
  const way = (match: SQL, limit = cap) =>
    sql`(select e.id, e.search_text, e.popularity, e.starts_at from events e where ${where} ${match}
      ${order} limit ${limit})`;
  const ways = [
    way(sql`e.search_text = ${q.text}`),
    way(sql`e.search_text like ${`${q.text}%`}`),
    way(matches('e', q)),
  ];
  if (related) {
    ways.push(
      way(sql`e.venue_id in (select v.id from venues v where ${matches('v', q)})`),
      way(
        sql`e.id in (select ea.event_id from event_attractions ea join attractions a on a.id = ea.attraction_id
          where ${matches('a', q)})`,
      ),
    );
  }
  return sql.join(ways, sql` union `);
}

export const whereOf = (conditions: SQL[]) =>
  conditions.length > 0 ? sql`where ${sql.join(conditions, sql` and `)}` : sql``;

// ─── Hydration ───────────────────────────────────────────────────────────────
//
// Statements here stay small on purpose: on PGlite, planning a statement that also joined
// classification names and built each line-up as JSON took 15 ms, executing it 1.6 ms
// (ADR 0003). Names come from a cached map, line-ups from a second plain statement.

const UTC_ISO = `'YYYY-MM-DD"T"HH24:MI:SS"Z"'`;

const ATTRACTION_COLUMNS = sql.raw(`a.id, a.source, a.name, a.url, a.description, a.images, a.upcoming_events,
  a.segment_id, a.genre_id, a.sub_genre_id`);

const VENUE_FIELDS = [
  'id',
  'source',
  'name',
  'url',
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
  'upcoming_events',
] as const satisfies readonly (keyof VenueRow)[];
const VENUE_COLUMNS = sql.raw(VENUE_FIELDS.map((f) => `v.${f}`).join(', '));
/** The same columns prefixed v_, beside an event's own. */
const VENUE_AS_V = sql.raw(VENUE_FIELDS.map((f) => `v.${f} as v_${f}`).join(', '));

/** An event row with its venue's columns alongside (v_*), from one join. */
type EventWithVenueRow = EventRow & { [K in keyof VenueRow as `v_${K & string}`]: VenueRow[K] | null };

function eventWithVenueColumns(geo: Geo | undefined): SQL {
  return sql`e.id, e.source, e.name, e.url, e.info, e.please_note,
    e.local_date::text as local_date, to_char(e.local_time, 'HH24:MI:SS') as local_time,
    to_char(e.starts_at at time zone 'UTC', ${sql.raw(UTC_ISO)}) as starts_at,
    e.timezone, e.status_code, e.venue_id, e.price_ranges,
    e.price_min::float8 as price_min, e.price_max::float8 as price_max, e.currency, e.images,
    e.segment_id, e.genre_id, e.sub_genre_id,
    ${geo ? distanceOf('e', geo) : sql`null::float8`} as distance,
    ${VENUE_AS_V}`;
}

function venueOf(row: EventWithVenueRow): VenueRow | undefined {
  if (!row.v_id) return undefined;
  return Object.fromEntries(VENUE_FIELDS.map((f) => [f, row[`v_${f}`]])) as VenueRow;
}

/**
 * Classification names, a few hundred rows read whole and kept per database for a minute.
 * An id the map lacks (a sync just added a genre) reloads it, at most once a second.
 */
const NAMES_TTL_MS = 60_000;
const NAMES_RETRY_MS = 1_000;
const nameCache = cachePerOwner<'names', { names: Map<string, string>; loadedAt: number }>({
  ttlMs: NAMES_TTL_MS,
  maxEntries: 1,
});

export async function classificationNames(
  db: Queryable,
  rowsNeeding: readonly ClassificationColumns[],
): Promise<Names> {
  const now = Date.now();
  const cached = nameCache(db).get('names');
  const missing = (names: Map<string, string>) =>
    rowsNeeding.some((r) => [r.segment_id, r.genre_id, r.sub_genre_id].some((id) => id && !names.has(id)));
  if (cached && (now - cached.loadedAt < NAMES_RETRY_MS || !missing(cached.names))) return cached.names;
  const list = await rows<{ id: string; name: string }>(db, sql`select id, name from classifications`);
  const names = new Map(list.map((c) => [c.id, c.name]));
  nameCache(db).set('names', { names, loadedAt: now }, now + NAMES_TTL_MS);
  return names;
}

/**
 * Upcoming means what refreshUpcomingCounts (counts.ts) counts: starts now or later, or
 * date TBA, any status.
 */
const upcoming = (now: Date) => sql`(e.starts_at is null or e.starts_at >= ${now.toISOString()}::timestamptz)`;

/**
 * Live upcoming counts per source for one attraction or venue (detail pages); lists use the
 * denormalised totals so a search answer costs no counting (ADR 0003).
 */
async function liveCounts(db: Queryable, from: SQL, now: Date): Promise<UpcomingEvents> {
  const list = await rows<SourceCount>(
    db,
    sql`select e.source, count(*)::int as n from ${from} and ${upcoming(now)} group by e.source order by e.source`,
  );
  return countsOf(list);
}

export type SourceCount = { source: CatalogueSource; n: number };

export const countsOf = (list: readonly SourceCount[]): UpcomingEvents => ({
  _total: list.reduce((sum, r) => sum + r.n, 0),
  ...Object.fromEntries(list.map((r) => [r.source, r.n])),
});

export const totalOnly = (row: { upcoming_events: number }): UpcomingEvents => ({ _total: row.upcoming_events });

/** Attractions of a Picked statement, in its order. */
export async function loadAttractions(db: Queryable, picked: Picked): Promise<Attraction[]> {
  const list = await rows<AttractionRow>(
    db,
    sql`with picked as (${picked})
      select ${ATTRACTION_COLUMNS} from picked p join attractions a on a.id = p.id order by p.ord`,
  );
  return serializeAttractions(db, list);
}

/**
 * Attractions by id, in that order (an id the catalogue lacks is left out): the rows of
 * loadAttractions, read through encore_attraction_rows, whose plan the database keeps (ADR 0048).
 */
export async function loadAttractionsByIds(db: Queryable, ids: readonly string[]): Promise<Attraction[]> {
  if (ids.length === 0) return [];
  return serializeAttractions(db, await rowsById<AttractionRow>(db, 'encore_attraction_rows', ids));
}

async function serializeAttractions(db: Queryable, list: AttractionRow[]): Promise<Attraction[]> {
  const names = await classificationNames(db, list);
  return list.map((row) => serializeAttraction(row, totalOnly(row), names));
}

/**
 * The rows a catalogue function of migration 0015 answers for `ids`, one JSON value each:
 * the statement's plan is the function's, kept for the connection's life instead of planned
 * for every page (ADR 0048). The driver parses each value as it parses a json column.
 */
async function rowsById<T>(
  db: Queryable,
  fn: 'encore_event_rows' | 'encore_attraction_rows',
  ids: readonly string[],
): Promise<T[]> {
  // One parameter, a text[]: both drivers send a JavaScript array as an array literal.
  const list = await rows<{ j: T }>(db, sql`select r.j from ${sql.raw(fn)}(${sql.param(ids)}::text[]) as r(j)`);
  return list.map((r) => r.j);
}

/** One attraction with per-source upcoming counts. */
export async function loadAttraction(db: Queryable, id: string, now: Date): Promise<Attraction | undefined> {
  // The counts ride along in the same statement: on PGlite each statement costs about as
  // much again as the little work these do (ADR 0034).
  const [row] = await rows<AttractionRow & { counts: SourceCount[] }>(
    db,
    sql`select ${ATTRACTION_COLUMNS},
      (select coalesce(json_agg(json_build_object('source', c.source, 'n', c.n) order by c.source), '[]'::json)
        from (select e.source, count(*)::int as n
          from event_attractions ea join events e on e.id = ea.event_id
          where ea.attraction_id = a.id and ${upcoming(now)} group by e.source) c) as counts
      from attractions a where a.id = ${id}`,
  );
  if (!row) return undefined;
  const { counts, ...attraction } = row;
  return serializeAttraction(attraction, countsOf(counts), await classificationNames(db, [attraction]));
}

/** One venue with per-source upcoming counts. */
export async function loadVenue(db: Queryable, id: string, now: Date): Promise<Venue | undefined> {
  const [row] = await rows<VenueRow>(db, sql`select ${VENUE_COLUMNS} from venues v where v.id = ${id}`);
  if (!row) return undefined;
  return serializeVenue(row, await liveCounts(db, sql`events e where e.venue_id = ${id}`, now));
}

export type HydrateOptions = {
  geo: Geo | undefined;
  ticketCategory: TicketCategory;
  /**
   * Line-ups by event id, headliner first, when the caller already knows them (search's
   * snapshot); otherwise a second statement reads them.
   */
  lineUps?: (eventIds: string[]) => Promise<Map<string, Attraction[]>>;
  /** Event rows the caller keeps as text (the search snapshot's, answer.ts): read from there, not the database. */
  rowTexts?: KeptEventRows;
};

/**
 * Event rows as JSON text by id, as encore_event_rows answers them (migration 0015): a row
 * found is parsed instead of read; rows read are handed to `keep`.
 */
export type KeptEventRows = { get(id: string): string | undefined; keep(read: EventRowText[]): void };
export type EventRowText = { id: string; text: string };

/** A statement selecting `id` and `ord` (the order to answer in) of the rows to load. */
export type Picked = SQL;

/** Ids in the given order, as a Picked statement. */
export function pickedIds(ids: string[]): Picked {
  if (ids.length === 0) return sql`select null::text as id, 0 as ord where false`;
  const list = sql.join(
    ids.map((id, i) => sql`(${id}, ${i})`),
    sql`, `,
  );
  return sql`select id, ord::int as ord from (values ${list}) as t(id, ord)`;
}

/**
 * Numbers the rows of an ordered `select e.id …` as Picked. row_number() over () counts rows
 * as the sorted subquery hands them over; nothing sits between the two to reorder them.
 */
export function ordered(select: SQL): Picked {
  return sql`select s.id, (row_number() over ())::int as ord from (${select}) s`;
}

/**
 * Events of a Picked statement, in its order, each with its venue and attractions embedded:
 * two statements whatever the page size (events with venues; their line-ups).
 */
export async function loadEvents(db: Queryable, picked: Picked, options: HydrateOptions): Promise<Event[]> {
  const list = await rows<EventWithVenueRow>(
    db,
    sql`with picked as (${picked})
      select ${eventWithVenueColumns(options.geo)}
      from picked p join events e on e.id = p.id left join venues v on v.id = e.venue_id
      order by p.ord`,
  );
  return serializeEvents(db, list, options);
}

/**
 * Events by id, in that order (an id the catalogue lacks is left out), as loadEvents reads
 * them. Without a distance they come through encore_event_rows, whose plan the database
 * keeps (ADR 0048); a distance is computed by the statement, from the visitor's point.
 */
export async function loadEventsByIds(
  db: Queryable,
  ids: readonly string[],
  options: HydrateOptions,
): Promise<Event[]> {
  if (options.geo) return loadEvents(db, pickedIds([...ids]), options);
  if (ids.length === 0) return [];
  const kept = options.rowTexts;
  const found = new Map<string, EventWithVenueRow>();
  const missing: string[] = [];
  for (const id of ids) {
    const text = kept?.get(id);
    if (text === undefined) missing.push(id);
    else found.set(id, JSON.parse(text) as EventWithVenueRow);
  }
  if (missing.length) {
    const read = await eventRowTexts(db, missing);
    for (const { id, text } of read) found.set(id, JSON.parse(text) as EventWithVenueRow);
    kept?.keep(read);
  }
  return serializeEvents(
    db,
    ids.flatMap((id) => found.get(id) ?? []),
    options,
  );
}

/**
 * Events' rows by id as the JSON text encore_event_rows answers, in that order (an id the
 * catalogue lacks is left out): text crosses from the database's thread as one string a row,
 * and is what a snapshot keeps (answer.ts).
 */
export async function eventRowTexts(db: Queryable, ids: readonly string[]): Promise<EventRowText[]> {
  return rows<EventRowText>(
    db,
    sql`select r.j->>'id' as id, r.j::text as text from encore_event_rows(${sql.param(ids)}::text[]) as r(j)`,
  );
}

async function serializeEvents(db: Queryable, list: EventWithVenueRow[], options: HydrateOptions): Promise<Event[]> {
  if (list.length === 0) return [];
  const ids = list.map((e) => e.id);
  const attractions = options.lineUps ? await options.lineUps(ids) : await lineUpsOf(db, ids);
  const names = await classificationNames(db, list);
  const unit = options.geo?.unit ?? DEFAULTS.unit;
  return list.map((row) => {
    const venue = venueOf(row);
    return serializeEvent(row, {
      venue: venue ? serializeVenue(venue, totalOnly(venue)) : undefined,
      attractions: attractions.get(row.id) ?? [],
      ticketCategory: options.ticketCategory,
      unit,
      names,
    });
  });
}

/** The attractions of each event, headliner first. */
async function lineUpsOf(db: Queryable, eventIds: string[]): Promise<Map<string, Attraction[]>> {
  const lineUp = await rows<AttractionRow & { event_id: string }>(
    db,
    sql`select ea.event_id, ${ATTRACTION_COLUMNS} from event_attractions ea join attractions a on a.id = ea.attraction_id
      where ea.event_id in ${eventIds} order by ea.event_id, ea.position, a.id`,
  );
  const names = await classificationNames(db, lineUp);
  const attractions = new Map<string, Attraction[]>();
  for (const row of lineUp) {
    const attraction = serializeAttraction(row, totalOnly(row), names);
    attractions.set(row.event_id, [...(attractions.get(row.event_id) ?? []), attraction]);
  }
  return attractions;
}
