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
import { listAlerts } from './alerts.ts';
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
  // One statement: every signed-in page render reads this (the root loader), and on PGlite
  // each statement costs about as much again as the little work these do (ADR 0034).
  const [row] = await rows<{ event_ids: string[] | null; attraction_ids: string[] | null; unread: number }>(
    db,
    sql`select
      (select array_agg(event_id order by event_id) from watches where uid = ${uid}) as event_ids,
      (select array_agg(attraction_id order by attraction_id) from follows where uid = ${uid}) as attraction_ids,
      (select count(*)::int from alerts where uid = ${uid} and read_at is null) as unread`,
  );
  return { eventIds: row?.event_ids ?? [], attractionIds: row?.attraction_ids ?? [], unread: row?.unread ?? 0 };
}
