import { createVerify } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertEvent } from '../catalogue/testing/fixtures.ts';
import type { Database, Db } from '../db/client.ts';
import { alerts } from '../db/schema-tracking.ts';
import { createTestDatabase } from '../testing/test-db.ts';
import { evaluateAlerts } from './alerts.ts';
import { checkEndpoint, deliverPendingPushes, getVapidKeys, pushPayloads, saveSubscription } from './push.ts';
import { rows } from './sql.ts';
import { insertAccount, setPrice } from './testing/fixtures.ts';
import { newSubscriber, type PushService, startPushService } from './testing/push-service.ts';
import { putWatch } from './watches.ts';

let database: Database;
let db: Db;
let service: PushService;
const subject = 'mailto:alerts@encore.invalid';

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
  service = await startPushService();
});
afterAll(async () => {
  await service?.close();
  await database?.close();
});

async function newAlert(uid: string, title: string) {
  const [row] = await db
    .insert(alerts)
    .values({ uid, kind: 'price_target', title, body: `${title} body`, url: '/events/x/E1', dedupeKey: title })
    .returning({ id: alerts.id });
  return row!.id;
}

/** A fan's browser subscribed to Web Push at the test's push service (under `name`). */
async function subscribed(uid: string, name: string) {
  const browser = newSubscriber();
  await saveSubscription(
    db,
    uid,
    { endpoint: service.endpoint(name), keys: { p256dh: browser.p256dh, auth: browser.auth } },
    'test',
    false,
  );
  return browser;
}

describe('VAPID keys', () => {
  it('are created once and kept in the database', async () => {
    const first = await getVapidKeys(db);
    const second = await getVapidKeys(db);
    expect(second).toEqual(first);
    expect(Buffer.from(first.publicKey, 'base64url')).toHaveLength(65);
    const [stored] = await rows<{ count: number }>(db, sql`select count(*)::int as count from app_secrets`);
    expect(stored!.count).toBe(1);
  });
});

describe('push endpoints', () => {
  it('must be https to a public name in production', () => {
    expect(() => checkEndpoint('https://fcm.googleapis.com/fcm/send/abc', true)).not.toThrow();
    for (const bad of [
      'http://push.example.com/x',
      'https://127.0.0.1/x',
      'https://localhost/x',
      'https://10.0.0.8/x',
      'https://[::1]/x',
      'https://metadata.internal/x',
      'https://user:pw@push.example.com/x',
      'not a url',
    ]) {
      expect(() => checkEndpoint(bad, true), bad).toThrow(/endpoint/);
    }
  });

  it('may be a loopback http service outside production', () => {
    expect(() => checkEndpoint('http://127.0.0.1:4000/push/a', false)).not.toThrow();
    expect(() => checkEndpoint('http://10.0.0.8/push/a', false)).toThrow(/https/);
  });
});

describe('a push', () => {
  const alert = (id: string, kind: string, title: string) => ({
    id,
    uid: 'f',
    kind,
    title,
    body: `${title}.`,
    url: `/events/x/${id}`,
  });

  it('is the alert itself for up to three at once', () => {
    const list = [alert('a1', 'event_cancelled', 'Off'), alert('a2', 'price_target', 'Cheaper')];
    expect(pushPayloads(list)).toEqual([
      { alertId: 'a1', kind: 'event_cancelled', title: 'Off', body: 'Off.', url: '/events/x/a1' },
      { alertId: 'a2', kind: 'price_target', title: 'Cheaper', body: 'Cheaper.', url: '/events/x/a2' },
    ]);
  });

  it('sums up four or more: counts them, names the newest three and opens the inbox', () => {
    const list = ['A', 'B', 'C', 'D', 'E'].map((title, i) =>
      alert(`a${i}`, i === 1 ? 'event_postponed' : 'price_target', title),
    );
    expect(pushPayloads(list)).toEqual([
      { alertId: 'a4', kind: 'alerts', title: '5 new alerts', body: 'E · D · C, and 2 more', url: '/my-encore#alerts' },
    ]);
  });
});

describe('delivery', () => {
  it('sends each alert once, encrypted with aes128gcm and signed with the VAPID key', async () => {
    await insertAccount(db, 'push-fan');
    const browser = await subscribed('push-fan', 'fan');
    const alertId = await newAlert('push-fan', 'Cheaper now');
    const totals = await deliverPendingPushes(db, { subject });
    expect(totals).toMatchObject({ alerts: 1, delivered: 1, failed: 0 });
    const [push] = await service.waitFor(1);
    expect(push!.headers['content-encoding']).toBe('aes128gcm');
    expect(push!.headers.ttl).toBe(String(24 * 60 * 60));
    expect(push!.headers.urgency).toBe('high');
    expect(JSON.parse(browser.decrypt(push!.body))).toEqual({
      alertId,
      kind: 'price_target',
      title: 'Cheaper now',
      body: 'Cheaper now body',
      url: '/events/x/E1',
    });

    // RFC 8292: "vapid t=<JWT>, k=<public key>", the JWT signed by that key for this origin.
    const keys = await getVapidKeys(db);
    const auth = /^vapid t=([^,]+), k=(.+)$/.exec(String(push!.headers.authorization));
    expect(auth?.[2]).toBe(keys.publicKey);
    const [header, claims, signature] = auth![1]!.split('.') as [string, string, string];
    expect(JSON.parse(Buffer.from(claims, 'base64url').toString())).toMatchObject({
      aud: new URL(service.endpoint('fan')).origin,
      sub: subject,
    });
    const publicKey = {
      key: { kty: 'EC', crv: 'P-256', x: '', y: '' },
      format: 'jwk' as const,
    };
    const raw = Buffer.from(keys.publicKey, 'base64url');
    publicKey.key.x = raw.subarray(1, 33).toString('base64url');
    publicKey.key.y = raw.subarray(33).toString('base64url');
    const verified = createVerify('SHA256')
      .update(`${header}.${claims}`)
      .verify({ ...publicKey, dsaEncoding: 'ieee-p1363' }, Buffer.from(signature, 'base64url'));
    expect(verified).toBe(true);

    expect(await deliverPendingPushes(db, { subject })).toMatchObject({ alerts: 0 });
    expect(service.received).toHaveLength(1);
  });

  it('signs one VAPID token per push service for many messages, valid for less than a day', async () => {
    const before = service.received.length;
    for (const fan of ['token-fan-1', 'token-fan-2']) {
      await insertAccount(db, fan);
      await subscribed(fan, fan);
      await newAlert(fan, 'Cheaper now');
    }
    expect(await deliverPendingPushes(db, { subject })).toMatchObject({ alerts: 2, delivered: 2 });
    const pushes = (await service.waitFor(before + 2)).slice(before);
    const [first, second] = pushes.map((push) => String(push.headers.authorization));
    expect(second).toBe(first);
    const claims = JSON.parse(Buffer.from(first!.split(' ')[1]!.slice(2).split('.')[1]!, 'base64url').toString());
    const now = Date.now() / 1000;
    // RFC 8292 §2: exp no further than 24 hours ahead; the token is renewed well before it.
    expect(claims.exp).toBeGreaterThan(now + 60 * 60);
    expect(claims.exp).toBeLessThanOrEqual(now + 24 * 60 * 60);
  });

  it('drops subscriptions the push service says are gone', async () => {
    await insertAccount(db, 'gone-fan');
    service.answer('gone', 410);
    await subscribed('gone-fan', 'gone');
    await newAlert('gone-fan', 'Gone');
    expect(await deliverPendingPushes(db, { subject })).toMatchObject({ gone: 1 });
    const [left] = await rows<{ count: number }>(
      db,
      sql`select count(*)::int as count from push_subscriptions where uid = 'gone-fan'`,
    );
    expect(left!.count).toBe(0);
  });

  it("sums up a fan's many alerts raised together in one push; the inbox keeps each", async () => {
    const before = service.received.length;
    await insertAccount(db, 'many-fan');
    const browser = await subscribed('many-fan', 'many');
    await insertAccount(db, 'inbox-fan');
    const history = { historyLimit: 24, maxGapMs: 60 * 60_000 };
    const names = ['First Drop', 'Second Drop', 'Third Drop', 'Fourth Drop'];
    for (const name of names) {
      const event = await insertEvent(db, { name });
      for (const fan of ['many-fan', 'inbox-fan']) await putWatch(db, fan, event.id, { targetPrice: 30 }, history);
      await setPrice(db, event.id, 25, 100);
    }
    expect((await evaluateAlerts(db)).price).toBe(8);
    // A fan with nowhere to push: their alerts are done as they are written.
    const unpushed = (uid: string) =>
      rows<{ n: number }>(db, sql`select count(*)::int as n from alerts where uid = ${uid} and pushed_at is null`);
    expect((await unpushed('inbox-fan'))[0]!.n).toBe(0);
    expect((await unpushed('many-fan'))[0]!.n).toBe(4);

    expect(await deliverPendingPushes(db, { subject })).toMatchObject({ alerts: 4, delivered: 1, failed: 0 });
    const pushes = (await service.waitFor(before + 1)).slice(before);
    expect(pushes).toHaveLength(1);
    const summary = JSON.parse(browser.decrypt(pushes[0]!.body));
    expect(summary).toMatchObject({
      kind: 'price_target',
      title: '4 new alerts',
      // Raised at the same moment: any three of the four are the newest.
      body: expect.stringMatching(/^(\w+ Drop: USD 25\.00 · ){2}\w+ Drop: USD 25\.00, and 1 more$/),
      url: '/my-encore#alerts',
    });
    // Price alerts summed up are as urgent as one.
    expect(pushes[0]!.headers.urgency).toBe('high');
    const ids = await rows<{ id: string }>(db, sql`select id from alerts where uid = 'many-fan'`);
    expect(ids.map((row) => row.id)).toContain(summary.alertId);
    expect((await unpushed('many-fan'))[0]!.n).toBe(0);
  });

  it('marks alerts of fans without subscriptions as done', async () => {
    await insertAccount(db, 'no-push-fan');
    await newAlert('no-push-fan', 'Inbox only');
    expect(await deliverPendingPushes(db, { subject })).toMatchObject({ alerts: 1, delivered: 0 });
    expect(await deliverPendingPushes(db, { subject })).toMatchObject({ alerts: 0 });
  });
});
