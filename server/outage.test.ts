import { execFileSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { ServerBuild } from 'react-router';
import { createServer as createViteServer, type ViteDevServer } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from './accounts/session.ts';
import { productionTestAuth } from './accounts/test-keys.ts';
import { type Database, openDatabase } from './db/client.ts';
import { createWebServer } from './http.ts';
import { freePort } from './testing/free-port.ts';
import { testServices } from './testing/services.ts';
import { createTestDatabase } from './testing/test-db.ts';

/**
 * A database outage as visitors meet it (ADR 0016): pages answer SPEC's error page with 503
 * and Retry-After, the API our JSON error shape with 503, a signed-in visitor is not sent to
 * sign in; and (PostgreSQL) everything recovers by itself when the server is back.
 * The "postgres" project stops and restarts a PostgreSQL cluster of this file's own (never
 * the shared test server); the "pglite" project breaks its embedded database for good.
 */
const onPostgres = process.env.ENCORE_TEST_DB === 'postgres';
const PROJECT = 'encore-outage-test';

let vite: ViteDevServer;
let build: ServerBuild;
let database: Database;
let app: FastifyInstance;
let origin: string;
let tokens: Awaited<ReturnType<typeof productionTestAuth>>;
let cluster: { dir: string; port: number } | undefined;
const buildDir = mkdtempSync(path.join(os.tmpdir(), 'encore-outage-build-'));

const pgBin = () => path.dirname(execFileSync('sh', ['-c', 'readlink -f "$(command -v initdb)"']).toString().trim());
/** pg_ctl refuses to run as root: run it as the postgres user then (as CI does). */
function asPostgres(command: string, args: string[]) {
  const full = path.join(pgBin(), command);
  const isRoot = process.getuid?.() === 0;
  execFileSync(isRoot ? 'runuser' : full, isRoot ? ['-u', 'postgres', '--', full, ...args] : args, {
    stdio: 'ignore',
  });
}
const startCluster = () =>
  asPostgres('pg_ctl', [
    '-D',
    path.join(cluster!.dir, 'data'),
    '-l',
    path.join(cluster!.dir, 'log'),
    '-o',
    `-c listen_addresses=127.0.0.1 -p ${cluster!.port} -k ${cluster!.dir} -c fsync=off`,
    '-w',
    'start',
  ]);
const stopCluster = () => asPostgres('pg_ctl', ['-D', path.join(cluster!.dir, 'data'), '-m', 'fast', '-w', 'stop']);

beforeAll(async () => {
  if (onPostgres) {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'encore-outage-pg-'));
    chmodSync(dir, 0o777);
    mkdirSync(path.join(dir, 'data'));
    execFileSync('chown', ['-R', 'postgres', dir], { stdio: 'ignore' });
    cluster = { dir, port: await freePort() };
    asPostgres('initdb', ['-D', path.join(dir, 'data'), '-U', 'postgres', '--auth=trust']);
    startCluster();
    database = await openDatabase({ url: `postgres://postgres@127.0.0.1:${cluster.port}/postgres` });
  } else {
    database = await createTestDatabase();
  }
  tokens = await productionTestAuth(PROJECT);
  mkdirSync(path.join(buildDir, 'client'));
  vite = await createViteServer({
    configFile: 'vite.config.ts',
    logLevel: 'silent',
    appType: 'custom',
    server: { middlewareMode: true, hmr: false, ws: false, watch: null },
  });
  build = (await vite.ssrLoadModule('virtual:react-router/server-build')) as ServerBuild;
  const services = testServices(
    database,
    { FIREBASE_PROJECT_ID: PROJECT, PAGE_CACHE_TTL_MS: '0' },
    { auth: tokens.auth },
  );
  app = await createWebServer({ services, build, buildDir });
  await app.listen({ port: 0, host: '127.0.0.1' });
  origin = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
}, 120_000);

afterAll(async () => {
  await app?.close();
  await vite?.close();
  await database?.close().catch(() => {});
  await tokens?.close();
  if (cluster) {
    try {
      stopCluster();
    } catch {}
    rmSync(cluster.dir, { recursive: true, force: true });
  }
  rmSync(buildDir, { recursive: true, force: true });
});

/** Read whole, so no answer is left half-consumed on a keep-alive socket. */
async function get(url: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${origin}${url}`, { headers, redirect: 'manual' });
  const body = await response.text();
  return { status: response.status, headers: response.headers, text: () => body, json: () => JSON.parse(body) };
}

/** Polls (bounded) until the server answers /api/health with `status`. */
async function healthBecomes(status: number) {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const response = await get('/api/health');
    if (response.status === status) return;
    if (Date.now() > deadline) throw new Error(`/api/health stayed ${response.status}`);
    await new Promise((resolve) => setImmediate(resolve));
  }
}

describe('database outage', () => {
  it('answers 503 with Retry-After everywhere, never a sign-in redirect, even when the check answered just before; PostgreSQL recovers by itself', async () => {
    const uid = 'u-outage';
    const token = tokens.mint(uid);
    const registered = await fetch(`${origin}/api/accounts`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ uid, email: `${uid}@example.test`, displayName: 'Outage', image: null, token }),
    });
    expect(registered.status).toBe(201);
    await registered.text();
    const bearer = { authorization: `Bearer ${token}` };
    const cookie = { cookie: `${SESSION_COOKIE}=${token}` };
    expect((await get('/my-encore', cookie)).status).toBe(200);
    expect((await get('/about-us')).status).toBe(200);

    if (cluster) stopCluster();
    else await database.close();

    for (const url of ['/', '/about-us', '/search?keyword=outage']) {
      const page = await get(url);
      expect(page.status, url).toBe(503);
      expect(page.headers.get('retry-after'), url).toBe('5');
      const html = page.text();
      expect(html).toContain('503');
      expect(html).toContain('Nothing to see here :(');
      expect(html).toContain('Return to Homepage');
      expect(html).not.toMatch(/ECONNREFUSED|PGlite is closed|Connection terminated|\bat [\w.]+ \(/);
    }
    const mine = await get('/my-encore', cookie);
    expect(mine.status).toBe(503);
    expect(mine.headers.get('location')).toBeNull();
    expect(mine.headers.get('retry-after')).toBe('5');

    const api = await get('/api/accounts/me', bearer);
    expect(api.status).toBe(503);
    expect(api.headers.get('retry-after')).toBe('5');
    expect(api.json()).toEqual({
      error: { code: 'database_unavailable', message: 'Encore cannot reach its data right now: try again shortly' },
    });
    const health = await get('/api/health');
    expect(health.status).toBe(503);

    // The check answered just before the outage (a server restarting under load; PGlite's
    // answer stands a second): the pages' own reads find the database gone, and say so alike.
    const check = database.ping;
    database.ping = async () => true;
    try {
      for (const [url, headers] of [
        ['/', {}],
        ['/search?keyword=outage', {}],
        ['/sitemap.xml', {}],
        ['/my-encore', cookie],
        ['/resources/tracking', cookie],
      ] as const) {
        const page = await get(url, headers);
        expect(page.status, url).toBe(503);
        expect(page.headers.get('retry-after'), url).toBe('5');
        expect(page.text(), url).not.toMatch(/ECONNREFUSED|PGlite is closed|Connection terminated|\bat [\w.]+ \(/);
      }
      for (const [url, headers] of [
        ['/', {}],
        ['/search?keyword=outage', {}],
        ['/my-encore', cookie],
      ] as const) {
        const html = (await get(url, headers)).text();
        expect(html, url).toContain('Nothing to see here :(');
        expect(html, url).toContain('<title>Something went wrong · Encore</title>');
      }
    } finally {
      database.ping = check;
    }

    if (!cluster) return; // a failed PGlite stays failed; a PostgreSQL server comes back
    startCluster();
    await healthBecomes(200);
    expect((await get('/about-us')).status).toBe(200);
    expect((await get('/my-encore', cookie)).status).toBe(200);
    expect((await get('/api/accounts/me', bearer)).status).toBe(200);
  }, 120_000);
});
