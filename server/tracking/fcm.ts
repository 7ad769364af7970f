import { readFileSync } from 'node:fs';
import { type App, type AppOptions, cert, getApps, initializeApp, type ServiceAccount } from 'firebase-admin/app';
import { getMessaging } from 'firebase-admin/messaging';
import type { NativePushTarget, PushSender } from './push.ts';

/**
 * Native push (the Capacitor shell's token, SPEC §3 pushNotificationToken) through Firebase
 * Cloud Messaging's HTTP v1 API with firebase-admin's `send`. Tokens FCM reports as
 * unregistered, or as not being a token at all, are 'gone': the delivery loop clears them.
 */
const GONE_CODES = new Set(['messaging/registration-token-not-registered', 'messaging/invalid-registration-token']);

export function fcmSender(app: App): PushSender<NativePushTarget> {
  const messaging = getMessaging(app);
  return {
    async send(target, payload) {
      try {
        await messaging.send({
          token: target.token,
          notification: { title: payload.title, body: payload.body },
          data: { alertId: payload.alertId, kind: payload.kind, url: payload.url },
          // An alert a day old is news no more (as for Web Push).
          android: { ttl: 24 * 60 * 60 * 1000, priority: payload.kind === 'price_target' ? 'high' : 'normal' },
          apns: { payload: { aps: { sound: 'default' } } },
        });
        return { result: 'delivered' };
      } catch (error) {
        const code = (error as { code?: string }).code ?? 'unknown';
        const message = (error as { message?: string }).message ?? '';
        // FCM answers INVALID_ARGUMENT both for a malformed token and for a malformed message.
        const badToken = code === 'messaging/invalid-argument' && /registration token/i.test(message);
        return { result: GONE_CODES.has(code) || badToken ? 'gone' : 'failed', reason: code };
      }
    },
  };
}

const APP_NAME = 'encore-messaging';

/**
 * The firebase-admin app that signs FCM requests: a service account's key file
 * (`FCM_SERVICE_ACCOUNT_FILE`). Tests pass their own credential and transport.
 */
export function fcmApp(options: { serviceAccountFile: string } | AppOptions): App {
  const existing = getApps().find((app) => app.name === APP_NAME);
  if (existing) return existing;
  if ('serviceAccountFile' in options) {
    const account = JSON.parse(readFileSync(options.serviceAccountFile, 'utf8')) as ServiceAccount & {
      project_id?: string;
    };
    return initializeApp({ credential: cert(account), projectId: account.project_id }, APP_NAME);
  }
  return initializeApp(options, APP_NAME);
}
