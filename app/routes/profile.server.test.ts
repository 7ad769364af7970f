import { RouterContextProvider } from 'react-router';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readSessionUser, SESSION_COOKIE } from '#server/accounts/session';
import { productionTestAuth } from '#server/accounts/test-keys';
import type { Database } from '#server/db/client';
import { testServices } from '#server/testing/services';
import { createTestDatabase } from '#server/testing/test-db';
import { insertAccount } from '#server/tracking/testing/fixtures';
import { updateProfileAction } from './profile.server.ts';

/** The profile's name form (ADR 0033): the fields and the rules of PATCH /api/accounts/me. */
const PROJECT = 'encore-profile-action-test';
const ORIGIN = 'https://encore.example';
let database: Database;
let tokens: Awaited<ReturnType<typeof productionTestAuth>>;
let services: ReturnType<typeof testServices>;

beforeAll(async () => {
  database = await createTestDatabase();
  tokens = await productionTestAuth(PROJECT);
  services = testServices(database, { FIREBASE_PROJECT_ID: PROJECT, PUBLIC_ORIGIN: ORIGIN }, { auth: tokens.auth });
  await insertAccount(database.db, 'robin');
});
afterAll(async () => {
  await database?.close();
  await tokens?.close();
});

async function save(fields: Record<string, string>, origin = ORIGIN) {
  const headers = new Headers({
    'content-type': 'application/x-www-form-urlencoded',
    origin,
    cookie: `${SESSION_COOKIE}=${tokens.mint('robin')}`,
  });
  const request = new Request(`${ORIGIN}/profile`, {
    method: 'POST',
    headers,
    body: new URLSearchParams(fields).toString(),
  });
  const sessionUser = await readSessionUser(services, headers.get('cookie'));
  const answer = await updateProfileAction(
    request,
    Object.assign(new RouterContextProvider(), { services, sessionUser }),
  );
  return { status: answer.init?.status ?? 200, body: answer.data };
}

describe('the profile action', () => {
  it('saves the names and answers the new profile', async () => {
    expect(await save({ firstName: 'Robin', lastName: 'Okafor' })).toMatchObject({
      status: 200,
      body: { ok: true, profile: { firstName: 'Robin', lastName: 'Okafor' } },
    });
  });

  it('refuses what UpdateProfileSchema refuses with 400 naming the field, and keeps the names', async () => {
    expect(await save({ firstName: '<b>Robin</b>', lastName: 'Okafor' })).toMatchObject({
      status: 400,
      body: { ok: false, fieldErrors: { firstName: 'contains characters that are not allowed' } },
    });
    expect(await save({ firstName: 'x'.repeat(61), lastName: 'Okafor' })).toMatchObject({
      status: 400,
      body: { fieldErrors: { firstName: expect.any(String) } },
    });
    expect(await save({ firstName: 'Mallory' }, 'https://evil.example')).toMatchObject({ status: 403 });
    expect(await save({ firstName: 'Robin', lastName: 'Okafor' })).toMatchObject({
      body: { profile: { firstName: 'Robin' } },
    });
  });
});
