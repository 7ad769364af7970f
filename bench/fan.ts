/**
 * A signed-in fan for the benchmark, as production knows one: the server under test runs
 * with NODE_ENV=production and verifies ID tokens with its production verifier, whose public
 * keys it reads from a loopback key server this run publishes (FIREBASE_ID_TOKEN_CERTS_URL).
 * Pages are asked for with the session cookie the browser keeps (the ID token itself, SPEC §7
 * token sync); reads need nothing but that verifier.
 *
 * The fan's account, watches and follows are written with the same domain functions the API
 * handlers call, straight into the database: every API write also asks Firebase whether the
 * account was disabled (server/accounts/guards.ts), and the production server under test
 * cannot reach Firebase. PGlite allows one process at a time, so with it the server is
 * stopped while the fan is written.
 */

import { registerAccount } from '#server/accounts/accounts';
import { SESSION_COOKIE } from '#server/accounts/session';
import {
  type JwksServer,
  jwksOf,
  type KeyPair,
  mintIdToken,
  newKeyPair,
  startJwksServer,
} from '#server/accounts/test-keys';
import { openDatabase } from '#server/db/client';
import { parseEnv } from '#server/env';
import { trackingConfig } from '#server/tracking/config';
import { putFollow } from '#server/tracking/follows';
import { putWatch } from '#server/tracking/watches';

export const BENCH_PROJECT = 'encore-bench';

export type FanKeys = { url: string; pair: KeyPair; server: JwksServer };

export async function startFanKeys(): Promise<FanKeys> {
  const pair = newKeyPair('bench-key');
  const server = await startJwksServer(jwksOf(pair));
  return { url: server.url, pair, server };
}

export type Fan = { uid: string; cookie: string; token: string; watches: number; follows: number };

/**
 * Registers `uid` and has it watch `eventIds` (each with a target price, half of them on
 * another seat category) and follow `attractionIds`; returns the cookie its pages carry.
 */
export async function createFan(
  database: { url: string } | { dataDir: string },
  keys: FanKeys,
  uid: string,
  eventIds: string[],
  attractionIds: string[],
): Promise<Fan> {
  const email = `${uid}@bench.encore.test`;
  const token = mintIdToken(keys.pair, BENCH_PROJECT, uid, { email });
  const now = Math.floor(Date.now() / 1000);
  const { db, close } = await openDatabase(database);
  try {
    const verified = {
      uid,
      email,
      emailVerified: true,
      name: null,
      picture: null,
      signInProvider: 'password',
      issuedAt: now,
      expiresAt: now + 3600,
      authTime: now,
    };
    await registerAccount(db, verified, { uid, email, displayName: uid }, []);
    const config = trackingConfig(parseEnv({ NODE_ENV: 'production', FIREBASE_PROJECT_ID: BENCH_PROJECT }));
    const history = { historyLimit: config.historyLimit, maxGapMs: config.maxGapMs };
    for (const [i, id] of eventIds.entries()) {
      await putWatch(
        db,
        uid,
        id,
        { ticketCategory: i % 2 ? 'cheapest' : 'good_view', targetPrice: 40 + (i % 60) },
        history,
      );
    }
    for (const id of attractionIds) await putFollow(db, uid, id);
  } finally {
    await close();
  }
  return { uid, cookie: `${SESSION_COOKIE}=${token}`, token, watches: eventIds.length, follows: attractionIds.length };
}
