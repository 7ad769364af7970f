import type { AlertsPage } from '#contracts/tracking';
import { getPublicConfig } from './auth/config';
import { request } from './http';

/**
 * my Encore's browser-side work that is not a write (writes are the tracking action's, ADR
 * 0033): older pages of the alerts inbox, read from the API on demand, and this browser's
 * Web Push subscription, which only the browser can make.
 */

/** The inbox page after `before` (the page loader serves the first one). */
export async function olderAlerts(before: string): Promise<AlertsPage> {
  const { authRequest } = await import('./auth/api');
  return authRequest<AlertsPage>('/me/alerts', { query: { before } });
}

// ─── Web Push ────────────────────────────────────────────────────────────────────────────

export type PushSupport = 'unsupported' | 'denied' | 'default' | 'granted';

export function pushSupport(): PushSupport {
  if (typeof window === 'undefined' || !('serviceWorker' in navigator) || !('PushManager' in window)) {
    return 'unsupported';
  }
  if (!('Notification' in window)) return 'unsupported';
  return Notification.permission;
}

function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  const raw = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

/** The fields of the tracking action's push-subscribe write (contracts/tracking-forms.ts). */
export type WebPushFields = { endpoint: string; p256dh: string; auth: string };

/**
 * Opt in to Web Push on this browser: ask for permission, register /sw.js and subscribe with
 * our VAPID key. The subscription is then handed to the server by the caller.
 */
export async function subscribeWebPush(): Promise<WebPushFields> {
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') throw new Error('Notifications are blocked for this site in your browser settings');
  const registration = await navigator.serviceWorker.register('/sw.js', { scope: '/' });
  await navigator.serviceWorker.ready;
  const { publicKey } = await request<{ publicKey: string }>(
    `${getPublicConfig().apiBaseUrl.replace(/\/$/, '')}/push/public-key`,
  );
  const existing = await registration.pushManager.getSubscription();
  const subscription =
    existing ??
    (await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(publicKey) }));
  const { keys } = subscription.toJSON();
  return { endpoint: subscription.endpoint, p256dh: keys?.p256dh ?? '', auth: keys?.auth ?? '' };
}

/** Stop Web Push on this browser; the endpoint it had, for the server to forget. */
export async function unsubscribeWebPush(): Promise<string | null> {
  const registration = await navigator.serviceWorker.getRegistration('/');
  const subscription = await registration?.pushManager.getSubscription();
  if (!subscription) return null;
  await subscription.unsubscribe();
  return subscription.endpoint;
}

/** This browser's current push endpoint, if it subscribed. */
export async function currentPushEndpoint(): Promise<string | null> {
  if (pushSupport() === 'unsupported') return null;
  const registration = await navigator.serviceWorker.getRegistration('/');
  const subscription = await registration?.pushManager.getSubscription();
  return subscription?.endpoint ?? null;
}
