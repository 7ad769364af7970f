import { sql } from 'drizzle-orm';
import type {
  AlertsPage,
  CalendarFeed,
  FollowView,
  TrackedState,
  TrackingPreferences,
  WatchView,
} from '#contracts/tracking';
import type { Db } from '../db/client.ts';
import { listAlerts, unreadCount } from './alerts.ts';
import { feedPath, getFeed } from './calendar.ts';
import type { TrackingConfig } from './config.ts';
import { listFollows } from './follows.ts';
import { getPreferences } from './preferences.ts';
import { countSubscriptions } from './push.ts';
import { rows } from './sql.ts';
import { listWatches } from './watches.ts';

/** Everything the "my Encore" page shows, in one call for the server render. */
export type MyEncoreData = {
  watches: WatchView[];
  follows: FollowView[];
  alerts: AlertsPage;
  preferences: TrackingPreferences;
  feed: CalendarFeed;
  push: { webPushSubscriptions: number; nativeToken: boolean };
};

export async function loadMyEncoreData(
  db: Db,
  config: TrackingConfig,
  uid: string,
  urls: { origin: string; apiBase: string },
): Promise<MyEncoreData> {
  const preferences = await getPreferences(db, uid);
  const [watches, follows, alerts, feed, subscriptions, account] = await Promise.all([
    listWatches(db, uid, { historyLimit: config.historyLimit, maxGapMs: config.maxGapMs }),
    listFollows(db, uid, preferences),
    listAlerts(db, uid, { limit: 20 }),
    getFeed(db, uid),
    countSubscriptions(db, uid),
    rows<{ token: string }>(db, sql`select push_notification_token as token from accounts where uid = ${uid}`),
  ]);
  return {
    watches,
    follows,
    alerts,
    preferences,
    feed: feed ? { url: `${urls.origin}${feedPath(urls.apiBase, feed.token)}`, createdAt: feed.createdAt } : null,
    push: { webPushSubscriptions: subscriptions, nativeToken: (account[0]?.token ?? '') !== '' },
  };
}

/** TrackedState: at most TRACKING_LIMITS.maxWatches + maxFollows ids and the unread count. */
export async function loadTrackedState(db: Db, uid: string): Promise<TrackedState> {
  const [events, attractions, unread] = await Promise.all([
    rows<{ id: string }>(db, sql`select event_id as id from watches where uid = ${uid}`),
    rows<{ id: string }>(db, sql`select attraction_id as id from follows where uid = ${uid}`),
    unreadCount(db, uid),
  ]);
  return { eventIds: events.map((r) => r.id), attractionIds: attractions.map((r) => r.id), unread };
}
