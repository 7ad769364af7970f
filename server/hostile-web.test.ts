import zlib from 'node:zlib';
import fc from 'fast-check';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { apiPlugin } from './app.ts';
import { WORKER_POLICY } from './security-headers.ts';
import { expectSafe, expectSecurityHeaders, type Hostile, hostileWorld, PROJECT, tally } from './testing/hostile.ts';
import { testServices } from './testing/services.ts';

/**
 * The hostile web suite (issue 12): every SPEC §2 route and file answers with the security
 * headers and a nonce on every script; malformed paths, queries, headers and cookies get
 * SPEC's error page with 400 and the field; a signed-in render is never cacheable; forwarded
 * headers from an untrusted peer never reach an answer; the OpenAPI document lists every
 * registered /api route.
 */
let world: Hostile;
const t = tally();
const slug = (name: string) => name.toLowerCase().replace(/[^a-z0-9]+/g, '-');
let eventPage: string;
let artistPage: string;

beforeAll(async () => {
  world = await hostileWorld();
  const { tsMsg } = world.world.events;
  const { taylor } = world.world.attractions;
  eventPage = `/events/${slug(tsMsg.name)}/${tsMsg.id}`;
  artistPage = `/${slug(taylor.name)}-tickets/artist/${taylor.id}`;
}, 120_000);

afterAll(async () => {
  console.info(
    `hostile web suite: ${t.requests} requests, ${t.serverErrors} × 5xx, ${t.leaks} leaks, ${t.refused} × 400`,
  );
  await world?.close();
});

const get = (url: string, headers: Record<string, string> = {}) => world.app.inject({ method: 'GET', url, headers });

describe('every route answers with the security headers', () => {
  it('pages, redirects, errors, the sitemap, files and the API', async () => {
    const pages = [
      '/',
      eventPage,
      artistPage,
      '/search',
      '/search?keyword=taylor',
      '/about-us',
      '/privacy-policy',
      '/terms-of-service',
      '/cookie-settings',
      '/forgot-password',
      '/signin',
      '/profile/indexV2',
      '/kitchen-sink',
    ];
    for (const url of pages) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type'], url).toMatch(/^text\/html/);
      expectSafe(t, response, url);
      expect(String(response.headers.vary), url).toMatch(/Cookie/i);
    }
    // Guarded pages send anonymous visitors home (SPEC §6); errors are pages too.
    for (const url of ['/my-encore', '/profile', '/admin', '/admin/dashboard']) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(302);
      expectSafe(t, response, url);
    }
    for (const url of ['/no-such-page', '/events/x/E-none']) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(404);
      expectSafe(t, response, url);
    }
    for (const url of ['/sitemap.xml', '/favicon.svg', '/sw.js', '/api/health', '/api/events', '/api/nothing']) {
      const response = await get(url);
      expect(response.statusCode, url).toBeLessThan(500);
      expectSafe(t, response, url);
    }
    // Hashed assets, found in the home page.
    const home = (await get('/')).body;
    const asset = /\/assets\/[\w.-]+\.js/.exec(home)?.[0];
    expect(asset).toBeTruthy();
    const assetResponse = await get(asset!);
    expect(assetResponse.statusCode).toBe(200);
    expectSecurityHeaders(assetResponse, asset!);
    // Client navigations fetch loader data: same headers.
    const data = await get(`${eventPage}.data`);
    expect(data.statusCode).toBe(200);
    expectSafe(t, data, `${eventPage}.data`);
  });

  it('the page policy allows our scripts by nonce only and a fresh nonce per render', async () => {
    const [a, b] = [await get('/about-us'), await get('/signin')];
    const nonceOf = (policy: unknown) => /'nonce-([^']+)'/.exec(String(policy))?.[1];
    expect(nonceOf(a.headers['content-security-policy'])).not.toBe(nonceOf(b.headers['content-security-policy']));
    const policy = String(a.headers['content-security-policy']);
    expect(policy).toContain("script-src 'self' 'nonce-");
    expect(policy).toContain("object-src 'none'");
    expect(policy).toContain("base-uri 'none'");
    expect(policy).not.toMatch(/'unsafe-eval'|script-src[^;]*'unsafe-inline'/);
  });
});

describe('malformed page input', () => {
  const malformed = fc.oneof(
    fc.string({ maxLength: 8 }).map((s) => `${encodeURIComponent(s)}%00`),
    fc.constantFrom('%C3%28', '%E9', 'a%E9b', '%ff', '%ED%A0%80', '%01', '%7F'),
    fc.integer({ min: 600, max: 1_800 }).map((n) => 'a'.repeat(n)),
  );

  it('a path value is refused with the 400 error page naming it, before any loader runs', async () => {
    const templates = [
      (v: string) => `/events/${v}/E-ts-msg`,
      (v: string) => `/events/eras/${v}`,
      (v: string) => `/${v}-tickets/artist/A-taylor`,
      (v: string) => `/taylor-swift-tickets/artist/${v}`,
      (v: string) => `/sitemap/${v}`,
      (v: string) => `/${v}`,
    ];
    // What the server writes goes through its JSON log; nothing is printed beside it.
    const warn = vi.spyOn(console, 'warn');
    try {
      await fc.assert(
        fc.asyncProperty(fc.constantFrom(...templates), malformed, async (template, value) => {
          const url = template(value);
          const response = await get(url);
          expect(response.statusCode, url.slice(0, 80)).toBe(400);
          expectSafe(t, response, url.slice(0, 80), 'path');
        }),
        { numRuns: 60, seed: 12 },
      );
      expect(warn.mock.calls.map((call) => String(call[0]))).toEqual([]);
    } finally {
      warn.mockRestore();
    }
  });

  it('a query value is refused naming its parameter, on every page', async () => {
    const malformed = fc.oneof(
      fc.string({ maxLength: 8 }).map((s) => `${encodeURIComponent(s)}%00`),
      fc.constantFrom('%C3%28', '%E9', 'a%E9b', '%ff', '%ED%A0%80', '%01', '%7F', 'a%0Ab'),
      fc.integer({ min: 2_100, max: 4_000 }).map((n) => 'a'.repeat(n)),
    );
    const pages = ['/', '/search', eventPage, artistPage, '/about-us', '/signin', '/sitemap.xml', '/my-encore'];
    const names = ['keyword', 'radius', 'startDateTime', 'city', 'page', 'sort', 'genreId', 'signin', 'utm_source'];
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...pages), fc.constantFrom(...names), malformed, async (page, name, value) => {
        const url = `${page}?${name}=${value}`;
        const response = await get(url);
        expect(response.statusCode, url.slice(0, 80)).toBe(400);
        expectSafe(t, response, url.slice(0, 80), name);
      }),
      { numRuns: 60, seed: 12 },
    );
  });

  it('odd but well-formed values never give a 5xx or a leak', async () => {
    const odd = fc.oneof(
      fc.constantFrom('-1', '1e309', 'NaN', '[]', '{}', '%20', '', '9'.repeat(40), "'%3B--", '%3Cscript%3E'),
      fc.string({ maxLength: 30 }).map(encodeURIComponent),
      fc.string({ unit: 'grapheme', maxLength: 12 }).map(encodeURIComponent),
    );
    const names = ['keyword', 'radius', 'unit', 'startDateTime', 'endDateTime', 'geoPoint', 'page', 'sort', 'dates'];
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('/', '/search', artistPage, eventPage),
        fc.constantFrom(...names),
        odd,
        async (page, name, value) => {
          const response = await get(`${page}?${name}=${value}`);
          expectSafe(t, response, `${page}?${name}=${value}`);
        },
      ),
      { numRuns: 60, seed: 12 },
    );
  });

  it('headers and cookies the pages read are checked too', async () => {
    for (const [headers, field] of [
      [{ cookie: 'encoreFilters=%E9' }, 'cookie encoreFilters'],
      [{ cookie: 'encore_session=a%00b' }, 'cookie encore_session'],
      [{ 'user-agent': 'Mozilla \u00e9' }, 'user-agent'],
      [{ host: 'evil example' }, 'host'],
    ] as const) {
      for (const page of ['/', eventPage, '/search']) {
        const response = await get(page, headers);
        expect(response.statusCode, `${page} ${field}`).toBe(400);
        expectSafe(t, response, `${page} ${field}`, field);
      }
    }
  });
});

describe('hashed assets', () => {
  it('come compressed by the build at its highest levels, as the browser accepts them', async () => {
    const home = (await get('/')).body;
    const scripts = [...home.matchAll(/\/assets\/[\w.-]+\.js/g)].map((m) => m[0]);
    expect(scripts.length).toBeGreaterThan(2);
    // The largest first-load script: what compression is for.
    const sizes = await Promise.all(scripts.map(async (url) => ({ url, raw: (await get(url)).rawPayload })));
    const { url, raw } = sizes.sort((a, b) => b.raw.length - a.raw.length)[0]!;
    const best = zlib.brotliCompressSync(raw, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } });
    const br = await get(url, { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(String(br.headers.vary)).toMatch(/accept-encoding/i);
    expect(br.headers['content-type']).toMatch(/^application\/javascript/);
    expect(zlib.brotliDecompressSync(br.rawPayload).equals(raw)).toBe(true);
    // Within a few bytes of Brotli 11; Brotli 4, compressed per request, is 10-20 % larger.
    expect(br.rawPayload.length).toBeLessThanOrEqual(best.length + 16);
    expectSecurityHeaders(br, url);
    const gz = await get(url, { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).equals(raw)).toBe(true);
    const plain = await get(url, { 'accept-encoding': 'identity' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.equals(raw)).toBe(true);
  });

  it('and the build’s other files are never compressed per request', async () => {
    const browser = { 'accept-encoding': 'gzip, deflate, br' };
    // Under 1 kB: sent as they are, with their length (no Brotli stream for 210 bytes).
    for (const url of ['/favicon.svg', '/build.json', '/auth/google.svg']) {
      const raw = (await get(url, { 'accept-encoding': 'identity' })).rawPayload;
      expect(raw.length, url).toBeGreaterThan(0);
      expect(raw.length, url).toBeLessThan(1024);
      const small = await get(url, browser);
      expect(small.statusCode, url).toBe(200);
      expect(small.headers['content-encoding'], url).toBeUndefined();
      expect(Number(small.headers['content-length']), url).toBe(raw.length);
      expect(small.rawPayload.equals(raw), url).toBe(true);
    }
    // The service worker: compressed by the build at Brotli 11, as the hashed assets are, with
    // its own policy either way (the worker's fetches follow it).
    const identity = await get('/sw.js', { 'accept-encoding': 'identity' });
    const raw = identity.rawPayload;
    const best = zlib.brotliCompressSync(raw, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } });
    const br = await get('/sw.js', browser);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/^application\/javascript/);
    expect(Number(br.headers['content-length'])).toBe(br.rawPayload.length);
    expect(br.rawPayload.length).toBeLessThanOrEqual(best.length + 16);
    expect(zlib.brotliDecompressSync(br.rawPayload).equals(raw)).toBe(true);
    expect(identity.headers['content-security-policy']).toBe(WORKER_POLICY);
    expect(br.headers['content-security-policy']).toBe(WORKER_POLICY);
  });
});

describe('signed-in renders', () => {
  it('are private and never stored, on public pages and their data', async () => {
    const cookie = `encore_session=${world.mint('ann')}`;
    for (const url of ['/', eventPage, artistPage, '/search?keyword=taylor', `${eventPage}.data`, '/profile/indexV2']) {
      const response = await get(url, { cookie });
      expect(response.statusCode, url).toBe(200);
      expectSafe(t, response, url);
      expect(response.headers['cache-control'], url).toBe('private, no-store');
      expect(String(response.headers.vary), url).toMatch(/Cookie/i);
    }
    // Compressed answers keep the Vary of the render (one header, both names).
    for (const url of ['/', eventPage]) {
      const compressed = await get(url, { cookie, 'accept-encoding': 'br' });
      expect(compressed.headers['content-encoding'], url).toBe('br');
      expect(String(compressed.headers.vary), url).toMatch(/Cookie.*Accept-Encoding|Accept-Encoding.*Cookie/);
      expect(compressed.headers['cache-control'], url).toBe('private, no-store');
    }
    const anonymous = await get(eventPage);
    expect(String(anonymous.headers['cache-control'] ?? '')).not.toMatch(/private/);
  });
});

describe('forwarded headers from an untrusted peer', () => {
  it('never reach an answer: absolute URLs come from PUBLIC_ORIGIN', async () => {
    const forged = { 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https', 'x-forwarded-for': '6.6.6.6' };
    for (const url of [eventPage, artistPage, '/', '/sitemap.xml', '/api/calendar/events/E-ts-msg.ics']) {
      const response = await get(url, forged);
      expect(response.statusCode, url).toBe(200);
      expectSafe(t, response, url);
      expect(response.body, url).not.toContain('evil.example');
    }
    expect((await get(eventPage, forged)).body).toContain('https://encore.example/events/');
    expect((await get('/api/calendar/events/E-ts-msg.ics', forged)).body).toContain('https://encore.example/events/');
  });
});

describe('/api/openapi.json', () => {
  it('documents every route registered under /api', async () => {
    const routes: string[] = [];
    const api = Fastify();
    api.addHook('onRoute', (route) => {
      for (const method of [route.method].flat()) {
        if (method !== 'HEAD' && route.url.startsWith('/api')) routes.push(`${method} ${route.url}`);
      }
    });
    await api.register(apiPlugin, {
      services: testServices(world.database, { FIREBASE_PROJECT_ID: PROJECT }),
      prefix: '/api',
    });
    await api.ready();
    await api.close();
    const document = (await get('/api/openapi.json')).json() as { paths: Record<string, Record<string, unknown>> };
    const documented = Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.keys(methods).map((method) => `${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`),
    );
    expect(routes.length).toBeGreaterThan(40);
    expect(routes.filter((route) => !documented.includes(route))).toEqual([]);
    expect(documented.filter((route) => !routes.includes(route))).toEqual([]);
  });
});
