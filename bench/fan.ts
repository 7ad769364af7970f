/**
 * A signed-in fan for the benchmark, as production knows one: the server under test runs
 * with NODE_ENV=production and verifies ID tokens with its production verifier, whose public
 * keys it reads from a loopback key server this run publishes (FIREBASE_ID_TOKEN_CERTS_URL).
 * The fan is then created through the product API as the browser creates one: POST
 * /api/accounts, PUT /api/me/watches/{id} and /api/me/follows/{id}; pages are asked for
 * with the session cookie POST /api/session sets (the ID token itself, SPEC §7 token sync).
 */
import {
  type JwksServer,
  jwksOf,
  type KeyPair,
  mintIdToken,
  newKeyPair,
  startJwksServer,
} from '../server/accounts/test-keys.ts';

export const BENCH_PROJECT = 'encore-bench';

export type FanKeys = { url: string; pair: KeyPair; server: JwksServer };

export async function startFanKeys(): Promise<FanKeys> {
  const pair = newKeyPair('bench-key');
  const server = await startJwksServer(jwksOf(pair));
  return { url: server.url, pair, server };
}

export type Fan = { uid: string; cookie: string; token: string; watches: number; follows: number };

async function call(origin: string, method: string, path: string, token: string, body?: unknown) {
  const response = await fetch(`${origin}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    body: body !== undefined ? JSON.stringify(body) : undefined,
    signal: AbortSignal.timeout(30_000),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${text.slice(0, 200)}`);
  return { response, text };
}

/**
 * Registers `uid` and has it watch `eventIds` (each with a target price, half of them on
 * another seat category) and follow `attractionIds`; returns the cookie its pages carry.
 */
export async function createFan(
  origin: string,
  keys: FanKeys,
  uid: string,
  eventIds: string[],
  attractionIds: string[],
): Promise<Fan> {
  const token = mintIdToken(keys.pair, BENCH_PROJECT, uid, { email: `${uid}@bench.encore.test` });
  await call(origin, 'POST', '/api/accounts', token, { uid, email: `${uid}@bench.encore.test`, displayName: uid });
  const session = await call(origin, 'POST', '/api/session', token);
  const setCookie = session.response.headers.get('set-cookie') ?? '';
  const cookie = setCookie.split(';')[0] ?? '';
  if (!cookie.includes('=')) throw new Error('POST /api/session set no cookie');
  for (const [i, id] of eventIds.entries()) {
    await call(origin, 'PUT', `/api/me/watches/${encodeURIComponent(id)}`, token, {
      ticketCategory: i % 2 ? 'cheapest' : 'good_view',
      targetPrice: 40 + (i % 60),
    });
  }
  for (const id of attractionIds) await call(origin, 'PUT', `/api/me/follows/${encodeURIComponent(id)}`, token, {});
  return { uid, cookie, token, watches: eventIds.length, follows: attractionIds.length };
}
