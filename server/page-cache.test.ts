import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import {
  createServer,
  request as httpRequest,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ServerBuild } from 'react-router';
import { createServer as createViteServer, type ViteDevServer } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from './accounts/session.ts';
import { productionTestAuth } from './accounts/test-keys.ts';
import { notifyCatalogueChanged as notifyThisCopy } from './catalogue/changes.ts';
import {
  daysFromNow,
  insertAttraction,
  insertClassifications,
  insertEvent,
  insertVenue,
} from './catalogue/testing/fixtures.ts';
import type { Database } from './db/client.ts';
import { createWebServer, PAGE_KEY_QUERY } from './http.ts';
import { createPageCache, type PageCache } from './page-cache.ts';
import { testServices } from './testing/services.ts';
import { createTestDatabase } from './testing/test-db.ts';

type Answer = { status: number; headers: IncomingMessage['headers']; raw: Buffer; text: string };

/** One request as a client sends it; the body as received and decoded. */
function fetchRaw(url: string, options: { method?: string; headers?: Record<string, string> } = {}) {
  return new Promise<Answer>((resolve, reject) => {
    const req = httpRequest(url, { method: options.method ?? 'GET', headers: options.headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const raw = Buffer.concat(chunks);
        const encoding = res.headers['content-encoding'];
        const decoded =
          raw.length === 0
            ? raw
            : encoding === 'br'
              ? zlib.brotliDecompressSync(raw)
              : encoding === 'gzip'
                ? zlib.gunzipSync(raw)
                : raw;
        resolve({ status: res.statusCode ?? 0, headers: res.headers, raw, text: decoded.toString('utf8') });
      });
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

const listen = async (server: Server) => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
};
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A page asked for twice: the second render is the one kept (ADR 0070). */
async function kept(url: string, options: Parameters<typeof fetchRaw>[1] = {}) {
  await fetchRaw(url, options);
  return fetchRaw(url, options);
}

/**
 * A loopback server answering through `cache` as server/http.ts does: a request the cache may
 * keep is served through it with `renderOf(req)`, and whatever it does not serve gets
 * `otherwise`. Listens for the enclosing describe; returns how to ask it for a path.
 */
function servedThrough(
  cache: PageCache,
  renderOf: (req: IncomingMessage) => () => Promise<Response>,
  otherwise: (req: IncomingMessage, res: ServerResponse) => Promise<void>,
) {
  const server = createServer((req, res) => {
    const key = cache.keyOf(req);
    if (key === undefined) return void otherwise(req, res);
    void cache.serve(req, res, key, renderOf(req)).then((served) => {
      if (!served) void otherwise(req, res);
    });
  });
  let origin = '';
  beforeAll(async () => {
    origin = await listen(server);
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
  return (pathname: string, headers: Record<string, string> = {}, method = 'GET') =>
    fetchRaw(`${origin}${pathname}`, { method, headers });
}

// ─── The cache on its own: a loopback server whose "render" is counted ──────────────────

describe('page cache rules', () => {
  const page = (n: number) => `<!DOCTYPE html><html><body>${`<p>Render ${n}</p>`.repeat(200)}</body></html>`;
  let clock = 0;
  let renders = 0;
  /** What the next renders answer; `delayMs` keeps a render in flight. */
  let answer: { status?: number; headers?: Record<string, string>; delayMs?: number } = {};
  const cache = createPageCache({
    ttlMs: 1_000,
    // The one cookie these renders read, every occurrence as sent.
    keyCookies: (header) =>
      (header ?? '')
        .split(';')
        .map((part) => part.trim())
        .filter((part) => part.startsWith('prefs='))
        .join('; '),
    sessionCookie: 'session',
    maxEntries: 3,
    now: () => clock,
  });
  const render = async () => {
    const n = ++renders;
    if (answer.delayMs) await sleep(answer.delayMs);
    return new Response(page(n), {
      status: answer.status ?? 200,
      headers: { 'Content-Type': 'text/html', ...answer.headers },
    });
  };
  const get = servedThrough(
    cache,
    () => render,
    async (_req, res) => {
      const response = await render();
      res.writeHead(response.status, { 'Content-Type': 'text/html', 'X-Uncached': 'yes' });
      res.end(await response.text());
    },
  );
  const reset = () => {
    cache.clear();
    clock = 0;
    renders = 0;
    answer = {};
  };

  it('keeps a page from its second render within two TTLs: a page asked for once leaves only its key', async () => {
    reset();
    expect((await get('/once')).text).toContain('Render 1');
    expect(cache.stats().entries).toBe(0);
    expect((await get('/once')).text).toContain('Render 2');
    expect((await get('/once')).text).toContain('Render 2');
    expect(cache.stats().entries).toBe(1);
    // Asked for again only after two TTLs: a first time once more.
    await get('/rare');
    clock = 2_500;
    expect((await get('/rare')).text).toContain('Render 4');
    expect((await get('/rare')).text).toContain('Render 5');
    expect((await get('/rare')).text).toContain('Render 5');
    expect(renders).toBe(5);
  });

  it('answers from the kept render until the TTL; then stale once while one request renders again', async () => {
    reset();
    await get('/a');
    expect((await get('/a')).text).toContain('Render 2');
    expect((await get('/a')).text).toContain('Render 2');
    clock = 1_500; // past the TTL, within the stale window
    expect((await get('/a')).text).toContain('Render 2');
    await sleep(20); // the re-render in the background
    expect((await get('/a')).text).toContain('Render 3');
    clock = 5_000; // past the stale window: waits for a new render
    expect((await get('/a')).text).toContain('Render 4');
    expect(renders).toBe(4);
  });

  it('renders once for many concurrent misses of one page, and keeps it: it was asked for more than once', async () => {
    reset();
    answer = { delayMs: 50 };
    const answers = await Promise.all(Array.from({ length: 32 }, () => get('/busy')));
    expect(renders).toBe(1);
    expect(new Set(answers.map((a) => a.text)).size).toBe(1);
    expect(answers.every((a) => a.status === 200)).toBe(true);
    expect((await get('/busy')).text).toContain('Render 1');
  });

  it('keeps pages apart by path, query and the cookies renders read, not by other cookies', async () => {
    reset();
    await get('/p?x=1');
    const first = (await get('/p?x=1')).text;
    expect((await get('/p?x=2')).text).not.toBe(first);
    const near = { Cookie: 'prefs=near%3DAustin' };
    await get('/p?x=1', near);
    const nearby = (await get('/p?x=1', near)).text;
    expect(nearby).not.toBe(first);
    expect((await get('/p?x=1', { Cookie: 'analytics=123' })).text).toBe(first);
    expect((await get('/p?x=1', { Cookie: 'analytics=9; prefs=near%3DAustin' })).text).toBe(nearby);
  });

  it('never answers a signed-in request from the cache nor stores its page', async () => {
    reset();
    await get('/me');
    await get('/me');
    const signedIn = await get('/me', { Cookie: 'session=token' });
    expect(signedIn.headers['x-uncached']).toBe('yes');
    expect(signedIn.text).toContain('Render 3');
    expect((await get('/me', { Authorization: 'Bearer token' })).text).toContain('Render 4');
    expect((await get('/me')).text).toContain('Render 2');
    expect((await get('/me', {}, 'POST')).headers['x-uncached']).toBe('yes');
  });

  it('stores neither non-200 answers nor answers that set cookies or are private, and never shares them', async () => {
    const answers: (typeof answer)[] = [
      { status: 404 },
      { status: 301 },
      { headers: { 'Set-Cookie': 'id=1' } },
      { headers: { 'Cache-Control': 'private, no-store' } },
    ];
    for (const next of answers) {
      reset();
      answer = { ...next, delayMs: 30 };
      const [a, b] = await Promise.all([get('/x'), get('/x')]);
      // Whoever rendered gets its own answer; the request that waited renders its own.
      expect(a.text).not.toBe(b.text);
      expect(renders).toBe(2);
      expect((await get('/x')).headers['x-uncached']).toBe('yes');
      expect(renders).toBe(3);
    }
  });

  it('answers HEAD from the stored page, without a body', async () => {
    reset();
    await get('/h', { 'Accept-Encoding': 'br' });
    const full = await get('/h', { 'Accept-Encoding': 'br' });
    const head = await get('/h', { 'Accept-Encoding': 'br' }, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.raw.length).toBe(0);
    expect(head.headers['content-length']).toBe(String(full.raw.length));
    expect(head.headers['content-encoding']).toBe('br');
    expect(renders).toBe(2);
  });

  it('drops the least recently used page beyond its bounds, and everything on clear()', async () => {
    reset();
    for (const p of ['/1', '/2', '/3']) {
      await get(p);
      await get(p);
    }
    await get('/1'); // used: /2 is now the oldest
    await get('/4');
    await get('/4');
    expect(cache.stats().entries).toBe(3);
    expect((await get('/1')).text).toContain('Render 2');
    expect((await get('/2')).text).toContain('Render 9');
    cache.clear();
    expect((await get('/1')).text).toContain('Render 10');
  });
});

describe('compression of kept pages', () => {
  // Rows of varied names, as a list page is: the levels then make different bytes.
  let seed = 7;
  const next = () => {
    seed = (seed * 48_271) % 2_147_483_647;
    return seed;
  };
  const vocabulary = ['river', 'lights', 'orchestra', 'night', 'jazz', 'tour', 'arena', 'opera'];
  const rows = Array.from({ length: 400 }, () => {
    const [a, b] = [vocabulary[next() % 8], vocabulary[next() % 8]];
    return `<li class="event-row"><a href="/events/${a}-${b}/${next().toString(36)}">${a} ${b}</a></li>`;
  });
  const body = `<!DOCTYPE html><html><body><ul>${rows.join('')}</ul></body></html>`;
  let renders = 0;
  const get = servedThrough(
    createPageCache({ ttlMs: 60_000, keyCookies: () => '', sessionCookie: 'session' }),
    () => async () => {
      renders++;
      return new Response(body, { headers: { 'Content-Type': 'text/html' } });
    },
    async (_req, res) => void res.writeHead(500).end(),
  );
  const level = (encoding: 'br' | 'gzip', kept: boolean) =>
    encoding === 'br'
      ? zlib.brotliCompressSync(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: kept ? 5 : 1 } })
      : zlib.gzipSync(body, { level: kept ? 6 : 1 });

  it.each(['br', 'gzip'] as const)(
    '%s: the first answer at the fastest level, a page asked for again at the level kept for it',
    async (encoding) => {
      const path = `/words-${encoding}`;
      const first = await get(path, { 'Accept-Encoding': encoding });
      expect(first.headers['content-encoding']).toBe(encoding);
      expect(first.text).toBe(body);
      expect(first.raw.equals(level(encoding, false))).toBe(true);
      // Asked for again: the kept level is made in the background and every later visitor gets it.
      await expect
        .poll(async () => (await get(path, { 'Accept-Encoding': encoding })).raw.equals(level(encoding, true)))
        .toBe(true);
      const later = await get(path, { 'Accept-Encoding': encoding });
      expect(later.text).toBe(body);
      expect(later.raw.length).toBeLessThan(first.raw.length);
      expect(later.headers['content-length']).toBe(String(later.raw.length));
    },
  );

  it('renders each page twice, the first render not kept, whatever the encodings asked for', () => {
    expect(renders).toBe(4);
  });
});

describe('the render signed-in visitors share', () => {
  let renders = 0;
  /** What the shared render answers: a page, or the refusal of a render that needed the visitor. */
  let personal = false;
  const cache = createPageCache({
    ttlMs: 60_000,
    keyCookies: () => '',
    sessionCookie: 'session',
    shareWithSession: (req) => !(req.url ?? '').endsWith('.data'),
  });
  const get = servedThrough(
    cache,
    (req) => {
      const signedIn = /session=/.test(req.headers.cookie ?? '');
      return async () => {
        const n = ++renders;
        if (personal && signedIn) return new Response('needs the visitor', { status: 409 });
        return new Response(`<p>${signedIn ? 'Shared' : 'Anonymous'} render ${n}</p>`.repeat(100), {
          headers: { 'Content-Type': 'text/html', 'Cache-Control': 'public, max-age=60' },
        });
      };
    },
    async (req, res) => {
      const n = ++renders;
      res.writeHead(200, { 'Content-Type': 'text/html', 'X-Own': 'yes' });
      res.end(`<p>Own render ${n} for ${req.headers.cookie}</p>`);
    },
  );

  it('is one render for every signed-in visitor, apart from the anonymous one, and private', async () => {
    cache.clear();
    renders = 0;
    const first = await get('/p', { Cookie: 'session=one' });
    expect(first.text).toContain('Shared render 1');
    expect(first.headers['cache-control']).toBe('private, no-store');
    expect((await get('/p', { Cookie: 'session=two' })).text).toContain('Shared render 2');
    expect((await get('/p', { Cookie: 'session=three' })).text).toContain('Shared render 2');
    const anonymous = await get('/p');
    expect(anonymous.text).toContain('Anonymous render 3');
    expect(anonymous.headers['cache-control']).toBe('public, max-age=60');
    // Data requests are the visitor's own, and so is anything sent with Authorization.
    expect((await get('/p.data', { Cookie: 'session=one' })).headers['x-own']).toBe('yes');
    expect((await get('/p', { Cookie: 'session=one', Authorization: 'Bearer one' })).headers['x-own']).toBe('yes');
  });

  it('is never sent when it needed the visitor: each gets their own, with no second try for a while', async () => {
    cache.clear();
    renders = 0;
    personal = true;
    const one = await get('/mine', { Cookie: 'session=one' });
    expect(one.headers['x-own']).toBe('yes');
    expect(one.text).toContain('Own render 2 for session=one');
    const two = await get('/mine', { Cookie: 'session=two' });
    expect(two.text).toContain('Own render 3 for session=two');
    personal = false;
  });
});

describe('query parameters no render reads', () => {
  const cache = createPageCache({
    ttlMs: 1_000,
    keyCookies: () => '',
    sessionCookie: 'session',
    keyQuery: ['q', 'tag'],
  });
  const request = (url: string) =>
    ({ method: 'GET', url, headers: { host: 'encore.test' }, socket: {} }) as unknown as IncomingMessage;

  it('are left out of the key and of the rendered URL, whatever their names and values', () => {
    expect(cache.urlOf(request('/p?q=rock&utm_source=mail&x=1'))).toBe('/p?q=rock');
    expect(cache.urlOf(request('/p?x=1'))).toBe('/p');
    expect(cache.urlOf(request('/p?%78=1&q=a+b&tag=1&tag=2&'))).toBe('/p?q=a+b&tag=1&tag=2');
    expect(cache.keyOf(request('/p?q=rock&x=1'))).toBe(cache.keyOf(request('/p?q=rock')));
    expect(cache.keyOf(request('/p?x=1'))).toBe(cache.keyOf(request('/p')));
  });

  it('keep what is read, in its order and spelling, so different searches stay apart', () => {
    expect(cache.keyOf(request('/p?q=rock'))).not.toBe(cache.keyOf(request('/p?q=jazz')));
    expect(cache.keyOf(request('/p?tag=1&tag=2'))).not.toBe(cache.keyOf(request('/p?tag=2&tag=1')));
    expect(cache.keyOf(request('/p?%71=rock'))).toBe(cache.keyOf(request('/p?%71=rock&x=2')));
    // A name that does not decode is kept: the render decides what it means.
    expect(cache.urlOf(request('/p?%E0%A4%A=1'))).toBe('/p?%E0%A4%A=1');
  });
});

// ─── Through the real server: React Router, the loaders and a real database ─────────────

let vite: ViteDevServer;
let build: ServerBuild;
let buildsChanges: typeof import('./catalogue/changes.ts');
let database: Database;
let tokens: Awaited<ReturnType<typeof productionTestAuth>>;
let buildDir: string;
const servers: FastifyInstance[] = [];
let ids: { artist: string; event: string };
const PROJECT = 'encore-page-cache-test';

beforeAll(async () => {
  database = await createTestDatabase();
  const { db } = database;
  await insertClassifications(db);
  const venue = await insertVenue(db, {
    name: 'Paramount Theatre',
    city: 'Austin',
    stateCode: 'TX',
    latitude: 30.2672,
    longitude: -97.7431,
  });
  const artist = await insertAttraction(db, { name: 'Cached Comets' });
  const event = await insertEvent(db, {
    name: 'Cached Comets Live',
    venue,
    attractionIds: [artist.id],
    info: 'Doors open at seven.',
    startsAt: daysFromNow(10),
  });
  ids = { artist: artist.id, event: event.id };
  tokens = await productionTestAuth(PROJECT);
  // Static files are not under test: an empty client folder.
  buildDir = mkdtempSync(path.join(os.tmpdir(), 'encore-page-cache-'));
  mkdirSync(path.join(buildDir, 'client'));
  vite = await createViteServer({
    configFile: 'vite.config.ts',
    logLevel: 'silent',
    appType: 'custom',
    server: { middlewareMode: true, hmr: false, ws: false, watch: null },
  });
  build = (await vite.ssrLoadModule('virtual:react-router/server-build')) as ServerBuild;
  buildsChanges = (await vite.ssrLoadModule('/server/catalogue/changes.ts')) as typeof import('./catalogue/changes.ts');
}, 60_000);

/**
 * A catalogue write in this process, as the server process hears it. Here the loaders run in
 * Vite's module graph, with their own copy of server/ (the search snapshot the pages read),
 * and the page cache in this file's: both hear it, as the one copy does in production.
 */
function notifyCatalogueChanged() {
  notifyThisCopy();
  buildsChanges.notifyCatalogueChanged();
}

afterAll(async () => {
  for (const app of servers) await app.close();
  await vite?.close();
  await database?.close();
  await tokens?.close();
  if (buildDir) rmSync(buildDir, { recursive: true, force: true });
});

async function start(ttlMs: number): Promise<string> {
  const services = testServices(
    database,
    { FIREBASE_PROJECT_ID: PROJECT, PAGE_CACHE_TTL_MS: String(ttlMs) },
    { auth: tokens.auth },
  );
  const app = await createWebServer({ services, build, buildDir });
  servers.push(app);
  await app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}

describe('anonymous pages through the server', () => {
  let origin = '';
  let uncached = '';
  const eventUrl = () => `/events/cached-comets-live/${ids.event}`;
  beforeAll(async () => {
    origin = await start(60_000);
    uncached = await start(0);
  });
  // Stamped as every catalogue writer stamps a row (ADR 0018): that is how snapshots hear of it.
  const setInfo = (info: string) =>
    database.db.execute(sql`update events set info = ${info}, updated_at = now() where id = ${ids.event}`);

  it('renders a page asked for once again for its next visitor, and keeps it from then on (ADR 0070)', async () => {
    const url = `${origin}/search?keyword=comets&sort=date%2Casc`;
    // Every render carries a nonce of its own (its Content-Security-Policy): a render tells itself apart.
    const nonceOf = (answer: Answer) => /nonce="([^"]+)"/.exec(answer.text)?.[1];
    const first = await fetchRaw(url);
    const second = await fetchRaw(url);
    expect(first.status).toBe(200);
    expect(nonceOf(second)).toBeDefined();
    expect(nonceOf(second)).not.toBe(nonceOf(first));
    const third = await fetchRaw(url);
    expect(third.text).toBe(second.text);
  });

  it('renders whole, as a bot gets it, the page a visitor gets streamed (ADR 0077)', async () => {
    const path = '/search?keyword=comets&sort=name%2Casc';
    // Each render has its own nonce; everything else is the same page.
    const page = (answer: Answer) => answer.text.replace(/nonce="[^"]+"/g, 'nonce=""');
    const data = (answer: Answer) => /streamController\.enqueue\(("(?:[^"\\]|\\.)*")\)/.exec(answer.text)?.[1];
    const identity = { 'Accept-Encoding': 'identity' };
    const streamed = await fetchRaw(`${uncached}${path}`, { headers: identity });
    const whole = await fetchRaw(`${origin}${path}`, { headers: identity });
    const bot = await fetchRaw(`${uncached}${path}`, {
      headers: { ...identity, 'User-Agent': 'Googlebot/2.1 (+http://www.google.com/bot.html)' },
    });
    for (const answer of [streamed, whole, bot]) {
      expect(answer.status).toBe(200);
      expect(answer.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(answer.text).toContain('Cached Comets Live');
      expect(answer.text).toContain('streamController.close()');
    }
    expect(whole.headers['content-length']).toBe(String(whole.raw.length));
    // Streamed, the loader data comes after the shell, in a boundary a script then moves into
    // place; whole, it is already in place. The same data either way.
    expect(streamed.text).toContain('<template id="B:0">');
    expect(whole.text).not.toContain('<template id="B:0">');
    expect(data(whole)).toBeDefined();
    expect(data(whole)).toBe(data(streamed));
    expect(page(whole)).toBe(page(bot));
  });

  it('serves a kept page to every anonymous visitor, until the catalogue changes', async () => {
    await setInfo('Doors open at seven.');
    notifyCatalogueChanged();
    const first = await kept(`${origin}${eventUrl()}`);
    expect(first.status).toBe(200);
    expect(first.text).toContain('Doors open at seven.');
    await setInfo('Doors open at eight.');
    // The loaders did not run again: the change is not on the page yet.
    const second = await fetchRaw(`${origin}${eventUrl()}`);
    expect(second.text).toBe(first.text);
    // A catalogue write in this process drops what was kept.
    notifyCatalogueChanged();
    expect((await kept(`${origin}${eventUrl()}`)).text).toContain('Doors open at eight.');
    // With the cache off, every request renders: the loaders hear of the write, the page
    // cache does not, and only the server without it shows the change.
    await setInfo('Doors open at nine.');
    buildsChanges.notifyCatalogueChanged();
    expect((await fetchRaw(`${uncached}${eventUrl()}`)).text).toContain('Doors open at nine.');
    expect((await fetchRaw(`${origin}${eventUrl()}`)).text).toContain('Doors open at eight.');
  });

  it('gives signed-in visitors the render they share, with nothing of theirs in it, and their own pages as theirs', async () => {
    const uid = 'cache-test-user';
    const cookie = `${SESSION_COOKIE}=${tokens.mint(uid, { email: 'cachetester@example.test' })}`;
    const other = `${SESSION_COOKIE}=${tokens.mint('another-fan', { email: 'another@example.test' })}`;
    const anonymous = await fetchRaw(`${origin}/about-us`);
    expect(anonymous.text).not.toContain('my account');
    const signedIn = await kept(`${origin}/about-us`, { headers: { Cookie: cookie } });
    expect(signedIn.status).toBe(200);
    // Signed in (the header's account button), but not as anyone in particular, and private.
    expect(signedIn.text).toContain('my account');
    expect(signedIn.text).not.toContain(uid);
    expect(signedIn.headers['cache-control']).toBe('private, no-store');
    expect((await fetchRaw(`${origin}/about-us`, { headers: { Cookie: other } })).text).toBe(signedIn.text);
    expect((await fetchRaw(`${origin}/about-us`)).text).not.toContain('my account');
    // A page that reads who the visitor is, and the data of a navigation, are theirs alone.
    const own = await fetchRaw(`${origin}/profile/indexV2`, { headers: { Cookie: cookie } });
    expect(own.status).toBe(200);
    expect(own.text).toContain('cachetester');
    expect((await fetchRaw(`${origin}/profile/indexV2`, { headers: { Cookie: other } })).text).not.toContain(
      'cachetester',
    );
    expect((await fetchRaw(`${origin}/about-us.data`, { headers: { Cookie: cookie } })).text).toContain(uid);
  });

  it('reads a page’s public data once for signed-in fans too, and again after a catalogue change', async () => {
    const cookie = `${SESSION_COOKIE}=${tokens.mint('shared-data-fan', { email: 'fan2@example.test' })}`;
    const url = `${origin}${eventUrl()}?ticketCategory=great_view`;
    await setInfo('Doors open at seven.');
    notifyCatalogueChanged();
    const first = await kept(url, { headers: { Cookie: cookie } });
    expect(first.text).toContain('Doors open at seven.');
    expect(first.text).not.toContain('shared-data-fan');
    await setInfo('Doors open at six.');
    // The render signed-in fans share, until the catalogue changes.
    const second = await fetchRaw(url, { headers: { Cookie: cookie } });
    expect(second.text).toBe(first.text);
    notifyCatalogueChanged();
    expect((await fetchRaw(url, { headers: { Cookie: cookie } })).text).toContain('Doors open at six.');
    await setInfo('Doors open at seven.');
    notifyCatalogueChanged();
  });

  it('renders the remembered place of each visitor (filters cookie) on its own', async () => {
    const near = (place: string) => ({
      Cookie: `encoreFilters=${encodeURIComponent(`geoPoint=30.2672:-97.7431&near=${place}`)}`,
    });
    const austin = await kept(`${origin}/`, { headers: near('Austin') });
    expect(austin.text).toContain('Upcoming near Austin');
    const other = await fetchRaw(`${origin}/`, { headers: near('Downtown Austin') });
    expect(other.text).toContain('Upcoming near Downtown Austin');
    const none = await fetchRaw(`${origin}/`);
    expect(none.text).not.toContain('Upcoming near');
    expect((await fetchRaw(`${origin}/`, { headers: near('Austin') })).text).toBe(austin.text);
  });

  it("renders each screen class's layout on its own (viewport cookie)", async () => {
    const phone = await kept(`${origin}/about-us`, { headers: { Cookie: 'encoreViewport=xs' } });
    expect(phone.text).not.toContain('aria-label="Side navigation"');
    const desktop = await fetchRaw(`${origin}/about-us`, { headers: { Cookie: 'encoreViewport=xl' } });
    expect(desktop.text).toContain('aria-label="Side navigation"');
    // Served from the cache, each still gets its own.
    expect((await fetchRaw(`${origin}/about-us`, { headers: { Cookie: 'encoreViewport=xs' } })).text).toBe(phone.text);
    // No cookie: the fallback class (lg) has the drawer.
    expect((await fetchRaw(`${origin}/about-us`)).text).toContain('aria-label="Side navigation"');
  });

  it('answers each encoding with its own bytes and the same page, and HEAD with the headers alone', async () => {
    const url = `${origin}/search?keyword=comets`;
    const plain = await kept(url, { headers: { 'Accept-Encoding': 'identity' } });
    const br = await fetchRaw(url, { headers: { 'Accept-Encoding': 'gzip, deflate, br' } });
    const gz = await fetchRaw(url, { headers: { 'Accept-Encoding': 'gzip' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(br.headers['content-encoding']).toBe('br');
    expect(gz.headers['content-encoding']).toBe('gzip');
    for (const answer of [br, gz]) {
      expect(answer.headers.vary).toBe('Cookie, Accept-Encoding');
      expect(answer.text).toBe(plain.text);
      expect(answer.raw.length).toBeLessThan(plain.raw.length / 3);
      expect(answer.headers['content-length']).toBe(String(answer.raw.length));
    }
    expect(plain.text).toContain('Cached Comets Live');
    const head = await fetchRaw(url, { method: 'HEAD', headers: { 'Accept-Encoding': 'br' } });
    expect(head.status).toBe(200);
    expect(head.raw.length).toBe(0);
    expect(head.headers['content-type']).toBe(br.headers['content-type']);
    expect(head.headers['content-length']).toBe(String(br.raw.length));
  });

  it('keeps the headers a page is rendered with', async () => {
    const url = `/cached-comets-tickets/artist/${ids.artist}`;
    const headers = { 'Accept-Encoding': 'br' };
    // Per answer: framing, the request id and the render's CSP nonce (a cached page keeps the
    // nonce its HTML carries; checked below).
    const relevant = (answer: Answer) =>
      Object.fromEntries(
        Object.entries(answer.headers)
          .filter(
            ([name]) =>
              !['date', 'connection', 'keep-alive', 'content-length', 'transfer-encoding', 'x-request-id'].includes(
                name,
              ),
          )
          .map(([name, value]) => [name, String(value).replace(/'nonce-[^']+'/, "'nonce-…'")]),
      );
    const reference = await fetchRaw(`${uncached}${url}`, { headers });
    await fetchRaw(`${origin}${url}`, { headers });
    const cached = await fetchRaw(`${origin}${url}`, { headers });
    expect(reference.status).toBe(200);
    expect(relevant(cached)).toEqual(relevant(reference));
    expect(cached.headers['content-type']).toMatch(/^text\/html/);
    const nonce = /'nonce-([^']+)'/.exec(String(cached.headers['content-security-policy']))?.[1];
    expect(cached.text).toContain(`nonce="${nonce}"`);
  });

  it('keeps the data requests of client navigation too', async () => {
    const url = `${origin}/search.data?keyword=comets`;
    const first = await kept(url);
    expect(first.status).toBe(200);
    expect(first.text).toContain('Cached Comets Live');
    await database.db.execute(
      sql`update events set name = 'Cached Comets Encore', updated_at = now() where id = ${ids.event}`,
    );
    expect((await fetchRaw(url)).text).toBe(first.text);
    notifyCatalogueChanged();
    expect((await fetchRaw(url)).text).toContain('Cached Comets Encore');
    await database.db.execute(
      sql`update events set name = 'Cached Comets Live', updated_at = now() where id = ${ids.event}`,
    );
    notifyCatalogueChanged();
  });

  it('serves a page asked for with parameters it does not read from the same entry', async () => {
    await setInfo('Doors open at seven.');
    notifyCatalogueChanged();
    const first = await kept(`${origin}${eventUrl()}?ticketCategory=good_view`);
    expect(first.text).toContain('Doors open at seven.');
    await setInfo('Doors open at ten.');
    // Not rendered again: the same page, whatever else the URL carries.
    const other = await fetchRaw(`${origin}${eventUrl()}?utm_source=newsletter&ticketCategory=good_view&x=1`);
    expect(other.text).toBe(first.text);
    expect(other.text).not.toContain('utm_source');
    // A parameter the page reads is another page: rendered for it, not the entry above.
    const front = await fetchRaw(`${origin}${eventUrl()}?ticketCategory=front_row&x=1`);
    expect(front.text).not.toBe(first.text);
    expect(front.text).toMatch(/aria-current="true"[^>]*>(<[^>]*>)*Front row</);
    await setInfo('Doors open at seven.');
    notifyCatalogueChanged();
  });

  it('serves made-up cookie values and Host headers from the entry of the page they render as', async () => {
    await setInfo('Doors open at seven.');
    notifyCatalogueChanged();
    const first = await kept(`${origin}${eventUrl()}`);
    expect(first.text).toContain('Doors open at seven.');
    await setInfo('Doors open at nine.');
    // None of these is rendered: the page each renders as is the one already kept.
    const asSent: Record<string, string>[] = [
      { Cookie: 'encoreViewport=made-up-1' },
      { Cookie: 'encoreViewport=lg' },
      { Cookie: 'encoreFilters=made%20up' },
      { Cookie: 'encoreFilters=; encoreViewport=' },
      { Cookie: 'encoreFilters=sort%3Dmade-up%26radius%3D-4' },
      { Host: 'made-up.example' },
      { Host: 'made-up.example:8080', Cookie: 'analytics=1; encoreViewport=bench-7' },
    ];
    for (const headers of asSent) {
      const answer = await fetchRaw(`${origin}${eventUrl()}`, { headers });
      expect(answer.status, JSON.stringify(headers)).toBe(200);
      expect(answer.text, JSON.stringify(headers)).toBe(first.text);
    }
    // Absolute URLs are our own origin's, whatever Host the first visitor sent.
    expect(first.text).not.toContain('made-up.example');
    // A value read as another page is another page.
    const phone = await fetchRaw(`${origin}${eventUrl()}`, { headers: { Cookie: 'encoreViewport=xs' } });
    expect(first.text).toContain('aria-label="Side navigation"');
    expect(phone.text).not.toContain('aria-label="Side navigation"');
    await setInfo('Doors open at seven.');
    notifyCatalogueChanged();
  });

  it("answers React Router's route discovery for the routes and build asked for, from the cache too", async () => {
    // An anonymous visitor's next page is discovered through /__manifest: were its parameters
    // dropped, every answer would say "another build" and each navigation a full page load.
    const discover = (paths: string) =>
      fetchRaw(`${origin}/__manifest?paths=${encodeURIComponent(paths)}&version=${build.assets.version}`);
    for (const paths of ['/,/search', '/,/about-us', '/,/search']) {
      const answer = await discover(paths);
      expect(answer.status, paths).toBe(200);
      const routes = Object.keys(JSON.parse(answer.text) as Record<string, unknown>);
      expect(routes, paths).toContain(paths.endsWith('search') ? 'routes/search' : 'routes/about-us');
    }
    const otherBuild = await fetchRaw(`${origin}/__manifest?paths=%2Fsearch&version=another-build`);
    expect(otherBuild.status).toBe(204);
  });

  it('passes 404s and redirects through as rendered', async () => {
    const missing = await fetchRaw(`${origin}/events/nothing/NOPE`);
    expect(missing.status).toBe(404);
    const moved = await fetchRaw(`${origin}/events/old-name/${ids.event}`);
    expect(moved.status).toBe(301);
    expect(moved.headers.location).toBe(eventUrl());
  });
});

// ─── A fan's own pages: kept for them, until something they show changes (ADR 0049) ──────

describe("a fan's my Encore through the server", () => {
  let origin = '';
  const FAN = 'kept-page-fan';
  const OTHER = 'kept-page-other';
  const as = (uid: string) => ({
    Cookie: `${SESSION_COOKIE}=${tokens.mint(uid, { email: `${uid}@example.test` })}`,
  });
  // Straight to the tables, as any writer's statement (another node's, a job's) would.
  const rename = (name: string) => database.db.execute(sql`update events set name = ${name} where id = ${ids.event}`);
  const watch = () =>
    database.db.execute(
      sql`insert into watches (uid, event_id, target_price, known_status) values (${FAN}, ${ids.event}, 10, 'onsale') on conflict do nothing`,
    );
  const unwatch = () => database.db.execute(sql`delete from watches where uid = ${FAN}`);
  beforeAll(async () => {
    origin = await start(60_000);
    await database.db.execute(
      sql`insert into accounts (uid, email, first_name) values (${FAN}, ${`${FAN}@example.test`}, 'Keptina'),
        (${OTHER}, ${`${OTHER}@example.test`}, 'Otherine')`,
    );
  });
  afterAll(async () => {
    await unwatch();
    await rename('Cached Comets Live');
  });

  it('is kept for the fan, private, and shows at once what they change, from any writer', async () => {
    await watch();
    const first = await fetchRaw(`${origin}/my-encore`, { headers: as(FAN) });
    expect(first.status).toBe(200);
    expect(first.headers['cache-control']).toBe('private, no-store');
    expect(first.text).toContain('Keptina');
    expect(first.text).toContain('Cached Comets Live');
    // The catalogue changed without a word to this server: the page kept for the fan stays.
    await rename('Cached Comets Renamed');
    expect((await fetchRaw(`${origin}/my-encore`, { headers: as(FAN) })).text).toBe(first.text);
    // A client navigation's data is read for the fan every time.
    expect((await fetchRaw(`${origin}/my-encore.data`, { headers: as(FAN) })).text).toContain('Cached Comets Renamed');
    // The fan's own write (here straight to the table) is on the next page.
    await unwatch();
    const unwatched = await fetchRaw(`${origin}/my-encore`, { headers: as(FAN) });
    expect(unwatched.text).not.toContain('Cached Comets');
    await watch();
    expect((await fetchRaw(`${origin}/my-encore`, { headers: as(FAN) })).text).toContain('Cached Comets Renamed');
  });

  it('is never another fan’s, nor a signed-out visitor’s, and a catalogue change drops it', async () => {
    await watch();
    const mine = await fetchRaw(`${origin}/my-encore`, { headers: as(FAN) });
    expect(mine.text).toContain('Keptina');
    const theirs = await fetchRaw(`${origin}/my-encore`, { headers: as(OTHER) });
    expect(theirs.status).toBe(200);
    expect(theirs.text).toContain('Otherine');
    expect(theirs.text).not.toContain('Keptina');
    expect(theirs.text).not.toContain(FAN);
    const signedOut = await fetchRaw(`${origin}/my-encore`);
    expect(signedOut.status).toBe(302);
    expect(signedOut.text).not.toContain('Keptina');
    // A token that does not verify is a signed-out visitor, whatever uid it names.
    const forged = await fetchRaw(`${origin}/my-encore`, { headers: { Cookie: `${SESSION_COOKIE}=not.a.token` } });
    expect(forged.status).toBe(302);
    await rename('Cached Comets Moved');
    notifyCatalogueChanged();
    expect((await fetchRaw(`${origin}/my-encore`, { headers: as(FAN) })).text).toContain('Cached Comets Moved');
  });
});

// ─── The key covers every request input a render reads ─────────────────────────────────

describe('what renders read of a request', () => {
  it('query parameters: only those the key keeps', () => {
    const reads = new Set<string>();
    for (const file of appFiles) {
      const text = readFileSync(file, 'utf8');
      for (const match of text.matchAll(
        /(?:params|searchParams|URLSearchParams\([^)]*\))\.(?:get|getAll|has)\(\s*['"]([^'"]+)['"]/g,
      ))
        reads.add(match[1]!);
    }
    expect(reads.size).toBeGreaterThan(15);
    for (const name of reads) expect(PAGE_KEY_QUERY, name).toContain(name);
  });

  const files = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => {
      const full = path.join(dir, name);
      if (statSync(full).isDirectory()) return files(full);
      return /\.(ts|tsx)$/.test(name) && !/\.test\.tsx?$/.test(name) ? [full] : [];
    });
  const appFiles = files(path.resolve('app'));

  // Origin and Content-Type are read by route actions only (app/lib/form-action.server.ts):
  // POSTs, which the page cache never answers.
  it('headers: Cookie (session: never cached; filters: in the key), User-Agent (bots: in the key), Authorization (never cached), Origin and Content-Type (actions)', () => {
    const reads = new Set<string>();
    for (const file of appFiles) {
      const text = readFileSync(file, 'utf8');
      for (const match of text.matchAll(/request\.headers\.get\(\s*['"]([^'"]+)['"]/g))
        reads.add(match[1]!.toLowerCase());
      // Any other way of reading the request's headers would escape this check.
      expect(text, file).not.toMatch(/request\.headers(?!\.get\()/);
    }
    expect([...reads].sort()).toEqual(['authorization', 'content-type', 'cookie', 'origin', 'user-agent']);
  });

  it('cookies: the server reads the filters and viewport cookies, which the key holds as they are read', () => {
    const preferences = readFileSync(path.resolve('app/lib/preferences.ts'), 'utf8');
    expect(preferences).toMatch(/export const FILTERS_COOKIE = 'encoreFilters'/);
    const viewport = readFileSync(path.resolve('app/lib/viewport.ts'), 'utf8');
    expect(viewport).toMatch(/export const VIEWPORT_COOKIE = 'encoreViewport'/);
    // The key's cookies (app/lib/page-cookies.server.ts) read these two with the renders' own readers.
    const key = readFileSync(path.resolve('app/lib/page-cookies.server.ts'), 'utf8');
    expect(key).toMatch(/filtersFromCookie\(header\)/);
    expect(key).toMatch(/viewportFromCookie\(header\)/);
    const cookieReaders = appFiles.filter((file) =>
      /filtersFromCookie\(|viewportFromCookie\(|readCookie\(/.test(readFileSync(file, 'utf8')),
    );
    expect(cookieReaders.map((file) => path.relative(path.resolve('app'), file)).sort()).toEqual([
      'lib/page-cookies.server.ts',
      'lib/preferences.ts',
      // The search boxes' early request (ADR 0046): the filters as filtersFromCookie reads them.
      'lib/suggestions.server.ts',
      'lib/viewport.server.ts',
      'root.tsx',
      'routes/home.server.ts',
    ]);
  });
});
