import { sql } from 'drizzle-orm';
import type { Unit } from '#contracts/enums';
import type {
  AlertsPage,
  CalendarFeed,
  StatusChange,
  TrackedState,
  TrackingPreferences,
  WatchView,
} from '#contracts/tracking';
import type { Db } from '../db/client.ts';
import type { CatalogueImage } from '../db/schema.ts';
import { type AlertViewRow, toView as toAlertView } from './alerts.ts';
import { feedPath } from './calendar.ts';
import type { TrackingConfig } from './config.ts';
import { type NextDate, nextDatesOf } from './next-dates.ts';
import { packedObservations, unpackObservations } from './observations.ts';
import { artistPath, eventPath } from './paths.ts';
import { DEFAULT_PREFERENCES, nearOf } from './preferences.ts';
import { iso, rows } from './sql.ts';
import { toWatchView, type WatchRow, watchColumns } from './watches.ts';

/** A watched event already past: my Encore lists it by name and date only. */
export type PastWatch = { id: string; name: string; url: string; localDate: string | null; localTime: string | null };

/** A followed artist and its next dates near the fan, with what the page shows of each. */
export type FollowedArtist = {
  id: string;
  name: string;
  url: string;
  images: CatalogueImage[];
  upcomingEvents: number;
  next: NextDate[];
};

/** Everything the "my Encore" page shows, read for the server render. */
export type MyEncoreData = {
  /** What the greeting is made of; undefined for an account not registered (yet). */
  names: { firstName: string | null; displayName: string | null; email: string | null } | undefined;
  /** Upcoming watches by date (TBA last): the soonest `shown`, or all of them. */
  upcoming: WatchView[];
  /** Watched events that started more than 6 hours before `now`, by date. */
  past: PastWatch[];
  /** Every watched event, shown or not. */
  watchCount: number;
  /** Followed artists by name: the first `followsShown`, or all of them. */
  follows: FollowedArtist[];
  /** Every followed artist, shown or not. */
  followCount: number;
  alerts: AlertsPage;
  preferences: TrackingPreferences;
  feed: CalendarFeed;
  push: { webPushSubscriptions: number; nativeToken: boolean };
};

type PageRow = {
  first_name: string | null;
  display_name: string | null;
  email: string | null;
  registered: boolean;
  placed: boolean;
  latitude: number | null;
  longitude: number | null;
  city: string | null;
  radius: number | null;
  unit: Unit | null;
  native_token: boolean;
  watch_count: number;
  follow_count: number;
  upcoming: Array<WatchRow & { packed: string | null; changes: StatusChange[] | null }> | null;
  past: Array<[string, string, string | null, string | null]> | null;
  follows: Array<{
    id: string;
    name: string;
    images: CatalogueImage[] | null;
    upcoming_events: number;
  }> | null;
  alerts: AlertViewRow[] | null;
  unread: number;
  feed_token: string | null;
  feed_created_at: string | null;
  web_push: number;
};

/** Alerts on the page's first page of the inbox; older ones are read from the API on demand. */
const ALERTS_SHOWN = 20;

/**
 * The page in one statement: each part a sub-select with explicit columns, lists as JSON.
 * Price history and status changes are read for the shown watches only; a past watch is its
 * name and date. Followed artists' next dates near the fan come from nextDatesOf (kept
 * between fans and requests; a second statement only for artists not kept). On PGlite a
 * statement costs more than the little work each of these does (ADR 0034, ADR 0040).
 */
export async function loadMyEncoreData(
  db: Db,
  config: TrackingConfig,
  uid: string,
  options: { origin: string; apiBase: string; now: string; shown: number | null; followsShown: number | null },
): Promise<MyEncoreData> {
  // A watch is past from 6 hours after it starts; the page lists it by name and date.
  const pastBefore = new Date(Date.parse(options.now) - 6 * 60 * 60 * 1000).toISOString();
  const [row] = await rows<PageRow>(
    db,
    sql`with mine as materialized (
      -- Every watched event's date and name, read once: the order, the past ones and the count.
      select w.event_id, e.starts_at, e.name, e.local_date::text as local_date, e.local_time::text as local_time
      from watches w join events e on e.id = w.event_id
      where w.uid = ${uid}
    )
    select a.first_name, a.display_name, a.email, a.uid is not null as registered,
      tp.uid is not null as placed, tp.latitude, tp.longitude, tp.city, tp.radius, tp.unit,
      coalesce(a.push_notification_token, '') <> '' as native_token,
      (select count(*)::int from mine) as watch_count,
      (select json_agg(s order by s.starts_at nulls last, s.event_name, s.event_id) from (
        select ${watchColumns}, ${packedObservations(sql`e.id`, config.historyLimit)} as packed,
          (select json_agg(json_build_object('at', c.changed_at, 'kind', c.field, 'from', c.from_value, 'to', c.to_value)
              order by c.changed_at, c.id)
            from event_changes c where c.event_id = e.id and c.changed_at >= w.created_at) as changes
        from (
          -- Which ones first, on narrow rows; then what is shown of those only.
          select m.event_id from mine m
          where m.starts_at is null or m.starts_at >= ${pastBefore}::timestamptz
          order by m.starts_at asc nulls last, m.name, m.event_id
          ${options.shown === null ? sql`` : sql`limit ${options.shown}`}
        ) shown
        join watches w on w.uid = me.uid and w.event_id = shown.event_id
        join events e on e.id = shown.event_id
        left join venues v on v.id = e.venue_id
      ) s) as upcoming,
      (select json_agg(json_build_array(m.event_id, m.name, m.local_date, m.local_time)
          order by m.starts_at, m.name, m.event_id)
        from mine m where m.starts_at < ${pastBefore}::timestamptz) as past,
      (select count(*)::int from follows fo where fo.uid = me.uid) as follow_count,
      (select json_agg(f order by lower(f.name), f.id) from (
        select fa.id, fa.name, fa.images, fa.upcoming_events
        from follows fo join attractions fa on fa.id = fo.attraction_id
        where fo.uid = me.uid
        order by lower(fa.name), fa.id
        ${options.followsShown === null ? sql`` : sql`limit ${options.followsShown}`}
      ) f) as follows,
      -- Twin: the alerts' columns named by the alerts_fan_updated trigger (migration 0017, ADR 0049).
      (select json_agg(al order by al."createdAt" desc, al.id desc) from (
        select al.id, al.kind, al.title, al.body, al.url, al.event_id as "eventId",
          al.attraction_id as "attractionId", al.created_at as "createdAt", al.read_at as "readAt"
        from alerts al where al.uid = me.uid
        order by al.created_at desc, al.id desc
        limit ${ALERTS_SHOWN + 1}
      ) al) as alerts,
      (select count(*)::int from alerts al where al.uid = me.uid and al.read_at is null) as unread,
      cf.token as feed_token, cf.created_at as feed_created_at,
      (select count(*)::int from push_subscriptions ps where ps.uid = me.uid) as web_push
    from (select ${uid}::text as uid) me
    left join accounts a on a.uid = me.uid
    left join calendar_feeds cf on cf.uid = me.uid
    left join tracking_preferences tp on tp.uid = me.uid`,
  );
  const page = row!;
  const preferences: TrackingPreferences = page.placed
    ? {
        latitude: page.latitude,
        longitude: page.longitude,
        city: page.city,
        radius: page.radius!,
        unit: page.unit!,
      }
    : DEFAULT_PREFERENCES;
  const follows = page.follows ?? [];
  const next = await nextDatesOf(
    db,
    follows.map((artist) => artist.id),
    nearOf(preferences),
  );
  const alerts = (page.alerts ?? []).slice(0, ALERTS_SHOWN);
  return {
    names: page.registered
      ? { firstName: page.first_name, displayName: page.display_name, email: page.email }
      : undefined,
    upcoming: (page.upcoming ?? []).map((watch) =>
      toWatchView(watch, {
        observations: watch.packed ? unpackObservations(watch.event_id, watch.packed, watch.currency) : [],
        statusChanges: (watch.changes ?? []).map((change) => ({ ...change, at: iso(change.at) })),
        maxGapMs: config.maxGapMs,
      }),
    ),
    past: (page.past ?? []).map(([id, name, localDate, localTime]) => ({
      id,
      name,
      url: eventPath({ id, name }),
      localDate,
      localTime,
    })),
    watchCount: page.watch_count,
    follows: follows.map((artist) => ({
      id: artist.id,
      name: artist.name,
      url: artistPath(artist),
      images: artist.images ?? [],
      upcomingEvents: artist.upcoming_events,
      next: next.get(artist.id) ?? [],
    })),
    followCount: page.follow_count,
    alerts: {
      alerts: alerts.map(toAlertView),
      unread: page.unread,
      nextBefore: (page.alerts?.length ?? 0) > ALERTS_SHOWN ? (alerts.at(-1)?.id ?? null) : null,
    },
    preferences,
    feed: page.feed_token
      ? {
          url: `${options.origin}${feedPath(options.apiBase, page.feed_token)}`,
          createdAt: iso(page.feed_created_at!),
        }
      : null,
    push: { webPushSubscriptions: page.web_push, nativeToken: page.native_token },
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
