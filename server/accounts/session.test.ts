import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Database } from '../db/client.ts';
import { testServices } from '../testing/services.ts';
import { createTestDatabase } from '../testing/test-db.ts';
import { insertAccount } from '../tracking/testing/fixtures.ts';
import { readSessionUser, SESSION_COOKIE, SESSION_USER_TTL_MS } from './session.ts';
import { productionTestAuth } from './test-keys.ts';

const PROJECT = 'encore-session-test';
let database: Database;
let tokens: Awaited<ReturnType<typeof productionTestAuth>>;

beforeAll(async () => {
  database = await createTestDatabase();
  tokens = await productionTestAuth(PROJECT);
});
afterAll(async () => {
  await database?.close();
  await tokens?.close();
});

/** Services whose token checks are counted: what a signed-in page costs before its loaders. */
function counted() {
  const verify = vi.fn(tokens.auth.verifyIdToken);
  const services = testServices(
    database,
    { FIREBASE_PROJECT_ID: PROJECT },
    { auth: { ...tokens.auth, verifyIdToken: verify } },
  );
  return { services, verify };
}

describe('the signed-in user of a session cookie', () => {
  it('is verified once and then remembered for a short while, not on every page', async () => {
    await insertAccount(database.db, 'fan-1');
    const { services, verify } = counted();
    const cookie = `${SESSION_COOKIE}=${tokens.mint('fan-1', { email: 'fan-1@example.test' })}`;
    const first = await readSessionUser(services, cookie);
    expect(first).toEqual({ uid: 'fan-1', email: 'fan-1@example.test', systemRole: 'user', registered: true });
    expect(await readSessionUser(services, cookie)).toEqual(first);
    expect(verify).toHaveBeenCalledTimes(1);
    // Admin pages always ask again.
    await readSessionUser(services, cookie, { checkRevoked: true });
    expect(verify).toHaveBeenCalledTimes(2);
  });

  it('is asked again once the time is up, and never past the token’s own expiry', async () => {
    await insertAccount(database.db, 'fan-2');
    const { services, verify } = counted();
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      const now = Date.now();
      const cookie = `${SESSION_COOKIE}=${tokens.mint('fan-2')}`;
      await readSessionUser(services, cookie);
      vi.setSystemTime(now + SESSION_USER_TTL_MS + 1);
      await readSessionUser(services, cookie);
      expect(verify).toHaveBeenCalledTimes(2);
      // A token that expires in 5 s is remembered for 5 s at most.
      const short = `${SESSION_COOKIE}=${tokens.mint('fan-2', { exp: Math.floor((now + SESSION_USER_TTL_MS) / 1000) + 5 })}`;
      await readSessionUser(services, short);
      vi.setSystemTime(now + SESSION_USER_TTL_MS + 6_000);
      expect(await readSessionUser(services, short)).toBeNull();
      expect(verify).toHaveBeenCalledTimes(4);
    } finally {
      vi.useRealTimers();
    }
  });

  it('is not remembered before the account is registered, so the registration shows at once', async () => {
    const { services, verify } = counted();
    const cookie = `${SESSION_COOKIE}=${tokens.mint('fan-3')}`;
    expect((await readSessionUser(services, cookie))?.registered).toBe(false);
    await insertAccount(database.db, 'fan-3');
    expect((await readSessionUser(services, cookie))?.registered).toBe(true);
    expect(verify).toHaveBeenCalledTimes(2);
  });

  it('is not shared with a forged cookie', async () => {
    const { services } = counted();
    expect(
      await readSessionUser(services, `${SESSION_COOKIE}=${tokens.mint('fan-1', { aud: 'elsewhere' })}`),
    ).toBeNull();
  });
});

describe('a refused token', () => {
  it('reads as signed out, also when the refusal comes from another copy of the error class', async () => {
    await insertAccount(database.db, 'fan-revoked');
    // The page build bundles its own copy of verifier.ts: the auth service's TokenError is
    // then another class with the same name. Either way the visitor is signed out, not told
    // that the service is unavailable.
    class TokenError extends Error {
      override name = 'TokenError';
    }
    const services = testServices(
      database,
      { FIREBASE_PROJECT_ID: PROJECT },
      {
        auth: {
          ...tokens.auth,
          verifyIdToken: async () => {
            throw new TokenError('the token was revoked');
          },
        },
      },
    );
    const cookie = `${SESSION_COOKIE}=${tokens.mint('fan-revoked')}`;
    expect(await readSessionUser(services, cookie, { checkRevoked: true })).toBeNull();
  });
});
