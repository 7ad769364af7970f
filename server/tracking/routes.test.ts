import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productionTestAuth } from '../accounts/test-keys.ts';
import { buildApi } from '../app.ts';
import { insertAttraction, insertEvent, insertVenue } from '../catalogue/testing/fixtures.ts';
import type { Database } from '../db/client.ts';
import { testServices } from '../testing/services.ts';
import { createTestDatabase } from '../testing/test-db.ts';
import { evaluateAlerts } from './alerts.ts';
import { insertAccount, setPrice } from './testing/fixtures.ts';
import { parseIcs } from './testing/ics-reader.ts';
import { newSubscriber } from './testing/push-service.ts';

const PROJECT = 'encore-tracking-test';
let database: Database;
let app: FastifyInstance;
let tokens: Awaited<ReturnType<typeof productionTestAuth>>;
let artistId: string;
let eventId: string;
let secondEventId: string;
let tbaEventId: string;

beforeAll(async () => {
  database = await createTestDatabase();
  tokens = await productionTestAuth(PROJECT);
  app = await buildApi(
    testServices(
      database,
      { FIREBASE_PROJECT_ID: PROJECT, PUBLIC_ORIGIN: 'https://encore.example' },
      { auth: tokens.auth },
    ),
  );
  const db = database.db;
  const venue = await insertVenue(db, { name: 'Madison Square Garden' });
  const artist = await insertAttraction(db, { name: 'The Trackers' });
  artistId = artist.id;
  eventId = (
    await insertEvent(db, {
      name: 'The Trackers, Live; Night One',
      venue,
      attractionIds: [artist.id],
      localDate: '2031-07-04',
      localTime: '20:00:00',
      startsAt: new Date('2031-07-05T00:00:00Z'),
    })
  ).id;
  secondEventId = (await insertEvent(db, { name: 'Night Two', venue, attractionIds: [artist.id] })).id;
  tbaEventId = (await insertEvent(db, { name: 'Someday', venue, localDate: null, localTime: null, startsAt: null })).id;
  await insertAccount(db, 'ann', { maxBudget: 150 });
  await insertAccount(db, 'bob');
});
afterAll(async () => {
  await app?.close();
  await database?.close();
  await tokens?.close();
});

type Method = 'GET' | 'PUT' | 'POST' | 'PATCH' | 'DELETE';
const call = (uid: string | null, method: Method, url: string, payload?: unknown) =>
  app.inject({
    method,
    url,
    headers: uid ? { authorization: `Bearer ${tokens.mint(uid)}` } : {},
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

describe('authentication', () => {
  it('answers 401 without a token and 409 before the account is registered', async () => {
    const anonymous = await call(null, 'GET', '/api/me/watches');
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().error.code).toBe('unauthenticated');
    const unregistered = await call('stranger', 'PUT', `/api/me/follows/${artistId}`);
    expect(unregistered.statusCode).toBe(409);
    expect(unregistered.json().error.code).toBe('account_not_registered');
    expect((await call('stranger', 'GET', '/api/me/follows')).json()).toEqual({ follows: [] });
  });
});

describe('follows', () => {
  it('are idempotent PUTs on the artist id', async () => {
    const first = await call('ann', 'PUT', `/api/me/follows/${artistId}`);
    expect(first.statusCode).toBe(201);
    expect(first.json().follow).toMatchObject({
      attraction: { id: artistId, name: 'The Trackers', url: `/the-trackers-tickets/artist/${artistId}` },
    });
    expect(first.json().follow.nextEvents.map((e: { id: string }) => e.id)).toContain(eventId);
    const again = await call('ann', 'PUT', `/api/me/follows/${artistId}`);
    expect(again.statusCode).toBe(200);
    const list = (await call('ann', 'GET', '/api/me/follows')).json();
    expect(list.follows).toHaveLength(1);
  });

  it('refuse unknown and malformed ids', async () => {
    expect((await call('ann', 'PUT', '/api/me/follows/nope')).statusCode).toBe(404);
    const bad = await call('ann', 'PUT', '/api/me/follows/a%20b');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.field).toBe('attractionId');
  });
});

describe('watches', () => {
  it("are created once with a target under today's price (a budget of 150 would never fire), then updated", async () => {
    const first = await call('ann', 'PUT', `/api/me/watches/${eventId}`, {});
    expect(first.statusCode).toBe(201);
    expect(first.json().watch).toMatchObject({
      ticketCategory: 'cheapest',
      targetPrice: 36,
      currentPrice: 40,
      event: { id: eventId, name: 'The Trackers, Live; Night One', statusCode: 'onsale' },
    });
    const again = await call('ann', 'PUT', `/api/me/watches/${eventId}`, {
      ticketCategory: 'good_view',
      targetPrice: 90.5,
    });
    expect(again.statusCode).toBe(200);
    expect(again.json().watch).toMatchObject({ ticketCategory: 'good_view', targetPrice: 90.5, currentPrice: 96 });
    expect((await call('ann', 'GET', '/api/me/watches')).json().watches).toHaveLength(1);
  });

  it('validate the body and name the field', async () => {
    const cases: Array<[unknown, string]> = [
      [{ targetPrice: -5 }, 'targetPrice'],
      [{ targetPrice: 10.123 }, 'targetPrice'],
      [{ targetPrice: '12' }, 'targetPrice'],
      [{ ticketCategory: 'vip' }, 'ticketCategory'],
      [{ colour: 'red' }, 'colour'],
    ];
    for (const [payload, field] of cases) {
      const response = await call('ann', 'PUT', `/api/me/watches/${eventId}`, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().error.field).toBe(field);
    }
    expect((await call('ann', 'PUT', '/api/me/watches/no-such-event', {})).statusCode).toBe(404);
  });

  it('have a price history of observed periods', async () => {
    await setPrice(database.db, eventId, 30, 150);
    await call('ann', 'PUT', `/api/me/watches/${secondEventId}`, { targetPrice: 10 });
    await setPrice(database.db, eventId, 30, 150);
    const { recordPriceObservations } = await import('./observations.ts');
    await recordPriceObservations(database.db, [eventId]);
    const history = (await call('ann', 'GET', `/api/me/watches/${eventId}/history?ticketCategory=cheapest`)).json();
    expect(history).toMatchObject({ eventId, ticketCategory: 'cheapest', currency: 'USD' });
    expect(history.runs).toHaveLength(1);
    expect(history.runs[0].points.map((p: { price: number }) => p.price)).toEqual([40, 30]);
    const bad = await call('ann', 'GET', `/api/me/watches/${eventId}/history?ticketCategory=vip`);
    expect(bad.json().error.field).toBe('ticketCategory');
  });

  it('tell list pages which events and artists are tracked', async () => {
    const response = await call(
      'ann',
      'GET',
      `/api/me/tracked?eventId=${eventId}&eventId=${tbaEventId}&attractionId=${artistId}`,
    );
    expect(response.json()).toEqual({ eventIds: [eventId], attractionIds: [artistId] });
  });
});

describe('alerts', () => {
  it('list newest first with an unread count, and mark read', async () => {
    await setPrice(database.db, eventId, 10, 100); // good_view = 41.50, below 90.50
    await evaluateAlerts(database.db);
    const page = (await call('ann', 'GET', '/api/me/alerts')).json();
    expect(page.unread).toBe(1);
    expect(page.alerts[0]).toMatchObject({ kind: 'price_target', eventId, read: false });
    expect((await call('ann', 'GET', '/api/me/alerts/unread-count')).json()).toEqual({ unread: 1 });
    const patched = await call('ann', 'PATCH', `/api/me/alerts/${page.alerts[0].id}`, { read: true });
    expect(patched.json().alert.read).toBe(true);
    expect((await call('ann', 'GET', '/api/me/alerts?unread=true')).json().alerts).toEqual([]);
    expect(
      (await call('ann', 'PATCH', `/api/me/alerts/${page.alerts[0].id}`, { read: 'yes' })).json().error.field,
    ).toBe('read');
    expect((await call('ann', 'GET', '/api/me/alerts?limit=0')).json().error.field).toBe('limit');
    expect((await call('ann', 'PATCH', '/api/me/alerts/not-a-uuid', { read: true })).json().error.field).toBe(
      'alertId',
    );
  });
});

describe("another fan's ids", () => {
  it('read nothing and change nothing', async () => {
    const annAlert = (await call('ann', 'GET', '/api/me/alerts')).json().alerts[0];
    await call('ann', 'PATCH', `/api/me/alerts/${annAlert.id}`, { read: false });
    const attempts: Array<[Method, string, unknown?]> = [
      ['GET', `/api/me/watches/${eventId}`],
      ['GET', `/api/me/watches/${eventId}/history`],
      ['DELETE', `/api/me/watches/${eventId}`],
      ['GET', `/api/me/follows/${artistId}`],
      ['DELETE', `/api/me/follows/${artistId}`],
      ['PATCH', `/api/me/alerts/${annAlert.id}`, { read: true }],
      ['DELETE', `/api/me/alerts/${annAlert.id}`],
      ['DELETE', '/api/me/calendar-feed'],
    ];
    for (const [method, url, payload] of attempts) {
      const response = await call('bob', method, url, payload);
      expect(response.statusCode, `${method} ${url}`).toBe(404);
    }
    expect((await call('bob', 'GET', '/api/me/watches')).json()).toEqual({ watches: [] });
    expect((await call('bob', 'GET', '/api/me/follows')).json()).toEqual({ follows: [] });
    expect((await call('bob', 'GET', '/api/me/alerts')).json()).toMatchObject({ alerts: [], unread: 0 });
    expect((await call('bob', 'POST', '/api/me/alerts/read-all')).json()).toEqual({ updated: 0, unread: 0 });
    // Ann's things are as she left them.
    expect((await call('ann', 'GET', `/api/me/watches/${eventId}`)).statusCode).toBe(200);
    expect((await call('ann', 'GET', `/api/me/follows/${artistId}`)).statusCode).toBe(200);
    expect((await call('ann', 'GET', '/api/me/alerts/unread-count')).json()).toEqual({ unread: 1 });
  });
});

describe('calendar', () => {
  it('has a private feed of watched events that can be revoked', async () => {
    expect((await call('ann', 'GET', '/api/me/calendar-feed')).json()).toEqual({ feed: null });
    const created = await call('ann', 'PUT', '/api/me/calendar-feed');
    expect(created.statusCode).toBe(201);
    const { url } = created.json().feed;
    // The configured origin, whatever Host the request came with (issue 12).
    expect(url).toMatch(/^https:\/\/encore\.example\/api\/calendar\/feeds\/[A-Za-z0-9_-]{32}\.ics$/);
    const again = await call('ann', 'PUT', '/api/me/calendar-feed');
    expect(again.statusCode).toBe(200);
    expect(again.json().feed.url).toBe(url);

    const path = new URL(url).pathname;
    const feed = await app.inject(path);
    expect(feed.statusCode).toBe(200);
    expect(feed.headers['content-type']).toBe('text/calendar; charset=utf-8');
    const { events } = parseIcs(feed.body);
    expect(events.map((e) => e.SUMMARY).sort()).toEqual(['Night Two', 'The Trackers, Live; Night One']);
    const first = events.find((e) => e.UID === `${eventId}@encore`)!;
    expect(first.DTSTART).toBe('20310705T000000Z');
    expect(first.LOCATION).toContain('Madison Square Garden');
    expect(first.DESCRIPTION).toContain('Watching Good view seats, target USD 90.50.');
    expect((await call('bob', 'GET', '/api/me/calendar-feed')).json()).toEqual({ feed: null });

    expect((await call('ann', 'DELETE', '/api/me/calendar-feed')).statusCode).toBe(204);
    expect((await app.inject(path)).statusCode).toBe(404);
    expect((await app.inject('/api/calendar/feeds/guess.ics')).statusCode).toBe(404);
  });

  it('offers any event as a download, but not one without a date', async () => {
    const download = await app.inject(`/api/calendar/events/${eventId}.ics`);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-disposition']).toBe('attachment; filename="the-trackers-live-night-one.ics"');
    const [event] = parseIcs(download.body).events;
    expect(event).toMatchObject({ UID: `${eventId}@encore`, SUMMARY: 'The Trackers, Live; Night One' });
    expect(event!.DESCRIPTION).not.toContain('target');
    expect((await app.inject(`/api/calendar/events/${tbaEventId}.ics`)).statusCode).toBe(409);
    expect((await app.inject('/api/calendar/events/nope.ics')).statusCode).toBe(404);
    expect((await app.inject('/api/calendar/events/a%20b.ics')).statusCode).toBe(400);
  });
});

describe('push', () => {
  it('publishes the VAPID key and stores subscriptions idempotently', async () => {
    const key = (await app.inject('/api/push/public-key')).json();
    expect(Buffer.from(key.publicKey, 'base64url')).toHaveLength(65);
    const browser = newSubscriber();
    const subscription = {
      endpoint: 'http://127.0.0.1:9/push/ann',
      expirationTime: null,
      keys: { p256dh: browser.p256dh, auth: browser.auth },
    };
    expect((await call('ann', 'PUT', '/api/me/push-subscriptions', subscription)).statusCode).toBe(201);
    expect((await call('ann', 'PUT', '/api/me/push-subscriptions', subscription)).statusCode).toBe(200);
    expect((await call('ann', 'GET', '/api/me/push')).json()).toEqual({ webPushSubscriptions: 1, nativeToken: false });
    const bad = await call('ann', 'PUT', '/api/me/push-subscriptions', {
      ...subscription,
      keys: { p256dh: 'AAAA', auth: browser.auth },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.field).toBe('keys.p256dh');
    const remote = await call('ann', 'PUT', '/api/me/push-subscriptions', {
      ...subscription,
      endpoint: 'http://10.1.2.3/push',
    });
    expect(remote.json().error.field).toBe('endpoint');
    expect(
      (await call('bob', 'DELETE', '/api/me/push-subscriptions', { endpoint: subscription.endpoint })).statusCode,
    ).toBe(404);
    expect(
      (await call('ann', 'DELETE', '/api/me/push-subscriptions', { endpoint: subscription.endpoint })).statusCode,
    ).toBe(204);
  });
});

describe('tracking preferences', () => {
  it('keep where "near me" is, latitude and longitude together', async () => {
    const bad = await call('ann', 'PUT', '/api/me/tracking-preferences', {
      latitude: 40.7,
      longitude: null,
      radius: 50,
      unit: 'miles',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.field).toBe('longitude');
    const saved = await call('ann', 'PUT', '/api/me/tracking-preferences', {
      latitude: 40.7,
      longitude: -74,
      city: 'New York',
      radius: 25,
      unit: 'km',
    });
    expect(saved.json().preferences).toEqual({
      latitude: 40.7,
      longitude: -74,
      city: 'New York',
      radius: 25,
      unit: 'km',
    });
    expect((await call('bob', 'GET', '/api/me/tracking-preferences')).json().preferences.latitude).toBeNull();
  });
});
