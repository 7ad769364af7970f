import { type SQL, sql } from 'drizzle-orm';
import {
  type Attraction,
  type Event,
  type EventImages,
  type EventList,
  type EventsQuery,
  LIMITS,
  type Venue,
} from '#contracts/catalogue';
import { DEFAULTS, type TicketCategory } from '#contracts/enums';
import type { CatalogueImage } from '../db/schema.ts';
import { conditionsOf, type EventFilter, eventFilters, START_ORDER } from './event-filters.ts';
import { distanceOf, type Geo, geoOf } from './geo.ts';
import {
  eventKeywordCondition,
  type HydrateOptions,
  keywordCandidates,
  loadAttraction,
  loadEvents,
  loadEventsByIds,
  loadVenue,
  ordered,
  type Picked,
  pickedIds,
  type Queryable,
  relevance,
  rows,
  type TextQuery,
  textQuery,
  whereOf,
} from './queries.ts';
import {
  type SearchIndex,
  SNAPSHOT_SORTS,
  type SnapshotSort,
  searchIndexFor,
  snapshotAttraction,
  snapshotEvents,
  snapshotLineUps,
} from './search/index.ts';
import { API_BASE } from './serialize.ts';

/**
 * Largest totalElements counted exactly. Only the first 1000 results can be paged to
 * (Discovery's rule), so past this the answer says "at least" (page.totalElementsCapped).
 */
export const COUNT_CAP = 10_000;

export type ReadOptions = {
  /** "Now" for upcoming filters and counts; tests pin it. */
  now?: Date;
  /**
   * For pages, whose catalogue data may be a few seconds old anyway (ADR 0034, 0041): events'
   * line-ups (answer.ts snapshotLineUps) and which events an artist list holds, in date or
   * name order, from the search snapshot instead of statements. The API asks the database.
   */
  fromSnapshot?: boolean;
};

function orderBy(query: EventsQuery, q: TextQuery | undefined, geo: Geo | undefined): SQL {
  switch (query.sort ?? DEFAULTS.sort) {
    case 'date,asc':
      // Without a window the upcoming filter is a range on START_ORDER; with one, on starts_at.
      return query.startDateTime || query.endDateTime ? sql`e.starts_at, e.id` : sql`${START_ORDER}, e.id`;
    case 'date,desc':
      return sql`e.starts_at desc nulls last, e.id`;
    case 'name,asc':
      // search_text sorts the same under every collation (lower case, no accents).
      return sql`e.search_text, e.starts_at asc nulls last, e.id`;
    case 'distance,asc':
      // The query schema refuses distance,asc without a location.
      return geo ? sql`${distanceOf('e', geo)}, e.starts_at asc nulls last, e.id` : sql`e.id`;
    default:
      return q
        ? sql`${relevance('e', q)} desc, e.starts_at asc nulls last, e.id`
        : sql`e.popularity desc nulls last, e.starts_at asc nulls last, e.id`;
  }
}

/** Query-string order of _links; only what the client set is carried over. */
const LINK_PARAMS = [
  'keyword',
  'latlong',
  'geoPoint',
  'latitude',
  'longitude',
  'radius',
  'unit',
  'locale',
  'countryCode',
  'stateCode',
  'city',
  'postalCode',
  'attractionId',
  'venueId',
  'segmentId',
  'genres',
  'genreId',
  'source',
  'startDateTime',
  'endDateTime',
  'ticketCategory',
  'priceRanges',
  'sort',
] as const satisfies readonly (keyof EventsQuery)[];

export function eventsHref(query: EventsQuery, page: number, size: number): string {
  const params = new URLSearchParams();
  for (const key of LINK_PARAMS) {
    const value = query[key];
    if (value === undefined) continue;
    for (const item of Array.isArray(value) ? value : [value]) params.append(key, String(item));
  }
  params.set('page', String(page));
  params.set('size', String(size));
  return `${API_BASE}/events?${params}`;
}

/**
 * A keyword page whose candidates number fewer than this per way of matching holds every
 * match, so its count comes with the page and the counting statement is skipped (below).
 */
const COMPLETE_BELOW = 100;

/**
 * The rows of one page (the statement selecting them, and their ids when the snapshot chose
 * them) and the total when known.
 */
type PageIds = { picked: Picked; ids?: string[]; total?: number };

/** The snapshot's choice of a page as PageIds. */
const chosen = (found: { ids: string[]; total: number }): PageIds => ({
  picked: pickedIds(found.ids),
  ids: found.ids,
  total: found.total,
});

/** A list query as its statements read it, parsed once per request: keyword and filters. */
type ListRequest = { query: EventsQuery; q: TextQuery | undefined; filters: EventFilter[]; fromSnapshot: boolean };

const listRequest = (query: EventsQuery, options: ReadOptions): ListRequest => ({
  query,
  q: textQuery(query.keyword),
  filters: eventFilters(query, options.now ?? new Date()),
  fromSnapshot: !!options.fromSnapshot,
});

/**
 * The ids on one page of a list, and its total when the statement that found them knew it
 * anyway. Three shapes, each chosen so PGlite plans and runs as little as possible:
 *
 * - an artist's (or several artists') events without a keyword: every match of the artists is
 *   gathered first (a few hundred rows through event_attractions), then sorted and counted in
 *   the same statement. Without that fence the planner walks the whole start-order index
 *   hoping to meet the artist's next dates early: 23 ms instead of 2 for a 400-date tour;
 * - a keyword ranked by relevance: the bounded candidates (ADR 0003) of every way of matching;
 *   when no way reached its cap they are every match, and their number is the total;
 * - anything else: a plain ordered, limited select; the total is counted separately.
 */
async function pageIds(db: Queryable, request: ListRequest, { count }: { count: boolean }): Promise<PageIds> {
  const { query, q } = request;
  const page = query.page ?? 0;
  const size = query.size ?? DEFAULTS.pageSize;
  const geo = geoOf(query);
  const filters = conditionsOf(request.filters);
  const sort = query.sort ?? DEFAULTS.sort;
  const order = orderBy(query, q, geo);
  const window = sql`limit ${size} offset ${page * size}`;
  // The ids found, for the rows' read by id (loadEventsByIds, ADR 0048).
  const read = async (statement: SQL) => {
    const found = await rows<{ id: string; n: number }>(db, statement);
    const ids = found.map((r) => r.id);
    return { found: { picked: pickedIds(ids), ids }, n: found[0]?.n };
  };

  if (!q && query.attractionId?.length) {
    const fromSnapshot = request.fromSnapshot ? artistPage(await searchIndexFor(db), request) : undefined;
    if (fromSnapshot) return chosen(fromSnapshot);
    // Columns orderBy() may read, under the alias it expects.
    const { found, n } = await read(sql`with scoped as materialized (
        select e.id, e.starts_at, e.search_text, e.popularity, e.latitude, e.longitude from events e
        ${whereOf(filters)})
      select e.id, count(*) over ()::int as n from scoped e order by ${order} ${window}`);
    // A page past the end returns no row to read the total from.
    if (n !== undefined || page === 0) return { ...found, total: n ?? 0 };
    return { ...found, total: count ? await countEvents(db, request) : undefined };
  }

  if (q && sort !== 'distance,asc') {
    // A page takes every match from the snapshot: a common word matches thousands of events,
    // which it ranks in milliseconds where the statements took tens (ADR 0041). The API
    // answers from it below COMPLETE_BELOW only.
    const cap = request.fromSnapshot ? Number.POSITIVE_INFINITY : Math.max((page + 1) * size, COMPLETE_BELOW);
    // Fewer matches than that: the search snapshot has them all, ranked, without a statement;
    // another order sorts them as the statement would (ADR 0034).
    const index = await searchIndexFor(db);
    const found = index.keywordPage(request.filters, q, cap, sort, page * size, (page + 1) * size);
    if (found) return chosen(found);
  }

  if (q && sort === 'relevance,desc') {
    // Bounded: only the first (page + 1) × size by relevance can be on this page; more
    // candidates than that cost little and usually make them every match.
    const cap = Math.max((page + 1) * size, COMPLETE_BELOW);
    const { found, n } = await read(sql`select e.id, count(*) over ()::int as n
      from (${keywordCandidates(filters, q, cap, true)}) e order by ${order} ${window}`);
    // Fewer candidates than the cap: no way of matching was cut short, so they are all.
    if (n !== undefined && n < cap) return { ...found, total: n };
    if (n === undefined && page === 0) return { ...found, total: 0 };
    return { ...found, total: count ? await countEvents(db, request) : undefined };
  }

  // The ids stay a subquery of the statement that loads the events: one statement fewer.
  const where = whereOf(q ? [...filters, eventKeywordCondition(q)] : filters);
  return {
    picked: ordered(sql`select e.id from events e ${where} order by ${order} ${window}`),
    total: count ? await countEvents(db, request) : undefined,
  };
}

/**
 * One page of an artist list (no keyword) from the snapshot, with its total: undefined for an
 * order the snapshot cannot give or an artist it does not hold yet (the list asks the database).
 */
function artistPage(index: SearchIndex, { query, filters }: ListRequest): { ids: string[]; total: number } | undefined {
  const sort = query.sort ?? DEFAULTS.sort;
  if (!query.attractionId?.length || !(SNAPSHOT_SORTS as readonly string[]).includes(sort)) return undefined;
  const page = query.page ?? 0;
  const size = query.size ?? DEFAULTS.pageSize;
  return index.attractionPage(query.attractionId, filters, sort as SnapshotSort, page * size, (page + 1) * size);
}

/**
 * Matching events counted up to COUNT_CAP + 1: a broad list costs the same whatever the
 * catalogue size. With a keyword, each way of matching stops there too (their union is exact
 * below the cap).
 */
async function countEvents(db: Queryable, { q, filters: parsed }: ListRequest): Promise<number> {
  const filters = conditionsOf(parsed);
  const counting = q
    ? sql`select count(*)::int as n from (${keywordCandidates(filters, q, COUNT_CAP + 1, true, { byPopularity: false })}) s`
    : sql`select count(*)::int as n from (select 1 from events e ${whereOf(filters)} limit ${COUNT_CAP + 1}) s`;
  const [counted] = await rows<{ n: number }>(db, counting);
  return counted?.n ?? 0;
}

const hydration = (db: Queryable, query: EventsQuery, options: ReadOptions): HydrateOptions => ({
  geo: geoOf(query),
  ticketCategory: query.ticketCategory ?? DEFAULTS.ticketCategory,
  ...(options.fromSnapshot ? { lineUps: (ids: string[]) => snapshotLineUps(db, ids) } : {}),
});

/**
 * The events of a page: a page read from the snapshot takes the copies of its rows the
 * snapshot keeps (every page and search answer shares them, ADR 0044) when no distance is
 * asked for, as a distance is the visitor's own; otherwise one statement reads them.
 */
function pageEvents(db: Queryable, found: PageIds, query: EventsQuery, options: ReadOptions): Promise<Event[]> {
  const hydrate = hydration(db, query, options);
  if (!found.ids) return loadEvents(db, found.picked, hydrate);
  return options.fromSnapshot && !hydrate.geo
    ? snapshotEvents(db, found.ids, hydrate.ticketCategory)
    : loadEventsByIds(db, found.ids, hydrate);
}

/**
 * GET /events (SPEC §7): the generic event list and the artist events list, Discovery
 * `_embedded.events` + `page` + `_links` (self, first, prev, next, last).
 */
export async function listEvents(db: Queryable, query: EventsQuery, options: ReadOptions = {}): Promise<EventList> {
  const now = options.now ?? new Date();
  const page = query.page ?? 0;
  const size = query.size ?? DEFAULTS.pageSize;
  const found = await pageIds(db, listRequest(query, { ...options, now }), { count: true });
  const events = await pageEvents(db, found, query, options);
  const counted = found.total ?? 0;
  const capped = counted > COUNT_CAP;
  const totalElements = capped ? COUNT_CAP : counted;

  const totalPages = Math.ceil(totalElements / size);
  // Discovery's deep-paging rule: pages whose start reaches the limit cannot be asked for.
  const reachablePages = Math.min(totalPages, Math.ceil(LIMITS.deepPaging / size));
  const href = (n: number) => ({ href: eventsHref(query, n, size) });
  return {
    _embedded: { events },
    _links: {
      self: href(page),
      ...(reachablePages > 0 ? { first: href(0), last: href(reachablePages - 1) } : {}),
      ...(page > 0 && page <= reachablePages ? { prev: href(page - 1) } : {}),
      ...(page + 1 < reachablePages ? { next: href(page + 1) } : {}),
    },
    page: { size, totalElements, totalPages, number: page, ...(capped ? { totalElementsCapped: true } : {}) },
  };
}

/**
 * The events of one page of GET /events, without the count: for pages that show a shelf
 * of events and no total (the home page, an event's other dates).
 */
export async function listEventsOnly(db: Queryable, query: EventsQuery, options: ReadOptions = {}): Promise<Event[]> {
  const found = await pageIds(db, listRequest(query, options), { count: false });
  return pageEvents(db, found, query, options);
}

/**
 * The ids of one page of GET /events, without the count, each with its headliner (the first
 * of its line-up, in the order the API lists line-ups): a shelf that shows a few of many
 * candidates chooses by these, then reads only the chosen (eventsByIds).
 */
export async function listEventHeadliners(
  db: Queryable,
  query: EventsQuery,
  options: ReadOptions = {},
): Promise<{ id: string; headliner: string | null }[]> {
  const found = await pageIds(db, listRequest(query, options), { count: false });
  return rows<{ id: string; headliner: string | null }>(
    db,
    sql`with picked as (${found.picked})
      select p.id, (select ea.attraction_id from event_attractions ea join attractions a on a.id = ea.attraction_id
        where ea.event_id = p.id order by ea.position, a.id limit 1) as headliner
      from picked p order by p.ord`,
  );
}

/** Events by id, in that order, as GET /events with `query` answers them (ticket category, distance). */
export function eventsByIds(
  db: Queryable,
  ids: string[],
  query: EventsQuery,
  options: ReadOptions = {},
): Promise<Event[]> {
  return loadEventsByIds(db, ids, hydration(db, query, options));
}

/** GET /events/{id} (SPEC §7 "a value holding the event"), or null when there is none. */
export async function getEvent(
  db: Queryable,
  id: string,
  options: ReadOptions & { ticketCategory?: TicketCategory } = {},
): Promise<Event | null> {
  const [event] = await loadEventsByIds(
    db,
    [id],
    hydration(db, { ticketCategory: options.ticketCategory ?? DEFAULTS.ticketCategory }, options),
  );
  return event ?? null;
}

/**
 * An event page's reads: the event, and a page of its headliner's dates (`dates`, a GET
 * /events query without the artist; undefined without a headliner). From the snapshot
 * (`fromSnapshot`), which knows the line-up and the dates, both come in one statement at
 * most: none when the snapshot keeps copies of their rows (ADR 0044).
 */
export async function getEventAndHeadlinerDates(
  db: Queryable,
  id: string,
  dates: EventsQuery,
  options: ReadOptions = {},
): Promise<{ event: Event | null; headlinerDates?: Event[] }> {
  const index = options.fromSnapshot ? await searchIndexFor(db) : undefined;
  const headliner = index?.lineUp(id)[0];
  const query = { ...dates, attractionId: headliner ? [headliner] : undefined };
  const page = index && headliner ? artistPage(index, listRequest(query, options)) : undefined;
  if (!page) {
    // Not in the snapshot yet (a sync has just added it), or without a headliner: as the API reads it.
    const event = await getEvent(db, id, { ...options, ticketCategory: dates.ticketCategory });
    const first = event?._embedded.attractions[0];
    if (!event || !first) return { event };
    return { event, headlinerDates: await listEventsOnly(db, { ...dates, attractionId: [first.id] }, options) };
  }
  const { ids } = page;
  const wanted = [id, ...ids.filter((other) => other !== id)];
  const read = await pageEvents(db, { picked: pickedIds(wanted), ids: wanted }, query, options);
  const event = read[0]?.id === id ? read[0] : null;
  const byId = new Map(read.map((e) => [e.id, e]));
  return {
    event,
    headlinerDates: ids.map((other) => byId.get(other)).filter((e): e is Event => !!e),
  };
}

/** GET /events/{id}/images: Discovery's event images answer. */
export async function getEventImages(db: Queryable, id: string): Promise<EventImages | null> {
  const [row] = await rows<{ id: string; images: CatalogueImage[] }>(
    db,
    sql`select e.id, e.images from events e where e.id = ${id}`,
  );
  if (!row) return null;
  return {
    type: 'event',
    id: row.id,
    images: row.images.map(({ ratio, url, width, height, fallback }) => ({ ratio, url, width, height, fallback })),
    _links: { self: { href: `${API_BASE}/events/${encodeURIComponent(row.id)}/images` } },
  };
}

/**
 * GET /events/attraction/{id}: artist details (SPEC §3 Attraction). A page (`fromSnapshot`)
 * reads them from the snapshot when it holds the artist.
 */
export async function getAttraction(db: Queryable, id: string, options: ReadOptions = {}): Promise<Attraction | null> {
  const now = options.now ?? new Date();
  const held = options.fromSnapshot ? await snapshotAttraction(db, id, now) : undefined;
  return held ?? (await loadAttraction(db, id, now)) ?? null;
}

/** GET /events/venue/{id}: venue details. */
export async function getVenue(db: Queryable, id: string, options: ReadOptions = {}): Promise<Venue | null> {
  return (await loadVenue(db, id, options.now ?? new Date())) ?? null;
}
