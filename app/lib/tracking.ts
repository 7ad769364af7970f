import type { TicketCategory } from '../../contracts/enums';
import type {
  AlertsPage,
  AlertView,
  CalendarFeed,
  FollowView,
  PriceHistory,
  TrackingPreferences,
  WatchInput,
  WatchView,
} from '../../contracts/tracking';
import { getAccount, subscribeAccount } from './auth/account-store';
import type { AuthRequestOptions } from './auth/api';

/**
 * my Encore in the browser (ADR 0008): calls to /api/me with the fan's ID token, and a small
 * shared store of what the fan tracks (the state of every Follow and Watch button on a page,
 * fetched in one request) and of the unread alert count in the header. Pages reach it through
 * components/tracking/use-tracking.ts, which fetches this module for a signed-in fan and, for
 * an anonymous visitor, only when a Follow or Watch button is pressed (first-load budget).
 */

async function call<T>(path: string, options: AuthRequestOptions = {}): Promise<T> {
  const { authRequest } = await import('./auth/api');
  return authRequest<T>(path, options);
}

const enc = encodeURIComponent;

export const trackingApi = {
  follows: () => call<{ follows: FollowView[] }>('/me/follows'),
  follow: (attractionId: string) => call<{ follow: FollowView }>(`/me/follows/${enc(attractionId)}`, { method: 'PUT' }),
  unfollow: (attractionId: string) => call<void>(`/me/follows/${enc(attractionId)}`, { method: 'DELETE' }),
  watch: (eventId: string, input: WatchInput = {}) =>
    call<{ watch: WatchView }>(`/me/watches/${enc(eventId)}`, { method: 'PUT', body: input }),
  unwatch: (eventId: string) => call<void>(`/me/watches/${enc(eventId)}`, { method: 'DELETE' }),
  history: (eventId: string, ticketCategory?: TicketCategory) =>
    call<PriceHistory>(`/me/watches/${enc(eventId)}/history`, { query: { ticketCategory } }),
  tracked: (eventIds: string[], attractionIds: string[]) =>
    call<{ eventIds: string[]; attractionIds: string[] }>('/me/tracked', {
      query: { eventId: eventIds, attractionId: attractionIds },
      notify: false,
      redirectOn401: false,
    }),
  alerts: (query: { unread?: boolean; before?: string } = {}) => call<AlertsPage>('/me/alerts', { query }),
  unreadCount: () => call<{ unread: number }>('/me/alerts/unread-count', { notify: false, redirectOn401: false }),
  markRead: (alertId: string, read: boolean) =>
    call<{ alert: AlertView }>(`/me/alerts/${enc(alertId)}`, { method: 'PATCH', body: { read } }),
  markAllRead: () => call<{ updated: number; unread: number }>('/me/alerts/read-all', { method: 'POST' }),
  deleteAlert: (alertId: string) => call<void>(`/me/alerts/${enc(alertId)}`, { method: 'DELETE' }),
  createFeed: () => call<{ feed: NonNullable<CalendarFeed> }>('/me/calendar-feed', { method: 'PUT' }),
  revokeFeed: () => call<void>('/me/calendar-feed', { method: 'DELETE' }),
  pushKey: () => call<{ publicKey: string }>('/push/public-key'),
  subscribe: (subscription: PushSubscriptionJSON) =>
    call<{ subscribed: boolean }>('/me/push-subscriptions', { method: 'PUT', body: subscription }),
  unsubscribe: (endpoint: string) => call<void>('/me/push-subscriptions', { method: 'DELETE', body: { endpoint } }),
  savePreferences: (preferences: TrackingPreferences) =>
    call<{ preferences: TrackingPreferences }>('/me/tracking-preferences', { method: 'PUT', body: preferences }),
};

// ─── Shared store ────────────────────────────────────────────────────────────────────────

type Kind = 'event' | 'artist';

type State = {
  /** The fan these answers belong to; a different account starts afresh. */
  uid: string;
  events: ReadonlyMap<string, boolean>;
  artists: ReadonlyMap<string, boolean>;
  unread: number | null;
};

let state: State = { uid: '', events: new Map(), artists: new Map(), unread: null };
const listeners = new Set<() => void>();
const queued = { event: new Set<string>(), artist: new Set<string>() };
let scheduled = false;

function emit(next: State) {
  state = next;
  for (const listener of listeners) listener();
}

function current(): State {
  const uid = typeof window === 'undefined' ? '' : getAccount().uid;
  if (uid !== state.uid) state = { uid, events: new Map(), artists: new Map(), unread: null };
  return state;
}

export function subscribeTracking(listener: () => void): () => void {
  listeners.add(listener);
  const unsubscribeAccount = subscribeAccount(() => {
    current();
    listener();
  });
  return () => {
    listeners.delete(listener);
    unsubscribeAccount();
  };
}

export function setTracked(kind: Kind, id: string, value: boolean) {
  const s = current();
  const map = new Map(kind === 'event' ? s.events : s.artists);
  map.set(id, value);
  emit(kind === 'event' ? { ...s, events: map } : { ...s, artists: map });
}

/** Ask once (batched with every other button rendered in the same tick) what the fan tracks. */
export function requestTracked(kind: Kind, id: string) {
  queued[kind].add(id);
  if (scheduled) return;
  scheduled = true;
  queueMicrotask(() => void flush());
}

async function flush() {
  scheduled = false;
  const eventIds = [...queued.event];
  const attractionIds = [...queued.artist];
  queued.event.clear();
  queued.artist.clear();
  try {
    const answer = await trackingApi.tracked(eventIds, attractionIds);
    const s = current();
    const events = new Map(s.events);
    const artists = new Map(s.artists);
    for (const e of eventIds) events.set(e, answer.eventIds.includes(e));
    for (const a of attractionIds) artists.set(a, answer.attractionIds.includes(a));
    emit({ ...s, events, artists });
  } catch {
    // Unknown stays unknown: the button still works, it just starts as "not tracked".
  }
}

/** What the browser knows of whether the fan follows / watches `id` (undefined: not yet). */
export function trackedSnapshot(kind: Kind, id: string): boolean | undefined {
  return (kind === 'event' ? current().events : current().artists).get(id);
}

// ─── Unread alerts ───────────────────────────────────────────────────────────────────────

export const UNREAD_POLL_MS = 60_000;

export function setUnread(unread: number) {
  emit({ ...current(), unread });
}

let polling = 0;
async function refreshUnread() {
  try {
    setUnread((await trackingApi.unreadCount()).unread);
  } catch {
    // Keep the last count; the next poll tries again.
  }
}

export function unreadSnapshot(): number | null {
  return current().unread;
}

/**
 * Keeps the header badge's unread count fresh: fetched now, every minute and when the tab
 * returns. Returns the function that stops it (the last badge to go stops the polling).
 */
export function pollUnread(): () => void {
  polling++;
  if (polling === 1) void refreshUnread();
  const timer = window.setInterval(() => {
    if (document.visibilityState === 'visible') void refreshUnread();
  }, UNREAD_POLL_MS);
  const onVisible = () => {
    if (document.visibilityState === 'visible') void refreshUnread();
  };
  document.addEventListener('visibilitychange', onVisible);
  return () => {
    polling--;
    window.clearInterval(timer);
    document.removeEventListener('visibilitychange', onVisible);
  };
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

/**
 * Opt in to Web Push on this browser: ask for permission, register /sw.js, subscribe with our
 * VAPID key and hand the subscription to the server. Returns the endpoint.
 */
export async function enableWebPush(): Promise<string> {
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') throw new Error('Notifications are blocked for this site in your browser settings');
  const registration = await navigator.serviceWorker.register('/sw.js', { scope: '/' });
  await navigator.serviceWorker.ready;
  const { publicKey } = await trackingApi.pushKey();
  const existing = await registration.pushManager.getSubscription();
  const subscription =
    existing ??
    (await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(publicKey) }));
  await trackingApi.subscribe(subscription.toJSON());
  return subscription.endpoint;
}

export async function disableWebPush(): Promise<void> {
  const registration = await navigator.serviceWorker.getRegistration('/');
  const subscription = await registration?.pushManager.getSubscription();
  if (!subscription) return;
  await trackingApi.unsubscribe(subscription.endpoint).catch(() => undefined);
  await subscription.unsubscribe();
}

/** This browser's current push endpoint, if it subscribed. */
export async function currentPushEndpoint(): Promise<string | null> {
  if (pushSupport() === 'unsupported') return null;
  const registration = await navigator.serviceWorker.getRegistration('/');
  const subscription = await registration?.pushManager.getSubscription();
  return subscription?.endpoint ?? null;
}
