import type { Attraction, Event, SearchQuery, SearchResult } from '#contracts/catalogue';
import { DEFAULTS, type TicketCategory } from '#contracts/enums';
import type { Db } from '../../db/client.ts';
import { eventFilters } from '../event-filters.ts';
import type { ReadOptions } from '../events.ts';
import { type Geo, geoOf, haversine } from '../geo.ts';
import {
  countsOf,
  eventRowTexts,
  type KeptEventRows,
  loadAttractionsByIds,
  loadEventsByIds,
  type Queryable,
  type SourceCount,
  type TextQuery,
  textQuery,
} from '../queries.ts';
import type { EventFields } from './columns.ts';
import { searchIndexFor } from './freshness.ts';
import type { Admission, RowCopies } from './row-copies.ts';
import type { SearchIndex } from './snapshot.ts';

/**
 * GET /events/search (SPEC §2 search box, §7): attractions and upcoming events for what
 * was typed so far. Matching and ranking run on the in-memory snapshot (snapshot.ts,
 * ADR 0010) with ADR 0003's rules; rows are then read from the database, or from what
 * this snapshot already read.
 */

/** Lowest word similarity (pg_trgm's measure) a close spelling needs (ADR 0003). */
const FUZZY_THRESHOLD = 0.45;
/** Below this many characters a "close spelling" is mostly noise ('tay' ≈ 'tale'). */
const FUZZY_MIN_LENGTH = 4;

/** A search as its answer reads it, the keyword parsed once per request. */
export type SearchRequest = { query: SearchQuery; q: TextQuery | undefined };

export const searchRequest = (query: SearchQuery): SearchRequest => ({ query, q: textQuery(query.keyword) });

export async function searchCatalogue(
  db: Db,
  query: SearchQuery,
  options: ReadOptions & { index?: SearchIndex } = {},
): Promise<SearchResult> {
  const index = options.index ?? (await searchIndexFor(db));
  return answerSearch(db, index, searchRequest(query), options.now);
}

/** The answer from one snapshot; GET /events/search keys its cache by the request first (routes.ts). */
export async function answerSearch(
  db: Db,
  index: SearchIndex,
  { query, q }: SearchRequest,
  now = new Date(),
): Promise<SearchResult> {
  const size = query.size ?? DEFAULTS.searchSize;
  const filters = eventFilters(query, now);
  if (!warmed.has(index)) {
    warmed.add(index);
    warm(db, index).catch((error: Error) => console.warn(`search warm-up failed: ${error.message.split('\n')[0]}`));
  }
  let picks = index.search(query, filters, q, size);
  let isFuzzy = false;
  let spelling: string | undefined;
  if (q && q.text.length >= FUZZY_MIN_LENGTH && picks.attractions.length === 0 && picks.events.length === 0) {
    for (const close of index.closeSpellings(q, FUZZY_THRESHOLD)) {
      picks = index.search(query, filters, close, size);
      isFuzzy = picks.attractions.length + picks.events.length > 0;
      if (isFuzzy) {
        spelling = close.text;
        break;
      }
    }
  }
  const geo = geoOf(query);
  const ticketCategory = query.ticketCategory ?? DEFAULTS.ticketCategory;
  const [attractions, events] = await Promise.all([
    hydrateAttractions(db, index, picks.attractions),
    hydrateEvents(db, index, picks.events, ticketCategory),
  ]);
  return {
    _embedded: { attractions, events: geo ? events.map((e) => withDistance(e, index.event(e.id), geo)) : events },
    fuzzy: isFuzzy,
    // "Did you mean …": the close spelling these results are for.
    ...(spelling ? { didYouMean: spelling } : {}),
  };
}

/**
 * The answer as JSON bytes, equal to `JSON.stringify(result)` in UTF-8. Each row is written
 * once per row object: the rows an answer holds are the ones kept below, shared by every
 * keystroke and every visitor that shows them, so a keystroke writes only the envelope. The
 * rows' bytes are copied straight into the answer's: no text of the whole answer is built on
 * the heap first, then copied again into bytes (two 35 KB copies a keystroke on the medium
 * catalogue, about a third of what a keystroke allocated: ADR 0054, amended).
 */
export function searchResultBytes(result: SearchResult): Buffer {
  const { attractions, events } = result._embedded;
  const didYouMean = result.didYouMean === undefined ? '' : `,"didYouMean":${JSON.stringify(result.didYouMean)}`;
  const parts: Buffer[] = [OPENING];
  rowsInto(parts, attractions);
  parts.push(BETWEEN);
  rowsInto(parts, events);
  parts.push(Buffer.from(`]},"fuzzy":${result.fuzzy}${didYouMean}}`));
  return Buffer.concat(parts);
}

const OPENING = Buffer.from('{"_embedded":{"attractions":[');
const BETWEEN = Buffer.from('],"events":[');
const COMMA = Buffer.from(',');

function rowsInto(parts: Buffer[], rows: readonly object[]) {
  rows.forEach((row, i) => {
    if (i > 0) parts.push(COMMA);
    // A row with a distance is this answer's own copy (withDistance), shown once: written
    // without being kept, or every keystroke near a place would keep a buffer per row.
    parts.push('distance' in row ? Buffer.from(JSON.stringify(row)) : bytesOf(row));
  });
}

/** Rows are never changed once read (a patch drops them and reads new ones): their bytes neither. */
const written = new WeakMap<object, Buffer>();

function bytesOf(row: object): Buffer {
  let bytes = written.get(row);
  if (bytes === undefined) {
    const json = JSON.stringify(row);
    // A buffer of its own, not a slice of Node's shared pool: a kept row would hold on to the
    // whole slab, and the short-lived buffers written beside it.
    bytes = Buffer.allocUnsafeSlow(Buffer.byteLength(json));
    bytes.write(json);
    written.set(row, bytes);
  }
  return bytes;
}

// ─── Rows, read once per snapshot ────────────────────────────────────────────

/** Warmed after each build, in pages, so the first keystrokes after a start find them. */
const WARM = { attractions: 20_000, events: 10_000, page: 1_000 };

/** Rows read a statement while filling: a page waiting behind one waits a few milliseconds. */
const FILL_PAGE = 100;
const warmed = new WeakSet<SearchIndex>();

/** A patch landing while rows load makes the answer re-read; past this many, it keeps what it read. */
const REREADS = 3;

/**
 * The rows of `ids`, in order, none left out: copies this snapshot holds, the rest read
 * from the database. A row another answer is reading already is waited for, not read again
 * (a search page asks for its list and its artists' answer at once, and they overlap). A
 * patch (snapshot.ts) may drop copies while the rest load; the copies taken before it are
 * held here, and since the rows just read may predate the patch, the whole list is read
 * again from the patched snapshot. Rows read while the snapshot moved are never kept (they
 * could be older than a patch already applied).
 */
export async function cached<T extends { id: string }>(
  index: SearchIndex,
  ids: readonly string[],
  key: (id: string) => string,
  load: (ids: string[]) => Promise<T[]>,
  /** How rows read here are taken in (row-copies.ts). */
  admit: Admission = 'add',
): Promise<T[]> {
  const cache = index.hydrated as RowCopies<T>;
  const reading = index.reading as Map<string, Reading<T>>;
  const rows = new Map<string, T>();
  for (let attempt = 0; ; attempt++) {
    const version = index.version;
    rows.clear();
    const missing: string[] = [];
    const others: Promise<void>[] = [];
    for (const id of new Set(ids)) {
      const k = key(id);
      // Asked for again: kept, so rows every answer shows outlive a crowd of rare ones.
      const row = cache.get(k);
      if (row) {
        rows.set(id, row);
        continue;
      }
      const read = reading.get(k);
      if (read?.version === version) {
        others.push(
          read.row.then((found) => {
            if (found) rows.set(id, found);
          }),
        );
      } else missing.push(id);
    }
    if (missing.length === 0 && others.length === 0) break;
    const loaded = missing.length ? await readOnce(reading, missing, key, load, version) : [];
    await Promise.all(others);
    for (const row of loaded) rows.set(row.id, row);
    if (index.version === version) {
      for (const row of loaded) {
        cache[admit](key(row.id), row);
      }
      break;
    }
    if (attempt === REREADS) break;
  }
  // Only an id the database no longer holds is missing here.
  return ids.map((id) => rows.get(id)).filter((row): row is T => row !== undefined);
}

/** A row being read for a snapshot version: undefined once read if the database has none. */
type Reading<T> = { version: number; row: Promise<T | undefined> };

/** Reads `ids` once, telling answers that ask for them meanwhile where to wait. */
async function readOnce<T extends { id: string }>(
  reading: Map<string, Reading<T>>,
  ids: string[],
  key: (id: string) => string,
  load: (ids: string[]) => Promise<T[]>,
  version: number,
): Promise<T[]> {
  const read = load(ids);
  const byKey = read.then((list) => new Map(list.map((row) => [key(row.id), row])));
  const mine = ids.map((id) => {
    const k = key(id);
    const entry: Reading<T> = { version, row: byKey.then((found) => found.get(k)) };
    // Nobody may wait for it: its failure is this read's, thrown below.
    entry.row.catch(() => undefined);
    reading.set(k, entry);
    return [k, entry] as const;
  });
  try {
    return await read;
  } finally {
    for (const [k, entry] of mine) if (reading.get(k) === entry) reading.delete(k);
  }
}

const hydrateAttractions = (db: Queryable, index: SearchIndex, ids: readonly string[], admit: Admission = 'add') =>
  cached(
    index,
    ids,
    (id) => `a:${id}`,
    (missing) => loadAttractionsByIds(db, missing),
    admit,
  );

/** Events with their venue; line-ups come from the snapshot and the attractions above. */
const hydrateEvents = (
  db: Queryable,
  index: SearchIndex,
  ids: readonly string[],
  ticketCategory: TicketCategory,
  admit: Admission = 'add',
) =>
  cached(
    index,
    ids,
    (id) => `e:${id}|${ticketCategory}`,
    (missing) =>
      loadEventsByIds(db, missing, {
        geo: undefined,
        ticketCategory,
        lineUps: (eventIds) => lineUpsOf(db, index, eventIds, admit),
        rowTexts: rowTextsOf(index),
      }),
    admit,
  );

/**
 * The snapshot's event rows as text (ADR 0069). Rows read are kept if no patch landed
 * meanwhile (a row read before a patch may be older than it), while there is room.
 */
function rowTextsOf(index: SearchIndex): KeptEventRows {
  const version = index.version;
  return {
    get: (id) => index.rowTexts.get(id),
    keep: (read) => {
      if (index.version !== version) return;
      for (const { id, text } of read) index.rowTexts.set(id, text);
    },
  };
}

/**
 * Every upcoming event's row kept as text (up to ROW_TEXTS, row-texts.ts), most popular
 * first, read in pages after the snapshot's warm-up: a page or an answer then reads no event
 * row from the database (ADR 0069). Stops when a newer snapshot replaced this one.
 */
async function fillRowTexts(db: Queryable, index: SearchIndex): Promise<void> {
  const texts = index.rowTexts;
  const ids = index.popular('events', texts.capacity);
  for (let i = 0; i < ids.length && !texts.full; i += FILL_PAGE) {
    if ((await searchIndexFor(db)) !== index) return;
    const page = ids.slice(i, i + FILL_PAGE).filter((id) => !texts.has(id));
    if (page.length) {
      const kept = rowTextsOf(index);
      kept.keep(await eventRowTexts(db, page));
    }
    await turn();
  }
}

/** Each event's line-up, headliner first: from the snapshot and the attractions it already read. */
async function lineUpsOf(
  db: Queryable,
  index: SearchIndex,
  eventIds: string[],
  admit: Admission = 'add',
): Promise<Map<string, Attraction[]>> {
  // Each event's ids looked up in the snapshot once (a search over its event ids).
  const lineUps = eventIds.map((id) => index.lineUp(id));
  const all = await hydrateAttractions(db, index, lineUps.flat(), admit);
  const byId = new Map(all.map((a) => [a.id, a]));
  return new Map(
    eventIds.map((id, i) => [id, lineUps[i]!.flatMap((a) => (byId.has(a) ? [byId.get(a)!] : []))] as const),
  );
}

/**
 * Line-ups as the search snapshot knows them, for loadEvents (queries.ts HydrateOptions):
 * no statement for them, and the attractions are usually already read.
 */
export async function snapshotLineUps(db: Queryable, eventIds: string[]): Promise<Map<string, Attraction[]>> {
  return lineUpsOf(db, await searchIndexFor(db), eventIds, 'offer');
}

/**
 * Events by id, in that order, without a distance: the copies this snapshot read already
 * (for search, or for another page), the rest read once and kept for the next page (ADR 0044).
 */
export async function snapshotEvents(db: Queryable, ids: readonly string[], ticketCategory: TicketCategory) {
  return hydrateEvents(db, await searchIndexFor(db), ids, ticketCategory, 'offer');
}

/**
 * An attraction with its upcoming events counted by source (what GET
 * /events/attraction/{id} answers), from the snapshot: its row as search read it, the counts
 * from the snapshot's events. Undefined when the snapshot does not hold it (ADR 0044).
 */
export async function snapshotAttraction(db: Queryable, id: string, now: Date): Promise<Attraction | undefined> {
  const index = await searchIndexFor(db);
  const counts = index.upcomingBySource(id, now.getTime());
  if (!counts) return undefined;
  const [attraction] = await hydrateAttractions(db, index, [id], 'offer');
  return attraction && { ...attraction, upcomingEvents: countsOf(counts as SourceCount[]) };
}

/** One turn of the event loop: PGlite's promises settle without one, and signals need one. */
const turn = () => new Promise((resolve) => setImmediate(resolve));

async function warm(db: Db, index: SearchIndex): Promise<void> {
  const attractions = index.popular('attractions', WARM.attractions);
  for (let i = 0; i < attractions.length; i += WARM.page) {
    await hydrateAttractions(db, index, attractions.slice(i, i + WARM.page), 'keep');
    await turn();
  }
  const events = index.popular('events', WARM.events);
  for (let i = 0; i < events.length; i += WARM.page) {
    await hydrateEvents(db, index, events.slice(i, i + WARM.page), DEFAULTS.ticketCategory, 'keep');
    await turn();
  }
  // The rest in the background: the server answers meanwhile.
  filling.set(
    index,
    // The driver's own reason, not the query's text with every id it asked for (a shutdown
    // during the fill closes the database under it).
    fillRowTexts(db, index).catch((error: Error) =>
      console.warn(`event rows not kept: ${error.cause instanceof Error ? error.cause.message : error.message}`),
    ),
  );
}

const filling = new WeakMap<SearchIndex, Promise<void>>();

/** Settles once `index` has read the event rows it keeps as text (tests wait for it). */
export const rowTextsFilled = (index: SearchIndex): Promise<void> => filling.get(index) ?? Promise.resolve();

/** Builds the snapshot and reads its most popular rows: done before the server listens. */
export async function prepareSearch(db: Db): Promise<void> {
  const index = await searchIndexFor(db);
  warmed.add(index);
  await warm(db, index);
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
