import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPlugin, buildApi } from '../app.ts';
import type { Services } from '../context.ts';
import type { Database } from '../db/client.ts';
import { onboardingAnswers } from '../db/schema.ts';
import { testServices } from '../testing/services.ts';
import { createTestDatabase } from '../testing/test-db.ts';
import { RATE_LIMITS } from '../write-limits.ts';
import { readSessionUser, SESSION_COOKIE } from './session.ts';
import { productionTestAuth } from './test-keys.ts';

const PROJECT = 'encore-routes-test';
let database: Database;
let services: Services;
let app: FastifyInstance;
let tokens: Awaited<ReturnType<typeof productionTestAuth>>;

beforeAll(async () => {
  database = await createTestDatabase();
  tokens = await productionTestAuth(PROJECT);
  services = testServices(
    database,
    { FIREBASE_PROJECT_ID: PROJECT, ADMIN_EMAILS: 'boss@example.test' },
    { auth: tokens.auth },
  );
  app = await buildApi(services);
});
afterAll(async () => {
  await app?.close();
  await database?.close();
  await tokens?.close();
});

const bearer = (uid: string, claims = {}) => ({ authorization: `Bearer ${tokens.mint(uid, claims)}` });

async function register(uid: string, claims: Record<string, unknown> = {}, body: Record<string, unknown> = {}) {
  const headers = bearer(uid, claims);
  return app.inject({
    method: 'POST',
    url: '/api/accounts',
    headers,
    payload: {
      uid,
      email: (claims.email as string | undefined) ?? `${uid}@example.test`,
      displayName: null,
      image: null,
      token: headers.authorization.slice(7),
      pushNotificationToken: '',
      ...body,
    },
  });
}

const validAnswers = {
  vendor: 'StubHub',
  maxBudget: 1500,
  alreadyResold: true,
  resaleReason: 'Could not go',
  referralSource: 'other',
  referralOtherDetail: 'A podcast',
};

describe('POST /api/accounts', () => {
  it('creates the account once and updates it afterwards (idempotent upsert)', async () => {
    const first = await register('u-ann', { name: 'Ann Lee', picture: 'https://img.example.test/ann.png' });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toEqual({
      uid: 'u-ann',
      image: 'https://img.example.test/ann.png',
      firstName: 'Ann',
      lastName: 'Lee',
      systemRole: 'user',
      onboarding: false,
    });
    const again = await register('u-ann', { name: 'Ann Lee' });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ uid: 'u-ann', firstName: 'Ann', image: 'https://img.example.test/ann.png' });
  });

  it('refuses a body that claims another uid or email', async () => {
    const other = await register('u-bob', {}, { uid: 'u-ann' });
    expect(other.statusCode).toBe(403);
    expect(other.json().error).toMatchObject({ code: 'uid_mismatch', field: 'uid' });
    const email = await register('u-bob', {}, { email: 'ann@example.test' });
    expect(email.statusCode).toBe(403);
    expect(email.json().error.field).toBe('email');
  });

  it('names the field of a malformed body', async () => {
    const response = await app.inject({ method: 'POST', url: '/api/accounts', headers: bearer('u-bob'), payload: {} });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.field).toBe('uid');
  });

  it('falls back to the part of the email before @ for the display name', async () => {
    expect((await register('u-dan', { email: 'dan.r@example.test' })).statusCode).toBe(201);
    const rows = await database.db.query.accounts.findFirst({ where: (a, { eq }) => eq(a.uid, 'u-dan') });
    expect(rows?.displayName).toBe('dan.r');
  });

  it('grants admin to ADMIN_EMAILS only when the provider verified the email', async () => {
    const squatter = await register('u-squat', { email: 'boss@example.test', email_verified: false });
    expect(squatter.json().systemRole).toBe('user');
    const boss = await register('u-boss', { email: 'Boss@Example.test', email_verified: true });
    expect(boss.json().systemRole).toBe('admin');
  });
});

describe('GET /api/accounts/me', () => {
  it('answers 404 before registration and the SPEC profile after', async () => {
    const before = await app.inject({ url: '/api/accounts/me', headers: bearer('u-new') });
    expect(before.statusCode).toBe(404);
    expect(before.json().error.code).toBe('account_not_found');
    await register('u-new');
    const after = await app.inject({ url: '/api/accounts/me', headers: bearer('u-new') });
    expect(after.statusCode).toBe(200);
    expect(Object.keys(after.json()).sort()).toEqual(
      ['firstName', 'image', 'lastName', 'onboarding', 'systemRole', 'uid'].sort(),
    );
    expect(after.headers['cache-control']).toBe('private, no-store');
  });
});

describe('POST /api/accounts/onboarding', () => {
  const submit = (uid: string, payload: unknown, contentType = 'application/json') =>
    app.inject({
      method: 'POST',
      url: '/api/accounts/onboarding',
      headers: { ...bearer(uid), 'content-type': contentType },
      payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
    });

  const malformed: Array<[string, unknown, string | undefined]> = [
    ['an empty body', {}, 'vendor'],
    ['a vendor not in SPEC', { ...validAnswers, vendor: 'Viagogo' }, 'vendor'],
    ['a vendor in the wrong case', { ...validAnswers, vendor: 'stubhub' }, 'vendor'],
    ['a negative budget', { ...validAnswers, maxBudget: -1 }, 'maxBudget'],
    ['a fractional budget', { ...validAnswers, maxBudget: 12.5 }, 'maxBudget'],
    ['a budget as text', { ...validAnswers, maxBudget: '500' }, 'maxBudget'],
    ['a formatted budget', { ...validAnswers, maxBudget: '$1,500' }, 'maxBudget'],
    ['a null budget', { ...validAnswers, maxBudget: null }, 'maxBudget'],
    ['a huge budget', { ...validAnswers, maxBudget: 1e12 }, 'maxBudget'],
    ['alreadyResold as text', { ...validAnswers, alreadyResold: 'yes' }, 'alreadyResold'],
    ['no alreadyResold', { ...validAnswers, alreadyResold: undefined }, 'alreadyResold'],
    ['a referral source not in SPEC', { ...validAnswers, referralSource: 'tv' }, 'referralSource'],
    ['a resale reason without a resale', { ...validAnswers, alreadyResold: false }, 'resaleReason'],
    [
      'an other-detail for another source',
      { ...validAnswers, referralSource: 'friend', referralOtherDetail: 'x' },
      'referralOtherDetail',
    ],
    ['an over-long reason', { ...validAnswers, resaleReason: 'x'.repeat(501) }, 'resaleReason'],
    ['an unknown field', { ...validAnswers, systemRole: 'admin' }, 'systemRole'],
    ['an array', [validAnswers], undefined],
  ];

  it('accepts none of the malformed payloads, each answered 400 naming the field', async () => {
    // One user per payload: the per-user rate limit counts refused requests too.
    for (const [i, [name, payload, field]] of malformed.entries()) {
      await register(`u-mal-${i}`);
      const response = await submit(`u-mal-${i}`, payload);
      expect(response.statusCode, name).toBe(400);
      expect(response.json().error.code, name).toBe('invalid_request');
      if (field) {
        expect(response.json().error.field, name).toBe(field);
        expect(response.json().error.message, name).toMatch(new RegExp(`^${field}: `));
      }
    }
    await register('u-mal-text');
    expect((await submit('u-mal-text', 'vendor=StubHub', 'text/plain')).statusCode).toBe(400);
    expect((await submit('u-mal-text', '{"vendor":', 'application/json')).statusCode).toBe(400);
    const stored = await database.db.select().from(onboardingAnswers);
    expect(stored.filter((r) => r.uid.startsWith('u-mal-'))).toEqual([]);
    const flags = await database.db.query.accounts.findMany({ where: (a, { like }) => like(a.uid, 'u-mal-%') });
    expect(flags).toHaveLength(malformed.length + 1);
    expect(flags.every((a) => a.onboarding === false)).toBe(true);
  });

  it('stores valid answers and sets onboarding true', async () => {
    await register('u-quiz');
    const response = await submit('u-quiz', validAnswers);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ uid: 'u-quiz', onboarding: true });
    const me = await app.inject({ url: '/api/accounts/me', headers: bearer('u-quiz') });
    expect(me.json().onboarding).toBe(true);
    const row = await database.db.query.onboardingAnswers.findFirst({ where: (a, { eq }) => eq(a.uid, 'u-quiz') });
    expect(row).toMatchObject({
      vendor: 'StubHub',
      maxBudget: 1500,
      alreadyResold: true,
      resaleReason: 'Could not go',
      referralSource: 'other',
      referralOtherDetail: 'A podcast',
    });
  });

  it('answers 404 for a user who never registered', async () => {
    const response = await submit('u-ghost', validAnswers);
    expect(response.statusCode).toBe(404);
  });

  it('refuses anonymous answers', async () => {
    const response = await app.inject({ method: 'POST', url: '/api/accounts/onboarding', payload: validAnswers });
    expect(response.statusCode).toBe(401);
  });
});

describe('PATCH /api/accounts/me', () => {
  const patch = (payload: unknown) =>
    app.inject({ method: 'PATCH', url: '/api/accounts/me', headers: bearer('u-ann'), payload: payload as object });

  it('updates first and last name, trimmed', async () => {
    const response = await patch({ firstName: '  Annie ', lastName: 'Lee-Smith' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ firstName: 'Annie', lastName: 'Lee-Smith' });
  });

  it('refuses markup, over-long names and other fields', async () => {
    expect((await patch({ firstName: '<b>Ann</b>' })).json().error.field).toBe('firstName');
    expect((await patch({ lastName: 'x'.repeat(61) })).json().error.field).toBe('lastName');
    const role = await patch({ systemRole: 'admin' });
    expect(role.statusCode).toBe(400);
    expect(role.json().error.field).toBe('systemRole');
    expect((await patch({})).statusCode).toBe(400);
  });
});

// 1×1 pictures: only their first bytes matter to the server.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const GIF = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

describe('profile pictures', () => {
  const put = (body: Buffer | string, type: string, uid = 'u-ann') =>
    app.inject({
      method: 'PUT',
      url: '/api/accounts/me/image',
      headers: { ...bearer(uid), 'content-type': type },
      payload: body,
    });

  it('stores a PNG and serves it with cache headers at /api/accounts/{uid}/image', async () => {
    const response = await put(PNG, 'image/png');
    expect(response.statusCode).toBe(200);
    const image = response.json().image as string;
    expect(image).toMatch(/^\/api\/accounts\/u-ann\/image\?v=\d+$/);
    const served = await app.inject(image);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.rawPayload.equals(PNG)).toBe(true);
    const revalidated = await app.inject({ url: image, headers: { 'if-none-match': served.headers.etag as string } });
    expect(revalidated.statusCode).toBe(304);
    const unversioned = await app.inject('/api/accounts/u-ann/image');
    expect(unversioned.headers['cache-control']).toBe('public, max-age=300');
  });

  it('trusts the bytes, not the declared type', async () => {
    const response = await put(GIF, 'image/jpeg');
    expect(response.statusCode).toBe(200);
    const served = await app.inject(response.json().image);
    expect(served.headers['content-type']).toBe('image/gif');
  });

  it('refuses SVG, HTML and text posing as pictures', async () => {
    const svg = await put('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>', 'image/svg+xml');
    expect(svg.statusCode).toBe(415);
    expect(svg.json().error.code).toBe('unsupported_image_type');
    const html = await put('<html><body>hi</body></html>', 'image/png');
    expect(html.statusCode).toBe(415);
    const text = await put('hello', 'text/plain');
    expect(text.statusCode).toBe(400);
    const empty = await put(Buffer.alloc(0), 'image/png');
    expect(empty.statusCode).toBe(400);
  });

  it('refuses pictures over the size limit with 413', async () => {
    const big = Buffer.concat([PNG, Buffer.alloc(4 * 1024 * 1024)]);
    const response = await put(big, 'image/png');
    expect(response.statusCode).toBe(413);
    expect(response.json().error.code).toBe('image_too_large');
  });

  it('refuses anonymous uploads and answers 404 for accounts without a picture', async () => {
    const anonymous = await app.inject({
      method: 'PUT',
      url: '/api/accounts/me/image',
      headers: { 'content-type': 'image/png' },
      payload: PNG,
    });
    expect(anonymous.statusCode).toBe(401);
    expect((await app.inject('/api/accounts/u-dan/image')).statusCode).toBe(404);
    expect((await app.inject('/api/accounts/..%2Fetc/image')).statusCode).toBe(400);
  });

  it('removes the picture', async () => {
    const response = await app.inject({ method: 'DELETE', url: '/api/accounts/me/image', headers: bearer('u-ann') });
    expect(response.json().image).toBe('');
    expect((await app.inject('/api/accounts/u-ann/image')).statusCode).toBe(404);
  });
});

describe('session cookie (SPEC §7 token sync)', () => {
  it('sets an HttpOnly SameSite=Lax cookie holding a verified token, and clears it', async () => {
    const token = tokens.mint('u-ann');
    const response = await app.inject({
      method: 'POST',
      url: '/api/session',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(response.statusCode).toBe(204);
    const cookie = response.headers['set-cookie'] as string;
    expect(cookie).toContain(`${SESSION_COOKIE}=${token}`);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(cookie).toMatch(/Path=\//);
    expect(cookie).not.toMatch(/Secure/);
    const maxAge = Number(/Max-Age=(\d+)/.exec(cookie)?.[1]);
    expect(maxAge).toBeGreaterThan(3500);
    expect(maxAge).toBeLessThanOrEqual(3600);

    const user = await readSessionUser(services, `other=1; ${SESSION_COOKIE}=${token}`);
    expect(user).toEqual({ uid: 'u-ann', email: 'u-ann@example.test', systemRole: 'user', registered: true });

    const cleared = await app.inject({ method: 'DELETE', url: '/api/session' });
    expect(cleared.statusCode).toBe(204);
    expect(cleared.headers['set-cookie']).toMatch(new RegExp(`^${SESSION_COOKIE}=;.*Expires=Thu, 01 Jan 1970`));
  });

  it('refuses to set a cookie for a missing or forged token', async () => {
    const none = await app.inject({ method: 'POST', url: '/api/session' });
    expect(none.statusCode).toBe(401);
    expect(none.headers['set-cookie']).toBeUndefined();
    const forged = await app.inject({
      method: 'POST',
      url: '/api/session',
      headers: { authorization: `Bearer ${tokens.mint('u-ann', { aud: 'elsewhere' })}` },
    });
    expect(forged.statusCode).toBe(401);
    expect(await readSessionUser(services, `${SESSION_COOKIE}=${tokens.mint('u-ann', { aud: 'x' })}`)).toBeNull();
    expect(await readSessionUser(services, undefined)).toBeNull();
  });

  it('marks the cookie Secure behind https', async () => {
    const web = Fastify({ trustProxy: true });
    await web.register(apiPlugin, { services, prefix: '/api' });
    try {
      const response = await web.inject({
        method: 'POST',
        url: '/api/session',
        headers: { authorization: `Bearer ${tokens.mint('u-ann')}`, 'x-forwarded-proto': 'https' },
      });
      expect(response.headers['set-cookie']).toMatch(/; Secure/);
    } finally {
      await web.close();
    }
  });
});

describe('rate limits on mutating endpoints, per user', () => {
  it('answers 429 in the API error shape once a user exceeds the limit, other users unaffected', async () => {
    await register('u-spam');
    await register('u-calm');
    const send = (uid: string) =>
      app.inject({
        method: 'POST',
        url: '/api/accounts/onboarding',
        headers: bearer(uid),
        payload: { ...validAnswers, referralSource: 'friend', referralOtherDetail: undefined },
      });
    for (let i = 0; i < RATE_LIMITS.onboarding.max; i++) expect((await send('u-spam')).statusCode).toBe(200);
    const limited = await send('u-spam');
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.code).toBe('rate_limited');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect((await send('u-calm')).statusCode).toBe(200);
  });
});

describe('GET /api/admin/stats', () => {
  it('is refused to anonymous visitors and to users', async () => {
    expect((await app.inject('/api/admin/stats')).statusCode).toBe(401);
    const user = await app.inject({ url: '/api/admin/stats', headers: bearer('u-ann') });
    expect(user.statusCode).toBe(403);
    expect(user.json()).toEqual({ error: { code: 'forbidden', message: 'Only administrators may do this' } });
  });

  it('gives an admin the real figures', async () => {
    const response = await app.inject({
      url: '/api/admin/stats',
      headers: bearer('u-boss', { email: 'boss@example.test', email_verified: true }),
    });
    expect(response.statusCode).toBe(200);
    const stats = response.json();
    const accounts = await database.db.query.accounts.findMany();
    const answers = await database.db.query.onboardingAnswers.findMany();
    expect(stats.accounts.total).toBe(accounts.length);
    expect(stats.accounts.admins).toBe(1);
    expect(stats.onboarding.completed).toBe(answers.length);
    expect(stats.onboarding.pending).toBe(accounts.length - answers.length);
    expect(stats.answers.vendor).toContainEqual({ value: 'StubHub', count: answers.length });
    expect(stats.answers.vendor).toContainEqual({ value: 'TickPick', count: 0 });
    expect(stats.answers.referralSource).toContainEqual({ value: 'other', count: 1 });
    expect(stats.answers.referralSource).toContainEqual({ value: 'friend', count: answers.length - 1 });
    expect(stats.answers.maxBudget.median).toBe(1500);
    expect(stats.answers.maxBudget.buckets).toContainEqual({ value: '$1,000–$2,499', count: answers.length });
    expect(stats.answers.referralOtherDetail).toEqual({ answered: 1, top: [{ value: 'a podcast', count: 1 }] });
  });
});
