import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApi } from '../app.ts';
import type { Database } from '../db/client.ts';
import { testServices } from '../testing/services.ts';
import { createTestDatabase } from '../testing/test-db.ts';
import { createAuthService } from './auth-service.ts';
import { readSessionUser, SESSION_COOKIE } from './session.ts';
import { firebaseAdminAuth } from './verifier.ts';

/**
 * Against a real Firebase Auth emulator, started here on ports of this file's own (never
 * skipped: if it cannot start, the suite fails). The "postgres" project runs the same file
 * at the same time, so each project gets its own ports.
 */
// 9240–9242 are the e2e emulator's (auth, hub, logging): stay clear so both can run at once.
const PORTS =
  process.env.ENCORE_TEST_DB === 'postgres'
    ? { auth: 9244, hub: 9248, logging: 9249 }
    : { auth: 9243, hub: 9246, logging: 9247 };
const HOST = `127.0.0.1:${PORTS.auth}`;
const PROJECT = 'demo-encore-vitest';
const API_KEY = 'demo-api-key';
const identity = `http://${HOST}/identitytoolkit.googleapis.com/v1`;

let emulator: ChildProcess | undefined;
let dir: string;
let database: Database;
let app: FastifyInstance;
let services: ReturnType<typeof testServices>;

async function emulatorReady(): Promise<boolean> {
  try {
    const response = await fetch(`http://${HOST}`, { signal: AbortSignal.timeout(1000) });
    return ((await response.json()) as { authEmulator?: { ready?: boolean } }).authEmulator?.ready === true;
  } catch {
    return false;
  }
}

beforeAll(async () => {
  if (await emulatorReady()) throw new Error(`port ${PORTS.auth} already has an emulator: stop it first`);
  dir = mkdtempSync(path.join(os.tmpdir(), 'encore-emulator-test-'));
  const config = path.join(dir, 'firebase.json');
  writeFileSync(
    config,
    JSON.stringify({
      emulators: {
        auth: { host: '127.0.0.1', port: PORTS.auth },
        hub: { host: '127.0.0.1', port: PORTS.hub },
        logging: { host: '127.0.0.1', port: PORTS.logging },
        ui: { enabled: false },
        singleProjectMode: true,
      },
    }),
  );
  const bin = path.resolve('node_modules', '.bin', 'firebase');
  emulator = spawn(bin, ['emulators:start', '--only', 'auth', '--project', PROJECT, '--config', config], {
    cwd: dir,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, FIREBASE_CLI_DISABLE_UPDATE_CHECK: 'true' },
  });
  let output = '';
  emulator.stdout?.on('data', (chunk) => (output += chunk));
  emulator.stderr?.on('data', (chunk) => (output += chunk));
  const deadline = Date.now() + 50_000;
  while (!(await emulatorReady())) {
    if (emulator.exitCode !== null) throw new Error(`the auth emulator exited:\n${output}`);
    if (Date.now() > deadline) throw new Error(`the auth emulator did not start:\n${output}`);
    await new Promise((r) => setTimeout(r, 250));
  }

  database = await createTestDatabase();
  services = testServices(database, {
    FIREBASE_PROJECT_ID: PROJECT,
    FIREBASE_AUTH_EMULATOR_HOST: HOST,
    ADMIN_EMAILS: 'chief@example.test',
  });
  // As the dev server does: switch the emulator to production-style error codes.
  const auth = createAuthService(services.env, { configureEmulator: { logger: pino({ level: 'silent' }) } });
  services = { ...services, auth };
  app = await buildApi(services);
  await auth.ready;
  const emulatorConfig = (await fetch(`http://${HOST}/emulator/v1/projects/${PROJECT}/config`).then((r) =>
    r.json(),
  )) as { emailPrivacyConfig?: { enableImprovedEmailPrivacy?: boolean } };
  expect(emulatorConfig.emailPrivacyConfig?.enableImprovedEmailPrivacy).toBe(true);
}, 60_000);

afterAll(async () => {
  await app?.close();
  await database?.close();
  if (emulator && emulator.exitCode === null) {
    await new Promise<void>((resolve) => {
      emulator!.once('exit', () => resolve());
      emulator!.kill('SIGTERM');
    });
  }
  if (dir) rmSync(dir, { recursive: true, force: true });
});

async function identityCall(method: string, body: Record<string, unknown>) {
  const response = await fetch(`${identity}/accounts:${method}?key=${API_KEY}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  return {
    status: response.status,
    body: (await response.json()) as { error?: { message?: string } } & Record<string, unknown>,
  };
}

const signUp = async (email: string, password = 'secret-pass') =>
  (await identityCall('signUp', { email, password, returnSecureToken: true })).body as {
    idToken: string;
    localId: string;
  };

/** The emulator's fake-credential sign-in, the same call the emulated account chooser makes. */
async function signInWithProvider(providerId: 'google.com' | 'apple.com', claims: Record<string, unknown>) {
  const { body } = await identityCall('signInWithIdp', {
    requestUri: 'http://localhost',
    postBody: `id_token=${encodeURIComponent(JSON.stringify(claims))}&providerId=${providerId}`,
    returnSecureToken: true,
    returnIdpCredential: true,
  });
  return body as { idToken: string; localId: string };
}

const inject = (token: string, url: string, method: 'GET' | 'POST' = 'GET', payload?: object) =>
  app.inject({ method, url, headers: { authorization: `Bearer ${token}` }, payload });

describe('with the Firebase Auth emulator', () => {
  it('registers an email user from a real emulator token and answers /accounts/me', async () => {
    const { idToken, localId } = await signUp('emu@example.test');
    const created = await inject(idToken, '/api/accounts', 'POST', {
      uid: localId,
      email: 'emu@example.test',
      displayName: 'emu',
      image: '',
      token: idToken,
      pushNotificationToken: '',
    });
    expect(created.statusCode).toBe(201);
    const me = await inject(idToken, '/api/accounts/me');
    expect(me.json()).toEqual({
      uid: localId,
      image: '',
      firstName: '',
      lastName: '',
      systemRole: 'user',
      onboarding: false,
    });
  });

  it('answers a wrong password with the production code (email privacy on)', async () => {
    await signUp('privacy@example.test', 'right-pass');
    const { status, body } = await identityCall('signInWithPassword', {
      email: 'privacy@example.test',
      password: 'wrong-pass',
      returnSecureToken: true,
    });
    expect(status).toBe(400);
    expect(body.error?.message).toBe('INVALID_LOGIN_CREDENTIALS');
  });

  it('signs in emulated Google and Apple accounts and grants ADMIN_EMAILS admin when verified', async () => {
    const google = await signInWithProvider('google.com', {
      sub: 'google-chief',
      email: 'chief@example.test',
      email_verified: true,
      name: 'Chief Editor',
    });
    const registered = await inject(google.idToken, '/api/accounts', 'POST', { uid: google.localId });
    expect(registered.json()).toMatchObject({ systemRole: 'admin', firstName: 'Chief', lastName: 'Editor' });
    expect((await inject(google.idToken, '/api/admin/stats')).statusCode).toBe(200);

    const apple = await signInWithProvider('apple.com', { sub: 'apple-fan', email: 'fan@example.test' });
    const fan = await inject(apple.idToken, '/api/accounts', 'POST', { uid: apple.localId });
    expect(fan.statusCode).toBe(201);
    expect(fan.json().systemRole).toBe('user');
    expect((await inject(apple.idToken, '/api/admin/stats')).statusCode).toBe(403);
  });

  it('refuses a revoked admin token on admin calls, and a disabled user', async () => {
    const admin = await signInWithProvider('google.com', {
      sub: 'google-chief-2',
      email: 'chief@example.test',
      email_verified: true,
    });
    await inject(admin.idToken, '/api/accounts', 'POST', { uid: admin.localId });
    expect((await inject(admin.idToken, '/api/admin/stats')).statusCode).toBe(200);
    // Revocation is recorded to the second: make sure it falls after the token's auth_time.
    await new Promise((r) => setTimeout(r, 1100));
    await firebaseAdminAuth(PROJECT).revokeRefreshTokens(admin.localId);
    expect((await inject(admin.idToken, '/api/admin/stats')).statusCode).toBe(401);

    const other = await signInWithProvider('google.com', {
      sub: 'google-x',
      email: 'x@example.test',
      email_verified: true,
    });
    await inject(other.idToken, '/api/accounts', 'POST', { uid: other.localId });
    await firebaseAdminAuth(PROJECT).updateUser(other.localId, { disabled: true });
    expect((await inject(other.idToken, '/api/admin/stats')).statusCode).toBe(401);
  });

  it('never accepts an emulator token once the emulator is not configured (production mode)', async () => {
    const { idToken } = await signUp('prod-check@example.test');
    const services = testServices(database, {
      NODE_ENV: 'production',
      FIREBASE_AUTH_EMULATOR_HOST: '',
      FIREBASE_PROJECT_ID: PROJECT,
    });
    expect(services.auth.mode).toBe('production');
    await expect(services.auth.verifyIdToken(idToken)).rejects.toMatchObject({ name: 'TokenError' });
  });
});

describe('emulator mode hardening', () => {
  it('refuses a hand-made unsigned token for a user the emulator does not know', async () => {
    const now = Math.floor(Date.now() / 1000);
    const claims = {
      iss: `https://securetoken.google.com/${PROJECT}`,
      aud: PROJECT,
      sub: 'made-up-admin',
      user_id: 'made-up-admin',
      auth_time: now,
      iat: now,
      exp: now + 3600,
      email: 'chief@example.test',
      email_verified: true,
      firebase: { sign_in_provider: 'google.com', identities: {} },
    };
    const b64 = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');
    const forged = `${b64({ alg: 'none', typ: 'JWT' })}.${b64(claims)}.`;
    const response = await inject(forged, '/api/accounts', 'POST', { uid: 'made-up-admin' });
    expect(response.statusCode).toBe(401);
    expect((await inject(forged, '/api/accounts/me')).statusCode).toBe(401);
  });
});

describe('forged emulator tokens', () => {
  const b64 = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');
  const forge = (claims: Record<string, unknown>) => `${b64({ alg: 'none', typ: 'JWT' })}.${b64(claims)}.`;
  const decode = (token: string) =>
    JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8')) as Record<string, unknown>;
  let admin: { idToken: string; localId: string };

  beforeAll(async () => {
    admin = await signInWithProvider('google.com', {
      sub: 'google-chief-forged',
      email: 'chief@example.test',
      email_verified: true,
    });
    const registered = await inject(admin.idToken, '/api/accounts', 'POST', { uid: admin.localId });
    expect(registered.json().systemRole).toBe('admin');
  });

  const claimsFor = (uid: string, now = Math.floor(Date.now() / 1000)) => ({
    iss: `https://securetoken.google.com/${PROJECT}`,
    aud: PROJECT,
    sub: uid,
    user_id: uid,
    auth_time: now,
    iat: now,
    exp: now + 3600,
    email: 'chief@example.test',
    email_verified: true,
    firebase: { sign_in_provider: 'google.com', identities: {} },
  });

  it("refuses an alg:none token naming a real admin's uid on admin calls and the session cookie route", async () => {
    // Signed in well before: the forger's auth_time ("now") is not the admin's last sign-in.
    const forged = forge({ ...claimsFor(admin.localId), auth_time: Math.floor(Date.now() / 1000) - 120 });
    const stats = await inject(forged, '/api/admin/stats');
    expect(stats.statusCode).toBe(401);
    expect(stats.json().error.code).toBe('unauthenticated');
    const session = await inject(forged, '/api/session', 'POST');
    expect(session.statusCode).toBe(401);
    expect(session.headers['set-cookie']).toBeUndefined();
    expect(await readSessionUser(services, `${SESSION_COOKIE}=${forged}`)).toBeNull();
    // The real token of the same admin still passes both.
    expect((await inject(admin.idToken, '/api/admin/stats')).statusCode).toBe(200);
    expect((await inject(admin.idToken, '/api/session', 'POST')).statusCode).toBe(204);
    expect((await readSessionUser(services, `${SESSION_COOKIE}=${admin.idToken}`))?.systemRole).toBe('admin');
  });

  it('refuses a copy of a real token with its claims altered (a later sign-in time, another email)', async () => {
    const real = decode(admin.idToken);
    for (const change of [{ auth_time: (real.auth_time as number) - 1 }, { email: 'other@example.test' }]) {
      const altered = forge({ ...real, ...change });
      expect((await inject(altered, '/api/admin/stats')).statusCode).toBe(401);
      expect((await inject(altered, '/api/accounts/me')).statusCode).toBe(401);
    }
  });

  it('refuses tokens with no exp, or with iat or auth_time in the future, or for another project', async () => {
    const real = decode(admin.idToken);
    const now = Math.floor(Date.now() / 1000);
    const { exp: _exp, ...noExp } = real;
    const cases = [
      noExp,
      { ...real, iat: now + 600, exp: now + 4200 },
      { ...real, auth_time: now + 600 },
      { ...real, exp: now - 60 },
      { ...real, aud: 'another-project' },
      { ...real, iss: 'https://securetoken.google.com/another-project' },
    ];
    for (const claims of cases) {
      const response = await inject(forge(claims), '/api/accounts/me');
      expect(response.statusCode, JSON.stringify(claims)).toBe(401);
      expect((await inject(forge(claims), '/api/session', 'POST')).statusCode).toBe(401);
    }
  });
});
