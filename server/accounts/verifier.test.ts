import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApi } from '../app.ts';
import type { Database } from '../db/client.ts';
import { testServices } from '../testing/services.ts';
import { createTestDatabase } from '../testing/test-db.ts';
import { createAuthService, type UserStatus } from './auth-service.ts';
import {
  idTokenClaims,
  type JwksServer,
  jwksOf,
  mintIdToken,
  newKeyPair,
  signHs256,
  signRs256,
  startJwksServer,
  unsigned,
} from './test-keys.ts';
import { createHttpKeySource, createJwtVerifier, TokenError } from './verifier.ts';

// Production mode: no emulator, tokens must be RS256-signed by a key the key URL publishes.
const PROJECT = 'encore-prod-test';
const PROD_ENV = {
  NODE_ENV: 'production',
  FIREBASE_AUTH_EMULATOR_HOST: '',
  FIREBASE_PROJECT_ID: PROJECT,
  ADMIN_EMAILS: 'root@example.test',
};

const trusted = newKeyPair('key-1');
const attacker = newKeyPair('key-1'); // same kid, different key
let jwks: JwksServer;
let database: Database;
let app: FastifyInstance;
let userStatus: UserStatus | Error = { disabled: false };

beforeAll(async () => {
  jwks = await startJwksServer(jwksOf(trusted));
  database = await createTestDatabase();
  const services = testServices(database, PROD_ENV);
  expect(services.env.NODE_ENV).toBe('production');
  expect(services.env.FIREBASE_AUTH_EMULATOR_HOST).toBeUndefined();
  const auth = createAuthService(services.env, {
    keys: createHttpKeySource(jwks.url),
    loadUserStatus: async () => {
      if (userStatus instanceof Error) throw userStatus;
      return userStatus;
    },
  });
  expect(auth.mode).toBe('production');
  app = await buildApi({ ...services, auth });
});

afterAll(async () => {
  await app?.close();
  await database?.close();
  await jwks?.close();
});

const me = (token: string) => app.inject({ url: '/api/accounts/me', headers: { authorization: `Bearer ${token}` } });
const register = (token: string, uid: string) =>
  app.inject({
    method: 'POST',
    url: '/api/accounts',
    headers: { authorization: `Bearer ${token}` },
    payload: { uid, email: `${uid}@example.test`, displayName: uid, image: '', token, pushNotificationToken: '' },
  });

describe('production token verification', () => {
  it('accepts a correctly signed token (control)', async () => {
    const token = mintIdToken(trusted, PROJECT, 'alice');
    expect((await register(token, 'alice')).statusCode).toBe(201);
    const response = await me(token);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ uid: 'alice', systemRole: 'user', onboarding: false });
  });

  const now = () => Math.floor(Date.now() / 1000);
  const forged: Array<[string, () => string]> = [
    ['alg none, no signature', () => unsigned({ alg: 'none', kid: 'key-1' }, idTokenClaims(PROJECT, 'alice'))],
    ['alg none without kid', () => unsigned({ alg: 'none' }, idTokenClaims(PROJECT, 'alice'))],
    [
      'HS256 keyed with the public key (algorithm confusion)',
      () =>
        signHs256(
          { alg: 'HS256', kid: 'key-1' },
          idTokenClaims(PROJECT, 'alice'),
          trusted.publicKey.export({ type: 'spki', format: 'pem' }) as string,
        ),
    ],
    ['signed by another key with the same kid', () => mintIdToken(attacker, PROJECT, 'alice')],
    ['unknown kid', () => mintIdToken({ ...attacker, kid: 'key-9' }, PROJECT, 'alice')],
    ['no kid', () => signRs256({ alg: 'RS256' }, idTokenClaims(PROJECT, 'alice'), trusted.privateKey)],
    ['wrong audience', () => mintIdToken(trusted, PROJECT, 'alice', { aud: 'someone-elses-project' })],
    [
      'wrong issuer',
      () => mintIdToken(trusted, PROJECT, 'alice', { iss: 'https://securetoken.google.com/someone-else' }),
    ],
    ['issuer of another service', () => mintIdToken(trusted, PROJECT, 'alice', { iss: 'https://evil.example' })],
    ['expired', () => mintIdToken(trusted, PROJECT, 'alice', { iat: now() - 7200, exp: now() - 3600 })],
    ['issued in the future', () => mintIdToken(trusted, PROJECT, 'alice', { iat: now() + 600, exp: now() + 4200 })],
    ['authenticated in the future', () => mintIdToken(trusted, PROJECT, 'alice', { auth_time: now() + 600 })],
    ['empty subject', () => mintIdToken(trusted, PROJECT, 'alice', { sub: '' })],
    ['subject over 128 characters', () => mintIdToken(trusted, PROJECT, 'alice', { sub: 'a'.repeat(129) })],
    ['no exp', () => mintIdToken(trusted, PROJECT, 'alice', { exp: undefined })],
    [
      'payload swapped after signing',
      () => {
        const [h, , s] = mintIdToken(trusted, PROJECT, 'mallory').split('.');
        const p = Buffer.from(JSON.stringify(idTokenClaims(PROJECT, 'alice'))).toString('base64url');
        return `${h}.${p}.${s}`;
      },
    ],
    [
      'signature stripped',
      () => {
        const [h, p] = mintIdToken(trusted, PROJECT, 'alice').split('.');
        return `${h}.${p}.`;
      },
    ],
    ['two segments', () => mintIdToken(trusted, PROJECT, 'alice').split('.').slice(0, 2).join('.')],
    ['garbage', () => 'not-a-token'],
    ['JSON instead of a JWT', () => JSON.stringify(idTokenClaims(PROJECT, 'alice'))],
  ];

  for (const [name, make] of forged) {
    it(`refuses a token: ${name}`, async () => {
      const response = await me(make());
      expect(response.statusCode).toBe(401);
      expect(response.json().error.code).toMatch(/^(unauthenticated|token_expired)$/);
      expect(JSON.stringify(response.json())).not.toContain('alice');
    });
  }

  it('answers an expired token with token_expired', async () => {
    const token = mintIdToken(trusted, PROJECT, 'alice', { iat: now() - 7200, exp: now() - 3600 });
    expect((await me(token)).json()).toEqual({
      error: { code: 'token_expired', message: 'Your session expired: sign in again' },
    });
  });

  it('refuses requests with no token or another scheme', async () => {
    expect((await app.inject('/api/accounts/me')).statusCode).toBe(401);
    const basic = await app.inject({ url: '/api/accounts/me', headers: { authorization: 'Basic YWxpY2U6cHc=' } });
    expect(basic.statusCode).toBe(401);
  });

  it('never creates an account from a forged token', async () => {
    const forgedToken = mintIdToken(attacker, PROJECT, 'mallory');
    expect((await register(forgedToken, 'mallory')).statusCode).toBe(401);
    const valid = mintIdToken(trusted, PROJECT, 'mallory');
    expect((await me(valid)).statusCode).toBe(404);
  });
});

describe('revocation on admin calls', () => {
  let adminToken: string;
  beforeAll(async () => {
    adminToken = mintIdToken(trusted, PROJECT, 'root', { email: 'root@example.test', email_verified: true });
    const response = await app.inject({
      method: 'POST',
      url: '/api/accounts',
      headers: { authorization: `Bearer ${adminToken}` },
      payload: { uid: 'root' },
    });
    expect(response.json().systemRole).toBe('admin');
  });

  const stats = () => app.inject({ url: '/api/admin/stats', headers: { authorization: `Bearer ${adminToken}` } });

  it('lets a current admin token through', async () => {
    userStatus = { disabled: false, tokensValidAfterTime: new Date(Date.now() - 3_600_000).toUTCString() };
    expect((await stats()).statusCode).toBe(200);
  });

  it('refuses a token issued before the user was signed out everywhere', async () => {
    userStatus = { disabled: false, tokensValidAfterTime: new Date(Date.now() + 1000).toUTCString() };
    expect((await stats()).statusCode).toBe(401);
    // Ordinary calls do not pay for the revocation lookup.
    expect((await me(adminToken)).statusCode).toBe(200);
  });

  it('refuses a disabled user', async () => {
    userStatus = { disabled: true };
    expect((await stats()).statusCode).toBe(401);
  });

  it('answers 503 when Firebase cannot be asked', async () => {
    userStatus = new Error('ECONNREFUSED');
    const response = await stats();
    expect(response.statusCode).toBe(503);
    expect(response.json().error.code).toBe('identity_unavailable');
  });
});

describe('key source', () => {
  it("reads Google's x509 certificate map", async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'encore-x509-'));
    try {
      execFileSync(
        'openssl',
        [
          'req',
          '-x509',
          '-newkey',
          'rsa:2048',
          '-nodes',
          '-subj',
          '/CN=securetoken',
          '-days',
          '1',
          '-keyout',
          path.join(dir, 'key.pem'),
          '-out',
          path.join(dir, 'cert.pem'),
        ],
        { stdio: 'ignore' },
      );
      const { createPrivateKey } = await import('node:crypto');
      const privateKey = createPrivateKey(readFileSync(path.join(dir, 'key.pem')));
      const server = await startJwksServer({ 'x509-kid': readFileSync(path.join(dir, 'cert.pem'), 'utf8') });
      try {
        const verify = createJwtVerifier({ projectId: PROJECT, keys: createHttpKeySource(server.url) });
        const token = signRs256({ alg: 'RS256', kid: 'x509-kid' }, idTokenClaims(PROJECT, 'carol'), privateKey);
        await expect(verify(token)).resolves.toMatchObject({ uid: 'carol', email: 'carol@example.test' });
        await expect(verify(mintIdToken({ ...trusted, kid: 'x509-kid' }, PROJECT, 'carol'))).rejects.toThrow(
          TokenError,
        );
      } finally {
        await server.close();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('caches keys and refetches for an unknown kid at most once a minute', async () => {
    const server = await startJwksServer(jwksOf(trusted));
    let clock = 1_000_000;
    const keys = createHttpKeySource(server.url, { now: () => clock });
    try {
      expect(await keys.getKey('key-1')).toBeDefined();
      expect(await keys.getKey('key-1')).toBeDefined();
      expect(server.requests()).toBe(1);
      expect(await keys.getKey('nope')).toBeUndefined();
      expect(await keys.getKey('nope-again')).toBeUndefined();
      expect(server.requests()).toBe(1);
      // A rotation: the new key appears and is picked up after the refetch window.
      const rotated = newKeyPair('key-2');
      server.publish(jwksOf(trusted, rotated));
      clock += 61_000;
      expect(await keys.getKey('key-2')).toBeDefined();
      expect(server.requests()).toBe(2);
    } finally {
      await server.close();
    }
  });

  it('reports an unreachable key server as unavailable, not as a bad token', async () => {
    const verify = createJwtVerifier({ projectId: PROJECT, keys: createHttpKeySource('http://127.0.0.1:9/keys') });
    await expect(verify(mintIdToken(trusted, PROJECT, 'dave'))).rejects.toMatchObject({
      name: 'IdentityUnavailableError',
    });
  });
});
