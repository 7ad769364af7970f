import { sql } from 'drizzle-orm';
import type { Credential } from 'firebase-admin/app';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database, Db } from '../db/client.ts';
import { alerts } from '../db/schema-tracking.ts';
import { createTestDatabase } from '../testing/test-db.ts';
import { fcmApp, fcmSender } from './fcm.ts';
import { deliverPendingPushes, type NativePushTarget, type PushSender, saveSubscription } from './push.ts';
import { rows } from './sql.ts';
import { type FcmService, startFcmService } from './testing/fcm-service.ts';
import { insertAccount } from './testing/fixtures.ts';
import { newSubscriber, type PushService, startPushService } from './testing/push-service.ts';

let database: Database;
let db: Db;
let fcm: FcmService;
let webPush: PushService;
let native: PushSender<NativePushTarget>;
const subject = 'mailto:alerts@encore.invalid';

// A service account's OAuth token, without Google's token endpoint.
const credential: Credential = {
  getAccessToken: async () => ({ access_token: 'loopback-access-token', expires_in: 3600 }),
};

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
  fcm = await startFcmService();
  webPush = await startPushService();
  native = fcmSender(fcmApp({ credential, projectId: 'demo-encore', httpAgent: fcm.agent }));
});
afterAll(async () => {
  await fcm?.close();
  await webPush?.close();
  await database?.close();
});

async function fanWithToken(uid: string, token: string) {
  await insertAccount(db, uid);
  await db.execute(sql`update accounts set push_notification_token = ${token} where uid = ${uid}`);
}

async function newAlert(uid: string, title: string) {
  await db
    .insert(alerts)
    .values({ uid, kind: 'price_target', title, body: `${title} body`, url: '/events/x/E1', dedupeKey: title });
}

async function storedToken(uid: string) {
  const [row] = await rows<{ token: string }>(
    db,
    sql`select push_notification_token as token from accounts where uid = ${uid}`,
  );
  return row?.token;
}

describe('native push through Firebase Cloud Messaging', () => {
  it('sends an alert to the stored device token with the service account token, once', async () => {
    await fanWithToken('device-fan', 'device-token-1');
    await newAlert('device-fan', 'Cheaper now');
    expect(await deliverPendingPushes(db, { subject, native })).toMatchObject({ alerts: 1, delivered: 1 });
    const sent = fcm.requests.filter((r) => r.message.token === 'device-token-1');
    expect(sent).toHaveLength(1);
    expect(sent[0]!.path).toBe('/v1/projects/demo-encore/messages:send');
    expect(sent[0]!.authorization).toBe('Bearer loopback-access-token');
    expect(sent[0]!.message.notification).toEqual({ title: 'Cheaper now', body: 'Cheaper now body' });
    expect(sent[0]!.message.data).toMatchObject({ kind: 'price_target', url: '/events/x/E1' });
    expect(await deliverPendingPushes(db, { subject, native })).toMatchObject({ alerts: 0 });
    expect(await storedToken('device-fan')).toBe('device-token-1');
  });

  it('removes a token FCM reports as UNREGISTERED or not a token', async () => {
    await fanWithToken('old-phone', 'stale-token');
    await fanWithToken('typo-phone', 'not-a-token');
    fcm.answer('stale-token', 'UNREGISTERED');
    fcm.answer('not-a-token', 'INVALID_ARGUMENT');
    await newAlert('old-phone', 'Gone phone');
    await newAlert('typo-phone', 'Bad token');
    expect(await deliverPendingPushes(db, { subject, native })).toMatchObject({ alerts: 2, gone: 2, delivered: 0 });
    expect(await storedToken('old-phone')).toBe('');
    expect(await storedToken('typo-phone')).toBe('');
  });

  it('keeps a token when FCM is only busy', async () => {
    await fanWithToken('busy-phone', 'busy-token');
    fcm.answer('busy-token', 'QUOTA_EXCEEDED');
    await newAlert('busy-phone', 'Later');
    expect(await deliverPendingPushes(db, { subject, native })).toMatchObject({ failed: 1, gone: 0 });
    expect(await storedToken('busy-phone')).toBe('busy-token');
  });

  it('goes to the browser and the device of one fan through the same delivery', async () => {
    await fanWithToken('both-fan', 'both-device');
    const browser = newSubscriber();
    await saveSubscription(
      db,
      'both-fan',
      { endpoint: webPush.endpoint('both'), keys: { p256dh: browser.p256dh, auth: browser.auth } },
      'test',
      false,
    );
    await newAlert('both-fan', 'Everywhere');
    expect(await deliverPendingPushes(db, { subject, native })).toMatchObject({ alerts: 1, delivered: 2 });
    expect(fcm.requests.some((r) => r.message.token === 'both-device')).toBe(true);
  });

  it('leaves device tokens alone when no FCM credentials are configured', async () => {
    await fanWithToken('unconfigured-fan', 'quiet-token');
    await newAlert('unconfigured-fan', 'Inbox only');
    const before = fcm.requests.length;
    expect(await deliverPendingPushes(db, { subject })).toMatchObject({ alerts: 1, delivered: 0 });
    expect(fcm.requests.length).toBe(before);
    expect(await storedToken('unconfigured-fan')).toBe('quiet-token');
  });
});
