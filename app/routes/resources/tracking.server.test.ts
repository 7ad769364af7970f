import { RouterContextProvider } from 'react-router';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readSessionUser, SESSION_COOKIE } from '#server/accounts/session';
import { productionTestAuth } from '#server/accounts/test-keys';
import { insertAttraction, insertEvent, insertVenue } from '#server/catalogue/testing/fixtures';
import type { Services } from '#server/context';
import type { Database } from '#server/db/client';
import { testServices } from '#server/testing/services';
import { createTestDatabase } from '#server/testing/test-db';
import { loadTrackedState } from '#server/tracking/my-encore';
import { insertAccount, setPrice } from '#server/tracking/testing/fixtures';
import { TRACKING_RATE_LIMIT } from '#server/write-limits';
import { trackedLoader, trackingAction } from './tracking.server.ts';

/**
 * The web's my Encore writes (ADR 0033) as a browser sends them: a form POST with the
 * session cookie and our Origin, answered with what a fetcher reads.
 */
const PROJECT = 'encore-actions-test';
const ORIGIN = 'https://encore.example';
let database: Database;
let services: Services;
let tokens: Awaited<ReturnType<typeof productionTestAuth>>;
let artistId: string;
let eventId: string;

beforeAll(async () => {
  database = await createTestDatabase();
  tokens = await productionTestAuth(PROJECT);
  services = testServices(database, { FIREBASE_PROJECT_ID: PROJECT, PUBLIC_ORIGIN: ORIGIN }, { auth: tokens.auth });
  const { db } = database;
  const venue = await insertVenue(db, { name: 'Hall' });
  artistId = (await insertAttraction(db, { name: 'The Actors' })).id;
  eventId = (await insertEvent(db, { name: 'Actors Live', venue, attractionIds: [artistId] })).id;
  await setPrice(db, eventId, 80, 200);
  await insertAccount(db, 'ann');
  await insertAccount(db, 'bob');
});
afterAll(async () => {
  await database?.close();
  await tokens?.close();
});

type Sent = { uid?: string | null; origin?: string | null; contentType?: string };

async function post(fields: Record<string, string>, sent: Sent = {}) {
  const { uid = 'ann', origin = ORIGIN, contentType = 'application/x-www-form-urlencoded;charset=UTF-8' } = sent;
  const headers = new Headers({ 'content-type': contentType });
  if (origin) headers.set('origin', origin);
  if (uid) headers.set('cookie', `${SESSION_COOKIE}=${tokens.mint(uid)}`);
  const request = new Request(`${ORIGIN}/resources/tracking`, {
    method: 'POST',
    headers,
    body: new URLSearchParams(fields).toString(),
  });
  const context = Object.assign(new RouterContextProvider(), {
    services,
    sessionUser: await readSessionUser(services, headers.get('cookie')),
  });
  const answer = await trackingAction(request, context);
  return { status: answer.init?.status ?? 200, body: answer.data };
}

const tracked = (uid: string) => loadTrackedState(database.db, uid);

describe('the tracking action', () => {
  it('follows and watches with the fields of the API schemas, and the new state is what the root loader reads', async () => {
    expect(await post({ intent: 'follow', attractionId: artistId })).toEqual({
      status: 200,
      body: { ok: true, intent: 'follow' },
    });
    const watched = await post({ intent: 'watch', eventId, ticketCategory: 'cheapest', targetPrice: '$70.50' });
    expect(watched.status).toBe(200);
    expect(watched.body).toMatchObject({ ok: true, watch: { targetPrice: 70.5, ticketCategory: 'cheapest' } });
    expect(await tracked('ann')).toEqual({ eventIds: [eventId], attractionIds: [artistId], unread: 0 });

    // An empty price turns the alert off, as targetPrice: null does on the API.
    const off = await post({ intent: 'watch', eventId, targetPrice: '' });
    expect(off.body).toMatchObject({ ok: true, watch: { targetPrice: null } });
  });

  it('answers 400 naming the field for what WatchInputSchema refuses, and changes nothing', async () => {
    for (const [targetPrice, reason] of [
      ['-1', 'must be 0 or more'],
      ['12.345', 'must have at most 2 decimals'],
      ['cheap', 'must be a number'],
    ]) {
      const answer = await post({ intent: 'watch', eventId, targetPrice: targetPrice! });
      expect(answer.status, targetPrice).toBe(400);
      expect(answer.body).toMatchObject({ ok: false, fieldErrors: { targetPrice: reason } });
    }
    const seats = await post({ intent: 'watch', eventId, ticketCategory: 'balcony' });
    expect(seats.status).toBe(400);
    expect(seats.body).toMatchObject({ fieldErrors: { ticketCategory: expect.stringMatching(/^must be one of/) } });
    expect(await post({ intent: 'explode' })).toMatchObject({
      status: 400,
      body: { fieldErrors: { intent: expect.stringMatching(/^must be one of/) } },
    });
    expect(await post({ intent: 'follow', attractionId: 'no/such' })).toMatchObject({
      status: 400,
      body: { fieldErrors: { attractionId: expect.any(String) } },
    });
    expect(
      await post({ intent: 'preferences', latitude: '91', longitude: '0', radius: '25', unit: 'miles' }),
    ).toMatchObject({ status: 400, body: { fieldErrors: { latitude: 'must be within ±90' } } });
  });

  it("refuses another fan's ids with 404 and leaves them as they were", async () => {
    expect(await post({ intent: 'unwatch', eventId }, { uid: 'bob' })).toMatchObject({
      status: 404,
      body: { ok: false, error: 'Watch not found' },
    });
    expect(await post({ intent: 'unfollow', attractionId: artistId }, { uid: 'bob' })).toMatchObject({ status: 404 });
    expect(
      await post({ intent: 'alert-read', alertId: '00000000-0000-4000-8000-000000000000' }, { uid: 'bob' }),
    ).toMatchObject({ status: 404 });
    expect(await post({ intent: 'feed-revoke' }, { uid: 'bob' })).toMatchObject({ status: 404 });
    expect((await tracked('ann')).eventIds).toEqual([eventId]);
    expect((await tracked('ann')).attractionIds).toEqual([artistId]);
  });

  it('answers 401 to an anonymous visitor and 409 before the account is registered', async () => {
    expect(await post({ intent: 'follow', attractionId: artistId }, { uid: null })).toMatchObject({
      status: 401,
      body: { ok: false, code: 'unauthenticated' },
    });
    expect(await post({ intent: 'follow', attractionId: artistId }, { uid: 'stranger' })).toMatchObject({
      status: 409,
      body: { code: 'account_not_registered' },
    });
    const anonymous = await trackedLoader(Object.assign(new RouterContextProvider(), { services, sessionUser: null }));
    expect(anonymous.init?.status).toBe(401);
  });

  it('refuses a POST from another site (403) and a body that is not a form (415)', async () => {
    for (const origin of ['https://evil.example', 'null', null]) {
      expect(await post({ intent: 'unwatch', eventId }, { origin }), String(origin)).toMatchObject({
        status: 403,
        body: { code: 'cross_origin' },
      });
    }
    expect(await post({ intent: 'unwatch', eventId }, { contentType: 'application/json' })).toMatchObject({
      status: 415,
    });
    expect((await tracked('ann')).eventIds).toEqual([eventId]);
  });

  it('stops watching and following for the fan who asks', async () => {
    expect(await post({ intent: 'unwatch', eventId })).toMatchObject({ status: 200, body: { ok: true } });
    expect(await post({ intent: 'unfollow', attractionId: artistId })).toMatchObject({ status: 200 });
    expect(await tracked('ann')).toEqual({ eventIds: [], attractionIds: [], unread: 0 });
  });

  it('refuses writes over the API’s limit with 429 and Retry-After, counted per fan', async () => {
    await insertAccount(database.db, 'busy');
    const write = (uid: string) => post({ intent: 'follow', attractionId: artistId }, { uid });
    for (let i = 0; i < TRACKING_RATE_LIMIT.max; i++) expect((await write('busy')).status).toBe(200);
    const refused = await write('busy');
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ ok: false, code: 'rate_limited' });
    // Another fan writes on.
    expect((await write('bob')).status).toBe(200);
  }, 60_000);
});
