import { isIP } from 'node:net';
import { and, eq, inArray, isNull, ne, type SQL, sql } from 'drizzle-orm';
import webpush from 'web-push';
import type { PushSubscriptionInput } from '#contracts/tracking';
import type { Db } from '../db/client.ts';
import { accounts } from '../db/schema.ts';
import { alerts, appSecrets, pushSubscriptions } from '../db/schema-tracking.ts';
import { ApiError } from '../errors.ts';

/**
 * Web Push (RFC 8030 delivery, RFC 8291 aes128gcm payload encryption, RFC 8292 VAPID). The
 * key pair is created at first start and kept in the database, so every node signs with the
 * same key and subscriptions survive restarts. web-push encrypts and signs; the request goes
 * out through fetch, which also reaches the loopback push service the tests run.
 */

export type VapidKeys = { publicKey: string; privateKey: string };

const VAPID_SECRET = 'vapid';

/** The VAPID key pair, created once (the first node to insert wins; the others read it). */
export async function getVapidKeys(db: Db): Promise<VapidKeys> {
  const read = async () => {
    const [row] = await db
      .select({ value: appSecrets.value })
      .from(appSecrets)
      .where(eq(appSecrets.name, VAPID_SECRET))
      .limit(1);
    return row?.value as VapidKeys | undefined;
  };
  const existing = await read();
  if (existing) return existing;
  const generated = webpush.generateVAPIDKeys();
  await db
    .insert(appSecrets)
    .values({ name: VAPID_SECRET, value: { publicKey: generated.publicKey, privateKey: generated.privateKey } })
    .onConflictDoNothing();
  const stored = await read();
  if (!stored) throw new Error('VAPID keys could not be stored');
  return stored;
}

/**
 * Where we agree to send pushes. Browsers hand out https endpoints of their push service; a
 * server that POSTs to any URL a client names could be aimed at internal hosts, so in
 * production only https to a public name is accepted. Elsewhere a loopback http endpoint is
 * allowed too (the tests' push service).
 */
export function checkEndpoint(endpoint: string, production: boolean): void {
  const refuse = (message: string) => new ApiError(400, 'invalid_endpoint', `endpoint: ${message}`, 'endpoint');
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    throw refuse('must be a URL');
  }
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const loopback = host === 'localhost' || host === '127.0.0.1' || host === '::1';
  if (!production && loopback && (url.protocol === 'http:' || url.protocol === 'https:')) return;
  if (url.protocol !== 'https:') throw refuse('must be an https URL of a push service');
  if (url.username || url.password) throw refuse('must not carry credentials');
  if (isIP(host) !== 0 || loopback || !host.includes('.') || /\.(local|internal|localhost)$/i.test(host)) {
    throw refuse('must name a public push service');
  }
}

/** Save (or take over) a browser's subscription; the endpoint is the key, so retries are harmless. */
export async function saveSubscription(
  db: Db,
  uid: string,
  input: PushSubscriptionInput,
  userAgent: string | undefined,
  production: boolean,
): Promise<{ created: boolean }> {
  checkEndpoint(input.endpoint, production);
  const [row] = await db
    .insert(pushSubscriptions)
    .values({
      uid,
      endpoint: input.endpoint,
      p256dh: input.keys.p256dh,
      auth: input.keys.auth,
      userAgent: userAgent?.slice(0, 300) ?? null,
    })
    .onConflictDoUpdate({
      target: pushSubscriptions.endpoint,
      // The browser now belongs to whoever subscribed last: the previous user stops getting pushes here.
      set: {
        uid,
        p256dh: input.keys.p256dh,
        auth: input.keys.auth,
        userAgent: userAgent?.slice(0, 300) ?? null,
        failures: 0,
      },
    })
    .returning({ created: sql<boolean>`(xmax = 0)` });
  return { created: row?.created ?? false };
}

export async function deleteSubscription(db: Db, uid: string, endpoint: string): Promise<boolean> {
  const deleted = await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.uid, uid), eq(pushSubscriptions.endpoint, endpoint)))
    .returning({ id: pushSubscriptions.id });
  return deleted.length > 0;
}

export async function countSubscriptions(db: Db, uid: string): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.uid, uid));
  return row?.count ?? 0;
}

/** What the service worker shows (public/sw.js reads these fields). */
export type PushPayload = { alertId: string; kind: string; title: string; body: string; url: string };

export type PushOptions = {
  subject: string;
  /** Give up on one push service request after this long. */
  timeoutMs?: number;
  fetch?: typeof fetch;
};

export type SendResult = 'delivered' | 'gone' | 'failed';

/** Encrypt (aes128gcm), sign (VAPID) and POST one message to one subscription. */
/** A VAPID token is valid this long (RFC 8292 §2: at most 24 hours)… */
const VAPID_VALID_S = 12 * 60 * 60;
/** …and reused while at least this much of it is left. */
const VAPID_MARGIN_MS = 60 * 60 * 1000;
const vapidTokens = new Map<string, { authorization: string; until: number }>();

/**
 * The VAPID Authorization header for messages to the push service at `endpoint` (RFC 8292): a
 * JWT for the service's origin, signed with our key. Signing is most of what a message costs
 * (≈ 0.5 of 0.8 ms; the payload's encryption is the rest), and one token serves every message
 * to that service until it expires: a price change alerting thousands of fans signs a few.
 */
function vapidAuthorization(endpoint: string, keys: VapidKeys, subject: string): string {
  const audience = new URL(endpoint).origin;
  const key = `${audience} ${subject} ${keys.publicKey}`;
  const now = Date.now();
  const kept = vapidTokens.get(key);
  if (kept && kept.until > now) return kept.authorization;
  const expires = Math.floor(now / 1000) + VAPID_VALID_S;
  const { Authorization } = webpush.getVapidHeaders(
    audience,
    subject,
    keys.publicKey,
    keys.privateKey,
    'aes128gcm',
    expires,
  );
  // One entry per push service (a handful), replaced as it expires.
  vapidTokens.set(key, { authorization: Authorization, until: expires * 1000 - VAPID_MARGIN_MS });
  return Authorization;
}

export async function sendPush(
  subscription: { endpoint: string; p256dh: string; auth: string },
  payload: PushPayload,
  keys: VapidKeys,
  options: PushOptions,
): Promise<{ result: SendResult; status?: number }> {
  const details = webpush.generateRequestDetails(
    { endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } },
    JSON.stringify(payload),
    {
      // Signed here once per push service for hours, not by the library for every message
      // (no vapidDetails, and none set globally).
      headers: { Authorization: vapidAuthorization(subscription.endpoint, keys, options.subject) },
      contentEncoding: 'aes128gcm',
      // An alert a day old is news no more.
      TTL: 24 * 60 * 60,
      urgency: payload.kind === 'price_target' ? 'high' : 'normal',
    },
  );
  const doFetch = options.fetch ?? fetch;
  try {
    const response = await doFetch(details.endpoint, {
      method: details.method,
      headers: details.headers as Record<string, string>,
      body: details.body ? new Uint8Array(details.body) : null,
      redirect: 'error',
      signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
    });
    await response.arrayBuffer().catch(() => undefined);
    // RFC 8030 §6.2: 404 and 410 mean the subscription is gone for good.
    if (response.status === 404 || response.status === 410) return { result: 'gone', status: response.status };
    return { result: response.ok ? 'delivered' : 'failed', status: response.status };
  } catch {
    return { result: 'failed' };
  }
}

/** After this many failures in a row a subscription is dropped (the browser may re-subscribe). */
const MAX_FAILURES = 10;
/** Alerts read per pass, and pushes in flight at once (each is a request to a push service). */
const BATCH = 1_000;
const CONCURRENCY = 16;

/** A browser's Web Push subscription, or a device's native token (SPEC §3 pushNotificationToken). */
export type WebPushTarget = { kind: 'web'; id: string; uid: string; endpoint: string; p256dh: string; auth: string };
export type NativePushTarget = { kind: 'native'; uid: string; token: string };
export type PushTarget = WebPushTarget | NativePushTarget;

/**
 * One way to hand a message to a push service, whatever the service: Web Push (browsers) and
 * Firebase Cloud Messaging (the native shell, server/tracking/fcm.ts). 'gone' means the
 * target will never accept another message and is removed.
 */
export type PushSender<T extends PushTarget> = {
  send(target: T, payload: PushPayload): Promise<{ result: SendResult; status?: number; reason?: string }>;
};

export function webPushSender(keys: VapidKeys, options: PushOptions): PushSender<WebPushTarget> {
  return { send: (target, payload) => sendPush(target, payload, keys, options) };
}

/**
 * Whether the fan `uid` (a column or a value) has somewhere to push to: a browser subscribed
 * to Web Push, or, when `devices`, a device token (native push). One definition for the alerts
 * written as pushed (alerts.ts) and for those delivery marks done.
 */
export function hasPushTarget(uid: SQL, devices: boolean): SQL {
  const device = devices
    ? sql` or exists (select 1 from accounts a where a.uid = ${uid} and a.push_notification_token <> '')`
    : sql``;
  return sql`(exists (select 1 from push_subscriptions s where s.uid = ${uid})${device})`;
}

type PendingAlert = { id: string; uid: string; kind: string; title: string; body: string; url: string };

/** From this many alerts of a fan at once, one push sums them up; fewer arrive one by one. */
const SUMMED_FROM = 4;
/** Titles a summary names before "and n more". */
const NAMED_IN_SUMMARY = 3;

const alone = (alert: PendingAlert): PushPayload => ({
  alertId: alert.id,
  kind: alert.kind,
  title: alert.title,
  body: alert.body,
  url: alert.url,
});

/**
 * What a fan's devices are told about their alerts not pushed yet, oldest first. A few arrive
 * one by one, each opening its event. Many at once (one price change can alert a fan about
 * every event they watch) are one notification that counts them, names the newest and opens
 * the inbox, instead of a stack of them. The inbox keeps each alert either way. A summary is
 * tagged with its newest alert, so a repeat replaces it (public/sw.js).
 */
export function pushPayloads(list: readonly PendingAlert[]): PushPayload[] {
  if (list.length < SUMMED_FROM) return list.map(alone);
  const newest = list[list.length - 1]!;
  const named = list
    .slice(-NAMED_IN_SUMMARY)
    .reverse()
    .map((alert) => alert.title);
  return [
    {
      alertId: newest.id,
      // A summary of price alerts is as urgent as one (sendPush's urgency).
      kind: list.every((alert) => alert.kind === newest.kind) ? newest.kind : 'alerts',
      title: `${list.length} new alerts`,
      body: `${named.join(' · ')}, and ${list.length - named.length} more`,
      url: '/my-encore#alerts',
    },
  ];
}

export type DeliveryOptions = PushOptions & {
  batch?: number;
  logger?: { warn(obj: object, msg: string): void };
  budgetMs?: number;
  /** Native tokens are skipped without it (no Firebase Cloud Messaging credentials configured). */
  native?: PushSender<NativePushTarget>;
};

/**
 * Push every alert not pushed yet (the last day's) to its owner's browsers and devices. Each
 * alert is attempted once and marked, so a push is never sent twice; the inbox keeps every alert.
 *
 * One price change can alert tens of thousands of fans (bench/alerts-scale.ts): alerts of fans
 * with nowhere to push are marked done in one statement; the others are read a batch at a
 * time, the batch marked in one statement before anything is sent, and sent 16 at a time,
 * a fan's many alerts summed up in one push (`pushPayloads`).
 * Passes go on until nothing is pending or `budgetMs` is spent (the next run continues).
 */
export async function deliverPendingPushes(
  db: Db,
  options: DeliveryOptions,
): Promise<{ alerts: number; delivered: number; failed: number; gone: number }> {
  const totals = { alerts: 0, delivered: 0, failed: 0, gone: 0 };
  const recent = sql`${alerts.createdAt} > now() - interval '1 day'`;
  // Nothing to send for fans without a browser subscription or (with FCM configured) a device
  // token: their alerts are done (the inbox has them).
  const inboxOnly = await db
    .update(alerts)
    .set({ pushedAt: sql`now()` })
    .where(and(isNull(alerts.pushedAt), recent, sql`not ${hasPushTarget(sql`${alerts.uid}`, !!options.native)}`))
    .returning({ id: alerts.id });
  totals.alerts += inboxOnly.length;

  const started = Date.now();
  const batch = options.batch ?? BATCH;
  let webSender: PushSender<WebPushTarget> | undefined;
  const gone = new Set<string>();
  const keyOf = (target: PushTarget) => (target.kind === 'web' ? `web:${target.id}` : `native:${target.token}`);
  for (;;) {
    const pending = await db
      .select({
        id: alerts.id,
        uid: alerts.uid,
        kind: alerts.kind,
        title: alerts.title,
        body: alerts.body,
        url: alerts.url,
      })
      .from(alerts)
      .where(and(isNull(alerts.pushedAt), recent))
      // A fan's alerts raised together (one price change) come in one batch: one push.
      .orderBy(alerts.createdAt, alerts.uid, alerts.id)
      .limit(batch);
    if (pending.length === 0) break;
    totals.alerts += pending.length;
    // Marked first: if the process dies mid-send, a fan misses a push, never gets two.
    await db
      .update(alerts)
      .set({ pushedAt: sql`now()` })
      .where(
        inArray(
          alerts.id,
          pending.map((a) => a.id),
        ),
      );

    const uids = [...new Set(pending.map((a) => a.uid))];
    const web: WebPushTarget[] = (
      await db
        .select({
          id: pushSubscriptions.id,
          uid: pushSubscriptions.uid,
          endpoint: pushSubscriptions.endpoint,
          p256dh: pushSubscriptions.p256dh,
          auth: pushSubscriptions.auth,
        })
        .from(pushSubscriptions)
        .where(inArray(pushSubscriptions.uid, uids))
    ).map((row) => ({ kind: 'web', ...row }));
    const native: NativePushTarget[] = options.native
      ? (
          await db
            .select({ uid: accounts.uid, token: accounts.pushNotificationToken })
            .from(accounts)
            .where(and(inArray(accounts.uid, uids), ne(accounts.pushNotificationToken, '')))
        ).map((row) => ({ kind: 'native', ...row }))
      : [];
    if (web.length > 0) webSender ??= webPushSender(await getVapidKeys(db), options);
    const byUid = new Map<string, PushTarget[]>();
    for (const target of [...web, ...native]) byUid.set(target.uid, [...(byUid.get(target.uid) ?? []), target]);
    const byFan = new Map<string, PendingAlert[]>();
    for (const alert of pending) byFan.set(alert.uid, [...(byFan.get(alert.uid) ?? []), alert]);
    const sends = [...byFan].flatMap(([uid, list]) =>
      pushPayloads(list).flatMap((payload) => (byUid.get(uid) ?? []).map((target) => ({ payload, target }))),
    );
    const reached = new Set<string>();
    let next = 0;
    const worker = async () => {
      while (next < sends.length) {
        const { payload, target } = sends[next++]!;
        if (gone.has(keyOf(target))) continue;
        const { result, status, reason } =
          target.kind === 'web' ? await webSender!.send(target, payload) : await options.native!.send(target, payload);
        if (result === 'delivered') {
          totals.delivered++;
          if (target.kind === 'web') reached.add(target.id);
          continue;
        }
        if (result === 'gone') {
          totals.gone++;
          gone.add(keyOf(target));
        } else {
          totals.failed++;
          options.logger?.warn({ status, reason, alertId: payload.alertId, kind: target.kind }, 'push not accepted');
        }
        await recordOutcome(db, target, result);
      }
    };
    await Promise.all(Array.from({ length: Math.min(CONCURRENCY, sends.length) }, worker));
    const delivered = [...reached].filter((id) => !gone.has(`web:${id}`));
    if (delivered.length > 0) {
      await db
        .update(pushSubscriptions)
        .set({ lastSuccessAt: sql`now()`, failures: 0 })
        .where(inArray(pushSubscriptions.id, delivered));
    }
    if (pending.length < batch || Date.now() - started >= (options.budgetMs ?? 30_000)) break;
  }
  return totals;
}

async function recordOutcome(db: Db, target: PushTarget, result: SendResult) {
  if (target.kind === 'native') {
    // Only this token: the device may have registered a new one meanwhile.
    if (result === 'gone') {
      await db
        .update(accounts)
        .set({ pushNotificationToken: '' })
        .where(and(eq(accounts.uid, target.uid), eq(accounts.pushNotificationToken, target.token)));
    }
    return;
  }
  const id = eq(pushSubscriptions.id, target.id);
  if (result === 'delivered') {
    await db.update(pushSubscriptions).set({ lastSuccessAt: sql`now()`, failures: 0 }).where(id);
  } else if (result === 'gone') {
    await db.delete(pushSubscriptions).where(id);
  } else {
    await db
      .update(pushSubscriptions)
      .set({ failures: sql`${pushSubscriptions.failures} + 1` })
      .where(id);
    await db.delete(pushSubscriptions).where(and(id, sql`${pushSubscriptions.failures} >= ${MAX_FAILURES}`));
  }
}
