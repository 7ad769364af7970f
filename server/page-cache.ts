import type { IncomingMessage, ServerResponse } from 'node:http';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { isbot } from 'isbot';
import { FirstAsks } from './cache.ts';
import { COMPRESSIBLE, FAST_BROTLI, FAST_GZIP, headerObject, MIN_BYTES, pickEncoding, sizeHinted } from './compress.ts';
import { oldestKeys } from './oldest.ts';
import { readQuery } from './page-query.ts';

/**
 * Anonymous page micro-cache (ADR 0009). A server-rendered page costs its loaders' queries
 * and a React render on the request thread, while most page views are
 * anonymous visitors asking for the same few pages. So, for anonymous GET/HEAD requests, the
 * rendered 200 answer is kept for a short TTL under everything the render reads of the
 * request, with its compressed variants, and served without rendering again:
 *
 * - key: what the render is given of the request, which is all it can tell apart: the path
 *   and the query parameters pages read (`keyQuery`), the cookies they read, as they read them
 *   (`keyCookies`), and whether the user agent is a bot (React Router's default server entry
 *   waits for the whole page for bots). The render's URL is on the site's own origin, whatever
 *   Host the request named (absolute URLs come from PUBLIC_ORIGIN, ADR 0014), so neither a
 *   made-up parameter, nor a cookie value a page reads as another, nor a Host header makes a
 *   render of its own. HEAD is answered from the GET entry; the encoding is picked per request
 *   among stored variants;
 * - never with an Authorization header. A request with the session cookie never gets the
 *   anonymous answer: where `shareWithSession` allows, it gets the render every signed-in
 *   visitor of the page shares (ADR 0043: rendered without the cookie, nothing of theirs in
 *   it), under a key of its own, sent as private; a shared render that turns out personal
 *   (it read who the visitor is) is neither stored nor sent, and the visitor's own is rendered;
 * - only 200 answers without Set-Cookie and without `Cache-Control: private | no-store`;
 * - a stale entry (TTL passed, less than another TTL ago) is served while one request
 *   renders it again; concurrent misses of one key wait for one render (single flight);
 * - bounded by entries and bytes, least recently used dropped first; `clear()` on a
 *   catalogue change in this process, other processes' writes wait for the TTL;
 * - kept from its second render within two TTLs (ADR 0070): the first leaves only its key.
 *   Most pages of a large catalogue are asked for once (the long tail, a crawler); kept,
 *   each one's body and variants (100 KB of Buffers outside the heap) stayed until a
 *   thousand later pages pushed them out, and only a full collection freed them: under
 *   distinct pages, V8 started one every few seconds on that external memory alone.
 *
 * A cache made with `personal` keeps one signed-in visitor's pages for them alone (ADR 0049):
 * the caller has verified who they are and names them, with the version of their rows the
 * page shows, in the key (`keyOf(req, visitor)`); the render is theirs (it reads their
 * session), and a private answer is kept, never one that sets a cookie.
 */
export type PageCacheOptions = {
  /** How long an answer is served as is; it is then served stale for as long again while re-rendered. */
  ttlMs: number;
  /**
   * The Cookie header a render is given (app/entry.server.tsx `renderedCookies`): the cookies
   * pages read, each as they read it. It is part of the key, and the render sees no other cookie.
   */
  keyCookies: (header: string | undefined) => string;
  /**
   * A request carrying this cookie is a signed-in visitor's. Its answer is never the anonymous
   * one; when `shareWithSession` says so it is the one render shared by every signed-in visitor
   * of the page (ADR 0043), kept under a key of its own, and otherwise never cached.
   */
  sessionCookie: string;
  /** Which signed-in requests may be answered from the render shared by signed-in visitors. */
  shareWithSession?: (req: IncomingMessage) => boolean;
  /**
   * Query parameters a render reads (app/**). When given, every other parameter is left out
   * of the key and of the URL the page is rendered with (`urlOf`), so `?utm_source=…` or a
   * made-up `?x=1` is the same page, served from the same entry, instead of a render each.
   */
  keyQuery?: readonly string[];
  /**
   * Every page kept is one signed-in visitor's, rendered for them: `keyOf` is given who they
   * are (verified by the caller) and requests without that are not answered from here.
   */
  personal?: boolean;
  maxEntries?: number;
  maxBytes?: number;
  now?: () => number;
  onError?: (error: unknown) => void;
};

/** What a render answered, read whole. */
type Rendered = { status: number; headers: [string, string][]; body: Buffer };

type Stored = Rendered & {
  key: string;
  storedAt: number;
  compressible: boolean;
  variants: Map<Encoding, Variant>;
  bytes: number;
};

/** A compressed body: `kept` once it is at the level kept for every later visitor. */
type Variant = { body: Promise<Buffer>; kept: boolean; upgrading?: boolean };

/** A key whose last render was not cacheable: requests stream straight through until `until`. */
type Bypass = { bypassUntil: number };

type Encoding = 'br' | 'gzip';

type Flight = Promise<{ stored?: Stored; rendered?: Rendered }>;

export type PageCacheStats = {
  entries: number;
  bytes: number;
  hits: number;
  stale: number;
  misses: number;
  renders: number;
};

export type PageCache = {
  /**
   * The key of a request that may be answered from the cache, or undefined. A personal cache
   * needs `visitor`: who the signed-in visitor is, as checked by the caller, and the version
   * of what the page shows of them.
   */
  keyOf(req: IncomingMessage, visitor?: string): string | undefined;
  /** The request's path and query as the cache keys and renders it: unread parameters left out. */
  urlOf(req: IncomingMessage): string;
  /** The Cookie header the cache keys and renders a request with: the cookies pages read, as they read them. */
  cookieOf(req: IncomingMessage): string;
  /**
   * Answers from the cache, rendering once on a miss. Resolves false when the caller must
   * render the page itself (the answer is not cacheable, or the render failed); nothing has
   * been written to `res` then.
   */
  serve(req: IncomingMessage, res: ServerResponse, key: string, render: () => Promise<Response>): Promise<boolean>;
  clear(): void;
  stats(): PageCacheStats;
};

const DEFAULT_MAX_ENTRIES = 1_000;
/** Keys of pages rendered once, without their answers, remembered per entry kept. */
const SEEN_PER_ENTRY = 4;
const DEFAULT_MAX_BYTES = 64 * 1024 * 1024;
/** Rough per-entry overhead on top of bodies (key, headers, bookkeeping). */
const ENTRY_OVERHEAD = 1_024;

/** The levels the cache keeps for a page asked for again. */
const KEPT_BROTLI: zlib.BrotliOptions = { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } };
const KEPT_GZIP: zlib.ZlibOptions = { level: 6 };
const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/**
 * A render's first answer is compressed at the fastest level, as a streamed page is
 * (compress.ts): most pages of a large catalogue are asked for once in a TTL (the long tail),
 * and for those the thorough level cost more CPU than the render's own React work (ADR 0053).
 * A page asked for again is compressed once more at the thorough level, in the background,
 * and every later visitor gets that.
 */
const compress = (body: Buffer, encoding: Encoding, kept: boolean): Promise<Buffer> =>
  encoding === 'br'
    ? brotli(body, sizeHinted(kept ? KEPT_BROTLI : FAST_BROTLI, body.length))
    : gzip(body, kept ? KEPT_GZIP : FAST_GZIP);

/** What every answer to a signed-in visitor says of caching (app/entry.server.tsx). */
const PRIVATE = ['Cache-Control', 'private, no-store'];

/** Headers a cached answer does not repeat: framing is the cache's own, per response. */
const DROPPED_HEADERS = new Set(['content-length', 'transfer-encoding', 'connection', 'keep-alive', 'date']);

export function createPageCache(options: PageCacheOptions): PageCache {
  const now = options.now ?? Date.now;
  const maxEntries = options.maxEntries ?? DEFAULT_MAX_ENTRIES;
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_BYTES;
  const entries = new Map<string, Stored | Bypass>();
  const flights = new Map<string, Flight>();
  /** Pages rendered once lately and not kept (ADR 0070): remembered for two TTLs, the time a kept answer is served. */
  const seen = new FirstAsks<string>({ windowMs: 2 * options.ttlMs, maxKeys: maxEntries * SEEN_PER_ENTRY, now });
  const oldestEntry = oldestKeys(entries);
  /** Renders another request waited for: asked for twice, so kept. */
  const shared = new Set<string>();
  let bytes = 0;
  /** Bumped by clear(): a render that started before a catalogue change is not stored. */
  let generation = 0;
  const counts = { hits: 0, stale: 0, misses: 0, renders: 0 };
  const keyQuery = options.keyQuery && new Set(options.keyQuery);
  const urlOf = (req: IncomingMessage) => (keyQuery ? readQuery(req.url ?? '/', keyQuery) : (req.url ?? '/'));

  const drop = (key: string) => {
    const entry = entries.get(key);
    if (entry && 'bytes' in entry) bytes -= entry.bytes;
    entries.delete(key);
  };

  const trim = () => {
    // Map order is insertion order and every use re-inserts: the first key is the least recent.
    while (entries.size > maxEntries || bytes > maxBytes) {
      const key = oldestEntry();
      if (key === undefined) break;
      drop(key);
    }
  };

  const put = (key: string, entry: Stored | Bypass) => {
    drop(key);
    entries.set(key, entry);
    if ('bytes' in entry) bytes += entry.bytes;
    trim();
  };

  const touch = (key: string, entry: Stored | Bypass) => {
    entries.delete(key);
    entries.set(key, entry);
  };

  /** Counts a change of an entry's size, while the entry is still the stored one. */
  const grow = (entry: Stored, by: number) => {
    entry.bytes += by;
    if (entries.get(entry.key) === entry) {
      bytes += by;
      trim();
    }
  };

  /**
   * The body in `encoding`. The render's own answer (`fresh`) is compressed at the fastest
   * level. A later visitor gets what is there and, when that is the fast one, starts the kept
   * level in the background (once), which replaces it when done.
   */
  const variant = (entry: Stored, encoding: Encoding, fresh: boolean): Promise<Buffer> => {
    let existing = entry.variants.get(encoding);
    if (!existing) {
      const made: Variant = { body: compress(entry.body, encoding, !fresh), kept: !fresh };
      existing = made;
      entry.variants.set(encoding, made);
      made.body.then(
        (compressed) => grow(entry, compressed.length),
        () => {
          if (entry.variants.get(encoding) === made) entry.variants.delete(encoding);
        },
      );
    } else if (!existing.kept && !fresh && !existing.upgrading) {
      const fast = existing;
      fast.upgrading = true;
      fast.body
        .then(async (fastBody) => {
          const kept = await compress(entry.body, encoding, true);
          if (entry.variants.get(encoding) !== fast) return;
          entry.variants.set(encoding, { body: Promise.resolve(kept), kept: true });
          grow(entry, kept.length - fastBody.length);
        })
        .catch((error) => options.onError?.(error));
    }
    return existing.body;
  };

  /**
   * Whether a page about to be rendered is kept: a personal cache's always (a fan's own
   * page, ADR 0049); a shared one's when it was rendered before within two TTLs, the time a
   * kept answer is served. Otherwise its key is remembered for the next request.
   */
  const secondAsk = (key: string, at: number): boolean => options.personal === true || seen.askedBefore(key, at);

  const render = (key: string, run: () => Promise<Response>, keep: boolean): Flight => {
    const existing = flights.get(key);
    if (existing) return existing;
    const startedIn = generation;
    counts.renders++;
    const flight = (async () => {
      const rendered = await read(await run());
      if (!cacheable(rendered, options.personal === true)) {
        if (startedIn === generation) put(key, { bypassUntil: now() + options.ttlMs });
        return { rendered };
      }
      const stored: Stored = {
        ...rendered,
        key,
        storedAt: now(),
        compressible:
          COMPRESSIBLE.test(header(rendered.headers, 'content-type') ?? '') &&
          !header(rendered.headers, 'content-encoding') &&
          rendered.body.length >= MIN_BYTES,
        variants: new Map(),
        bytes: rendered.body.length + ENTRY_OVERHEAD,
      };
      if ((keep || shared.has(key)) && startedIn === generation) put(key, stored);
      return { stored, rendered };
    })().finally(() => {
      if (flights.get(key) === flight) {
        flights.delete(key);
        shared.delete(key);
      }
    });
    flights.set(key, flight);
    return flight;
  };

  const hasSession = (req: IncomingMessage) => cookieValues(req.headers.cookie, options.sessionCookie).length > 0;

  /** `fresh`: the answer was rendered for this request (or one it waited for), not kept from before. */
  const send = async (req: IncomingMessage, res: ServerResponse, answer: Rendered, entry?: Stored, fresh = true) => {
    const compressible =
      entry?.compressible ??
      (COMPRESSIBLE.test(header(answer.headers, 'content-type') ?? '') &&
        !header(answer.headers, 'content-encoding') &&
        answer.body.length >= MIN_BYTES);
    const encoding = compressible ? pickEncoding(req.headers['accept-encoding']) : undefined;
    const body = !encoding
      ? answer.body
      : entry
        ? await variant(entry, encoding, fresh)
        : await compress(answer.body, encoding, false);
    // The render signed-in visitors share is theirs to keep, not a shared cache's: it says so
    // as every signed-in page does.
    const headers = hasSession(req)
      ? [...answer.headers.filter(([name]) => name.toLowerCase() !== 'cache-control').flat(), ...PRIVATE]
      : answer.headers.flat();
    if (encoding) headers.push('Content-Encoding', encoding, 'Vary', 'Accept-Encoding');
    headers.push('Content-Length', String(body.length));
    res.writeHead(answer.status, headerObject(headers));
    res.end(req.method === 'HEAD' ? undefined : body);
  };

  return {
    keyOf(req, visitor) {
      if (options.ttlMs <= 0) return undefined;
      if (req.method !== 'GET' && req.method !== 'HEAD') return undefined;
      if (req.headers.authorization !== undefined) return undefined;
      const cookie = req.headers.cookie;
      const session = hasSession(req);
      if (options.personal ? !session || visitor === undefined : session && !options.shareWithSession?.(req))
        return undefined;
      const userAgent = req.headers['user-agent'];
      const bot = userAgent ? isbot(userAgent) : false;
      const whose = options.personal ? [visitor] : session ? ['signed-in'] : [];
      // JSON keeps the parts apart whatever characters they hold.
      return JSON.stringify([urlOf(req), options.keyCookies(cookie), bot, ...whose]);
    },

    urlOf,
    cookieOf: (req) => options.keyCookies(req.headers.cookie),

    async serve(req, res, key, run) {
      try {
        const entry = entries.get(key);
        const at = now();
        if (entry && 'bypassUntil' in entry) {
          if (at < entry.bypassUntil) return false;
          drop(key);
        } else if (entry) {
          const age = at - entry.storedAt;
          if (age < 2 * options.ttlMs) {
            touch(key, entry);
            if (age >= options.ttlMs) {
              counts.stale++;
              // One request renders the page again; everyone meanwhile gets the stale answer.
              render(key, run, true).catch((error) => options.onError?.(error));
            } else {
              counts.hits++;
            }
            await send(req, res, entry, entry, false);
            return true;
          }
          drop(key);
        }
        counts.misses++;
        const waited = !!flights.get(key);
        if (waited) shared.add(key);
        const { stored, rendered } = await render(key, run, waited || secondAsk(key, at));
        if (stored) {
          await send(req, res, stored, stored);
          return true;
        }
        // Not cacheable: whoever rendered it gets it; a request that only waited renders its
        // own (an answer that sets a cookie, say, must never be shared). A signed-in visitor's
        // shared render that turned out personal is never sent: they get their own. A personal
        // cache's render was made for the visitor who asked.
        if (rendered && !waited && (options.personal || !hasSession(req))) {
          await send(req, res, rendered);
          return true;
        }
        return false;
      } catch (error) {
        options.onError?.(error);
        // Past the head, the answer cannot be restarted: end it (the client sees a cut answer).
        if (res.headersSent) {
          res.destroy();
          return true;
        }
        return false;
      }
    },

    clear() {
      generation++;
      entries.clear();
      // A render already under way may have read the catalogue before the change: requests
      // from now on start their own instead of sharing its answer.
      flights.clear();
      shared.clear();
      bytes = 0;
    },

    stats: () => ({ entries: entries.size, bytes, ...counts }),
  };
}

async function read(response: Response): Promise<Rendered> {
  const headers: [string, string][] = [];
  for (const [name, value] of response.headers) {
    if (!DROPPED_HEADERS.has(name.toLowerCase())) headers.push([name, value]);
  }
  // Headers.entries() joins repeated Set-Cookie values; getSetCookie() keeps them apart.
  const setCookies = response.headers.getSetCookie();
  if (setCookies.length) {
    for (let i = headers.length - 1; i >= 0; i--)
      if (headers[i]![0].toLowerCase() === 'set-cookie') headers.splice(i, 1);
    for (const value of setCookies) headers.push(['Set-Cookie', value]);
  }
  const body = response.body ? Buffer.from(await response.arrayBuffer()) : Buffer.alloc(0);
  return { status: response.status, headers, body };
}

/** Every raw value of a cookie in a Cookie header, in order. */
function cookieValues(header: string | undefined, name: string): string[] {
  if (!header) return [];
  const values: string[] = [];
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if ((eq < 0 ? part : part.slice(0, eq)).trim() === name) values.push(eq < 0 ? '' : part.slice(eq + 1).trim());
  }
  return values;
}

function header(headers: [string, string][], name: string): string | undefined {
  return headers.find(([key]) => key.toLowerCase() === name)?.[1];
}

/** A personal cache keeps the visitor's private answers: they are sent to that visitor only. */
function cacheable(answer: Rendered, personal: boolean): boolean {
  if (answer.status !== 200) return false;
  if (header(answer.headers, 'set-cookie') !== undefined) return false;
  if (personal) return true;
  const control = header(answer.headers, 'cache-control')?.toLowerCase() ?? '';
  return !/\b(private|no-store)\b/.test(control);
}
