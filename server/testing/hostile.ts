import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { productionTestAuth } from '../accounts/test-keys.ts';
import { seedWorld } from '../catalogue/testing/world.ts';
import type { Database } from '../db/client.ts';
import { createWebServer } from '../http.ts';
import { insertAccount } from '../tracking/testing/fixtures.ts';
import { testServices } from './services.ts';
import { createTestDatabase } from './test-db.ts';

/**
 * The hostile suites' world (issue 12): a production build of the web app in a temporary
 * folder, the whole server (pages and /api) on a fresh database with the small test
 * catalogue, and tokens the production verifier accepts. Every answer is checked by
 * `expectSafe`: no 5xx, nothing of our internals, the security headers.
 */
export const PROJECT = 'demo-hostile';

type InjectResponse = Awaited<ReturnType<FastifyInstance['inject']>>;

export type Hostile = {
  app: FastifyInstance;
  database: Database;
  mint: (uid: string) => string;
  world: Awaited<ReturnType<typeof seedWorld>>;
  close: () => Promise<void>;
};

export async function hostileWorld(): Promise<Hostile> {
  const buildDir = mkdtempSync(path.join(os.tmpdir(), 'encore-hostile-build-'));
  const built = spawnSync(path.resolve('node_modules/.bin/react-router'), ['build'], {
    env: { ...process.env, ENCORE_BUILD_DIR: buildDir, NODE_ENV: 'production' },
    encoding: 'utf8',
  });
  if (built.status !== 0) throw new Error(`web build failed:\n${built.stderr}`);
  const database = await createTestDatabase();
  const world = await seedWorld(database.db);
  await insertAccount(database.db, 'ann');
  const tokens = await productionTestAuth(PROJECT);
  const services = testServices(
    database,
    { FIREBASE_PROJECT_ID: PROJECT, PUBLIC_ORIGIN: 'https://encore.example' },
    { auth: tokens.auth },
  );
  // NODE_ENV=test keeps FIREBASE_AUTH_EMULATOR_HOST in the env (testServices); the verifier
  // is the production one all the same (productionTestAuth).
  const app = await createWebServer({ services, buildDir });
  await app.ready();
  return {
    app,
    database,
    mint: tokens.mint,
    world,
    close: async () => {
      await app.close();
      await database.close();
      await tokens.close();
      rmSync(buildDir, { recursive: true, force: true });
    },
  };
}

/** What must never reach a client: stack frames, SQL, file paths, libraries' error codes. */
export const LEAKS: [string, RegExp][] = [
  ['stack trace', /\bat (?:async )?[\w.<>$]+ \(|\bat (?:file:\/\/)?\/[\w./-]+:\d+:\d+/],
  ['SQL', /\bSELECT\b|\bINSERT INTO\b|\brelation "|\bsyntax error at\b|\bcolumn "/],
  ['file path', /\/work\/|node_modules|\/home\/|\/tmp\/|[A-Z]:\\\\/],
  ['error code', /\bERR_[A-Z_]+|\bFST_[A-Z_]+|PGLITE|\b22021\b|\b22P02\b|ZodError|TypeError|RangeError|URIError/],
];

export type Tally = { requests: number; serverErrors: number; leaks: number; refused: number };
export const tally = (): Tally => ({ requests: 0, serverErrors: 0, leaks: 0, refused: 0 });

const SECURITY_HEADERS: Record<string, RegExp> = {
  'x-content-type-options': /^nosniff$/,
  'x-frame-options': /^DENY$/,
  'referrer-policy': /^strict-origin-when-cross-origin$/,
  'permissions-policy': /camera=\(\)/,
  'strict-transport-security': /^max-age=\d+/,
  'content-security-policy': /frame-ancestors 'none'/,
};

/** The security headers every answer carries (ADR 0013). */
export function expectSecurityHeaders(response: InjectResponse, what: string) {
  for (const [name, pattern] of Object.entries(SECURITY_HEADERS)) {
    expect(String(response.headers[name] ?? ''), `${what}: ${name}`).toMatch(pattern);
  }
  const type = String(response.headers['content-type'] ?? '');
  const policy = String(response.headers['content-security-policy']);
  if (type.startsWith('text/html')) {
    // Pages: every script carries the nonce of this answer's policy.
    const nonce = /'nonce-([^']+)'/.exec(policy)?.[1];
    expect(nonce, `${what}: a nonce in the page policy`).toBeTruthy();
    for (const tag of response.body.match(/<script\b[^>]*>/g) ?? []) {
      if (/type="application\/ld\+json"/.test(tag)) continue;
      expect(tag, `${what}: script nonce`).toContain(`nonce="${nonce}"`);
    }
  } else {
    // Nothing that is not a page may run anything; the service worker script only its own origin.
    const allowed = what === '/sw.js' ? /^default-src 'self'; frame-ancestors 'none'$/ : /^default-src 'none'/;
    expect(policy, `${what}: a non-page policy allows nothing`).toMatch(allowed);
  }
}

/**
 * The checks every hostile request's answer passes: no 5xx, no leak, the security headers;
 * a 400 names the field (JSON `error.field`, or the error page's text). Counts into `t`.
 */
export function expectSafe(t: Tally, response: InjectResponse, what: string, field?: string) {
  t.requests++;
  if (response.statusCode >= 500) t.serverErrors++;
  expect(response.statusCode, `${what}: ${response.body.slice(0, 300)}`).toBeLessThan(500);
  for (const [kind, pattern] of LEAKS) {
    if (pattern.test(response.body)) {
      t.leaks++;
      expect.fail(`${what}: ${kind} in the answer: ${response.body.match(pattern)?.[0]}`);
    }
  }
  expectSecurityHeaders(response, what);
  if (response.statusCode !== 400) return;
  t.refused++;
  const type = String(response.headers['content-type'] ?? '');
  if (type.startsWith('application/json')) {
    const body = response.json() as { error?: { code?: string; message?: string; field?: string } };
    expect(body.error?.field, `${what}: the 400 names a field: ${response.body}`).toBeTruthy();
    expect(body.error?.message, what).toContain(body.error!.field!);
    if (field) expect(body.error?.field, `${what}: names ${field}`).toBe(field);
  } else if (type.startsWith('text/plain')) {
    expect(response.body, what).toMatch(/^Bad request: [\w. -]+: /);
    if (field) expect(response.body, `${what}: names ${field}`).toContain(`Bad request: ${field}: `);
  } else if (type.startsWith('text/html')) {
    expect(response.body, what).toContain('Nothing to see here :(');
    expect(response.body, what).toContain('Return to Homepage');
    expect(response.body, what).toMatch(/Bad request: [\w. -]+: /);
    if (field) expect(response.body, `${what}: names ${field}`).toContain(`Bad request: ${field}: `);
  }
}
