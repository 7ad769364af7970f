import { type SQL, sql } from 'drizzle-orm';
import {
  type Attraction,
  type Event,
  type EventImages,
  type EventList,
  type EventsQuery,
  LIMITS,
  type Venue,
} from '../../contracts/catalogue.ts';
import { DEFAULTS, type TicketCategory } from '../../contracts/enums.ts';
import type { CatalogueImage } from '../db/schema.ts';
import {
  distanceOf,
  eventConditions,
  eventKeywordCondition,
  type Geo,
  geoOf,
  keywordCandidates,
  loadAttraction,
  loadEvents,
  loadVenue,
  ordered,
  pickedIds,
  type Queryable,
  relevance,
  rows,
  START_ORDER,
  type TextQuery,
  textQuery,
  whereOf,
} from './queries.ts';
import { API_BASE } from './serialize.ts';

/**
 * Largest totalElements counted exactly. Only the first 1000 results can be paged to
 * (Discovery's rule), so past this the answer says "at least" (page.totalElementsCapped).
 */
export const COUNT_CAP = 10_000;

export type ReadOptions = {
  /** "Now" for upcoming filters and counts; tests pin it. */
  now?: Date;
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
 * GET /events (SPEC §7): the generic event list and the artist events list, Discovery
 * `_embedded.events` + `page` + `_links` (self, first, prev, next, last).
 */
export async function listEvents(db: Queryable, query: EventsQuery, options: ReadOptions = {}): Promise<EventList> {
  const now = options.now ?? new Date();
  const page = query.page ?? 0;
  const size = query.size ?? DEFAULTS.pageSize;
  const geo = geoOf(query);
  const q = textQuery(query.keyword);
  const filters = eventConditions(query, now);
  const where = whereOf(q ? [...filters, eventKeywordCondition(q)] : filters);
  const sort = query.sort ?? DEFAULTS.sort;
  const pageIds =
    q && sort === 'relevance,desc'
      ? // Bounded: only the first (page + 1) × size by relevance can be on this page.
        sql`select e.id from (${keywordCandidates(filters, q, (page + 1) * size, true)}) e
          order by ${orderBy(query, q, geo)} limit ${size} offset ${page * size}`
      : sql`select e.id from events e ${where} order by ${orderBy(query, q, geo)} limit ${size} offset ${page * size}`;

  // Counting stops past COUNT_CAP: a broad list costs the same whatever the catalogue size.
  // With a keyword, each way of matching stops there too (their union is exact below the cap).
  const counting = q
    ? sql`select count(*)::int as n from (${keywordCandidates(filters, q, COUNT_CAP + 1, true, { byPopularity: false })}) s`
    : sql`select count(*)::int as n from (select 1 from events e ${where} limit ${COUNT_CAP + 1}) s`;
  const [[counted], events] = await Promise.all([
    rows<{ n: number }>(db, counting),
    loadEvents(db, ordered(pageIds), { geo, ticketCategory: query.ticketCategory ?? DEFAULTS.ticketCategory }),
  ]);
  const capped = (counted?.n ?? 0) > COUNT_CAP;
  const totalElements = capped ? COUNT_CAP : (counted?.n ?? 0);

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

/** GET /events/{id} (SPEC §7 "a value holding the event"), or null when there is none. */
export async function getEvent(
  db: Queryable,
  id: string,
  options: ReadOptions & { ticketCategory?: TicketCategory } = {},
): Promise<Event | null> {
  const [event] = await loadEvents(db, pickedIds([id]), {
    geo: undefined,
    ticketCategory: options.ticketCategory ?? DEFAULTS.ticketCategory,
  });
  return event ?? null;
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

/** GET /events/attraction/{id}: artist details (SPEC §3 Attraction). */
export async function getAttraction(db: Queryable, id: string, options: ReadOptions = {}): Promise<Attraction | null> {
  return (await loadAttraction(db, id, options.now ?? new Date())) ?? null;
}

/** GET /events/venue/{id}: venue details. */
export async function getVenue(db: Queryable, id: string, options: ReadOptions = {}): Promise<Venue | null> {
  return (await loadVenue(db, id, options.now ?? new Date())) ?? null;
}
