import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { FastifyPluginAsync } from 'fastify';
import {
  AttractionSchema,
  ClassificationSchema,
  EventImagesSchema,
  EventListSchema,
  EventQuerySchema,
  EventSchema,
  EventsQuerySchema,
  IdParamsSchema,
  ImageSchema,
  PageSchema,
  PriceRangeSchema,
  SearchQuerySchema,
  SearchResultSchema,
  TicketPriceSchema,
  UpcomingEventsSchema,
  VenueSchema,
} from '#contracts/catalogue';
import { Cache, FirstAsks } from '../cache.ts';
import { FAST_BROTLI, pickEncoding, sizeHinted } from '../compress.ts';
import type { Services } from '../context.ts';
import { notFound, parseInput } from '../errors.ts';
import { onCatalogueChanged } from './changes.ts';
import { getAttraction, getEvent, getEventImages, getVenue, listEvents } from './events.ts';
import { type OpenApiOperation, registerOperations, registerSchemas } from './openapi.ts';
import { answerSearch, searchIndexFor, searchRequest, searchResultBytes } from './search/index.ts';

/**
 * Catalogue reads under /api (SPEC §7). Every answer comes from our database; handlers
 * parse, call the same domain function the page loaders call, and send.
 */

/** Catalogue answers change only with an ingest; a short shared cache is safe. */
const CACHE = 'public, max-age=60';

/**
 * Search-as-you-type answers, kept briefly and shared: everyone typing 't', 'ta', 'tay'
 * asks the same few questions, and those short prefixes are the costliest to answer
 * (ADR 0003). Keyed by the snapshot's version and the query as search sees it (case and
 * accents folded): a catalogue write, heard from any process (changes.ts), moves the
 * version, so no answer outlives the catalogue it was read from. Bounded in entries and age.
 */
const SEARCH_CACHE_MS = 30_000;
const SEARCH_CACHE_ENTRIES = 500;
/**
 * An answer is kept from its second ask within two TTLs (FirstAsks, as pages are, ADR 0070):
 * short prefixes, which many people type, are kept from their second asker on; a long prefix
 * one visitor typed is not. While every new answer was kept, eight people typing unique names
 * pushed the 500 answers out within a fifth of a second: each had lived long enough to be
 * promoted to V8's old generation, and its 35 KB of bytes, outside the heap, were freed only
 * when a full collection found it dead. Measured after 5,300 distinct pages, eight clients
 * typing 600 names each (8,400 keystrokes), two fresh starts of each build alternating: p99
 * 18.0 / 15.5 / 16.4 / 17.0 ms → 10.0 / 8.3 / 9.4 / 6.4 ms, p95 5.0–6.2 → 4.1–5.8 ms, 9–23 %
 * more keystrokes a second.
 */
const FIRST_ASKS = 4 * SEARCH_CACHE_ENTRIES;

/**
 * A kept answer's bytes, never its text: a Buffer's bytes live outside the JavaScript heap, so
 * the young-generation collections that run every few hundred keystrokes do not copy each new
 * answer (about 35 KB) twice on its way to the old generation, as they did while answers were
 * kept as strings (ADR 0054).
 */
type Answer = { json: Buffer; br?: Promise<Buffer>; gzip?: Promise<Buffer> };

/**
 * A search answer is compressed once, at Brotli's lightest level, and kept with it: a
 * keystroke costs no compression when the answer was asked before. On a 35 KB answer of the
 * medium catalogue: quality 1 in 60 µs to 3.7 KB, quality 2 in 160 µs to 3.7 KB, quality 4 in
 * 320 µs to 3.2 KB (one keystroke's whole answer is about a millisecond of CPU).
 *
 * It is compressed on libuv's threads, not the request thread. Under eight people typing,
 * compressing each new answer took about an eighth of the request thread's time, and every
 * keystroke queued behind one waited for it; compressed aside, the slowest keystrokes of the
 * replay came down (p99 about 40 → 32 ms, the slowest 90–190 → 60–100 ms in six runs each),
 * for a median about half a millisecond later (the hand-over and back).
 */
const MIN_COMPRESS_BYTES = 1024;
const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

function encoded(answer: Answer, encoding: 'br' | 'gzip'): Promise<Buffer> {
  let compressed = answer[encoding];
  if (compressed === undefined) {
    const started =
      encoding === 'br' ? brotli(answer.json, sizeHinted(FAST_BROTLI, answer.json.length)) : gzip(answer.json);
    answer[encoding] = compressed = started;
    // A failure is this request's alone: the next one asking compresses anew.
    started.catch(() => {
      if (answer[encoding] === started) answer[encoding] = undefined;
    });
  }
  return compressed;
}

export const catalogueRoutes: FastifyPluginAsync<{ services: Services }> = async (api, { services }) => {
  const db = services.database.db;

  const searches = new Cache<string, Answer>({ ttlMs: SEARCH_CACHE_MS, maxEntries: SEARCH_CACHE_ENTRIES });
  const asked = new FirstAsks<string>({ windowMs: 2 * SEARCH_CACHE_MS, maxKeys: FIRST_ASKS });
  // Answers of an older version can no longer be asked for: let them go at once.
  const stop = onCatalogueChanged(() => {
    searches.clear();
    asked.clear();
  });
  api.addHook('onClose', async () => stop());
  api.get('/events/search', async (request, reply) => {
    const query = parseInput(SearchQuerySchema, request.query, 'invalid_query');
    const search = searchRequest(query);
    const index = await searchIndexFor(db);
    const version = index.version;
    // Keyed by the words searched: 'Taylor' and 'taylor ' share an answer.
    const key = `${version}:${JSON.stringify({ ...query, keyword: search.q?.text })}`;
    let answer = searches.get(key);
    if (answer === undefined) {
      answer = { json: searchResultBytes(await answerSearch(db, index, search)) };
      // An answer read while a patch landed belongs to no single version: served, not kept.
      if (index.version === version && asked.askedBefore(key)) searches.set(key, answer);
    }
    reply.header('cache-control', CACHE).type('application/json; charset=utf-8').header('vary', 'accept-encoding');
    const encoding =
      answer.json.length >= MIN_COMPRESS_BYTES ? pickEncoding(request.headers['accept-encoding']) : undefined;
    if (!encoding) return reply.send(answer.json);
    return reply.header('content-encoding', encoding).send(await encoded(answer, encoding));
  });

  api.get('/events', async (request, reply) => {
    const query = parseInput(EventsQuerySchema, request.query, 'invalid_query');
    return reply.header('cache-control', CACHE).send(await listEvents(db, query));
  });

  api.get('/events/:id', async (request, reply) => {
    const { id } = parseInput(IdParamsSchema, request.params, 'invalid_path');
    const { ticketCategory } = parseInput(EventQuerySchema, request.query, 'invalid_query');
    const event = await getEvent(db, id, { ticketCategory });
    if (!event) throw notFound('Event');
    return reply.header('cache-control', CACHE).send(event);
  });

  api.get('/events/:id/images', async (request, reply) => {
    const { id } = parseInput(IdParamsSchema, request.params, 'invalid_path');
    const images = await getEventImages(db, id);
    if (!images) throw notFound('Event');
    return reply.header('cache-control', CACHE).send(images);
  });

  api.get('/events/attraction/:id', async (request, reply) => {
    const { id } = parseInput(IdParamsSchema, request.params, 'invalid_path');
    const attraction = await getAttraction(db, id);
    if (!attraction) throw notFound('Attraction');
    return reply.header('cache-control', CACHE).send(attraction);
  });

  api.get('/events/venue/:id', async (request, reply) => {
    const { id } = parseInput(IdParamsSchema, request.params, 'invalid_path');
    const venue = await getVenue(db, id);
    if (!venue) throw notFound('Venue');
    return reply.header('cache-control', CACHE).send(venue);
  });
};

registerSchemas({
  Image: ImageSchema,
  Classification: ClassificationSchema,
  UpcomingEvents: UpcomingEventsSchema,
  PriceRange: PriceRangeSchema,
  TicketPrice: TicketPriceSchema,
  Venue: VenueSchema,
  Attraction: AttractionSchema,
  Event: EventSchema,
  Page: PageSchema,
  EventList: EventListSchema,
  SearchResult: SearchResultSchema,
  EventImages: EventImagesSchema,
});

const badInput = { description: 'A parameter is malformed; error.field names it' };
const tags = ['catalogue'];
const operations: OpenApiOperation[] = [
  {
    method: 'get',
    path: '/events/search',
    summary: 'Search artists and upcoming events by what was typed',
    description: 'Prefix matching on every word, accents ignored, close spellings when nothing matches (ADR 0003).',
    tags,
    query: SearchQuerySchema,
    responses: { 200: { description: 'Matching attractions and events', schema: SearchResultSchema }, 400: badInput },
  },
  {
    method: 'get',
    path: '/events',
    summary: 'List events matching filters, paged',
    tags,
    query: EventsQuerySchema,
    responses: { 200: { description: 'A page of events', schema: EventListSchema }, 400: badInput },
  },
  {
    method: 'get',
    path: '/events/:id',
    summary: 'One event with its venue and attractions',
    tags,
    params: IdParamsSchema,
    query: EventQuerySchema,
    responses: {
      200: { description: 'The event', schema: EventSchema },
      400: badInput,
      404: { description: 'No such event' },
    },
  },
  {
    method: 'get',
    path: '/events/:id/images',
    summary: 'Images of one event',
    tags,
    params: IdParamsSchema,
    responses: { 200: { description: 'The images', schema: EventImagesSchema }, 404: { description: 'No such event' } },
  },
  {
    method: 'get',
    path: '/events/attraction/:id',
    summary: 'Artist (attraction) details',
    tags,
    params: IdParamsSchema,
    responses: {
      200: { description: 'The attraction', schema: AttractionSchema },
      404: { description: 'No such attraction' },
    },
  },
  {
    method: 'get',
    path: '/events/venue/:id',
    summary: 'Venue details',
    tags,
    params: IdParamsSchema,
    responses: { 200: { description: 'The venue', schema: VenueSchema }, 404: { description: 'No such venue' } },
  },
];
registerOperations(operations);
