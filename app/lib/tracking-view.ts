import type { TicketCategory } from '#contracts/enums';
import type {
  AlertsPage,
  CalendarFeed,
  HistoryRun,
  StatusChange,
  TrackingPreferences,
  WatchView,
} from '#contracts/tracking';
import { formatEventDateTime } from './format';
import { eventStatus } from './status';

/**
 * What the my Encore page shows, shaped for the page: strings already formatted, one
 * thumbnail instead of every image, the sparkline as numbers. The server render sends this
 * (not the API shapes) so a fan with hundreds of watches gets a page, not a data dump.
 */

export type Thumb = { src: string; width: number; height: number };

/** A sparkline: runs of continuous observation, points as [epoch ms, price]. */
export type Spark = { runs: Array<{ to: number; points: Array<[number, number | null]> }> };

export type WatchRowView = {
  id: string;
  name: string;
  url: string;
  when: string;
  where: string;
  statusCode: string;
  hasDate: boolean;
  /** The thumbnail's address (shown at a fixed size). */
  thumb: string | null;
  ticketCategory: TicketCategory;
  targetPrice: number | null;
  currency: string;
  currentPrice: number | null;
  change: number | null;
  atOrBelowTarget: boolean;
  changes: string[];
  spark: Spark;
};

/** A watched event that started more than 6 hours ago: listed by name and date. */
export type PastWatchView = { id: string; name: string; url: string; when: string };

/**
 * Upcoming watched events shown in full before "Show all": a fan watching hundreds of events
 * gets the soonest at once, not a page of hundreds of price charts (issue 13: 870 KB).
 */
export const WATCHES_SHOWN = 20;

/**
 * Followed artists shown with their next dates before "Show all", A to Z: a fan following
 * fifty artists gets a page to read, not one of two hundred dates (issue 13).
 */
export const FOLLOWS_SHOWN = 12;

/** What the my Encore page renders (app/components/tracking/my-encore-tracking.tsx). */
export type MyEncoreView = {
  /** The upcoming ones: the first WATCHES_SHOWN unless all were asked for. */
  watches: WatchRowView[];
  past: PastWatchView[];
  /** How many events the fan watches, shown or not. */
  watchCount: number;
  /** The first FOLLOWS_SHOWN by name unless all were asked for. */
  follows: FollowCardView[];
  /** How many artists the fan follows, shown or not. */
  followCount: number;
  alerts: AlertsPage;
  preferences: TrackingPreferences;
  feed: CalendarFeed;
  push: { webPushSubscriptions: number; nativeToken: boolean };
};

export type FollowCardView = {
  id: string;
  name: string;
  url: string;
  /** The picture's address (shown at a fixed size). */
  thumb: string | null;
  upcoming: number;
  next: Array<{ url: string; when: string; where: string }>;
};

type Image = { url: string; width: number; height: number; ratio: string };

/**
 * A small picture for a list row: the narrowest image at least `minWidth` wide (twice the
 * shown size, for sharp screens) in the preferred ratios, else the widest there is.
 */
export function smallThumb(images: readonly Image[], minWidth: number, ratios: readonly string[]): Thumb | null {
  const usable = images.filter((i) => i.url && i.width > 0);
  for (const pool of [usable.filter((i) => ratios.includes(i.ratio)), usable]) {
    const wide = pool.filter((i) => i.width >= minWidth).sort((a, b) => a.width - b.width);
    const picked = wide[0] ?? [...pool].sort((a, b) => b.width - a.width)[0];
    if (picked) return { src: picked.url, width: picked.width, height: picked.height };
  }
  return null;
}

/** 'Venue, City' as list rows show it. */
export const whereOf = (event: { venue: { name: string; city: string | null } | null }) =>
  [event.venue?.name, event.venue?.city].filter(Boolean).join(', ');

/** 'YYYY-MM-DD HH:MM:SS' (the timeline's value) → 'Sat, Jul 4, 2031 · 8:00 PM'. */
const describeWhen = (value: string | null) =>
  value ? formatEventDateTime(value.slice(0, 10), value.length > 10 ? value.slice(11) : null) : 'Date TBA';

export function describeChange(change: StatusChange): string {
  if (change.kind === 'date') return `Date changed: ${describeWhen(change.from)} → ${describeWhen(change.to)}`;
  const from = eventStatus(change.from)?.label ?? change.from ?? '?';
  const to = eventStatus(change.to)?.label ?? change.to ?? '?';
  return `Status: ${from} → ${to}`;
}

export function toSpark(runs: readonly HistoryRun[]): Spark {
  return {
    runs: runs.map((run) => ({
      to: Date.parse(run.to),
      points: run.points.map((p): [number, number | null] => [Date.parse(p.at), p.price]),
    })),
  };
}

export function toWatchRow(watch: WatchView): WatchRowView {
  const { event } = watch;
  return {
    id: event.id,
    name: event.name,
    url: event.url,
    when: formatEventDateTime(event.localDate, event.localTime),
    where: whereOf(event),
    statusCode: event.statusCode,
    hasDate: !!(event.localDate || event.startsAt),
    // SPEC §2: event thumbnails prefer 4_3, then 16_9.
    thumb: smallThumb(event.images, 192, ['4_3', '16_9'])?.src ?? null,
    ticketCategory: watch.ticketCategory,
    targetPrice: watch.targetPrice,
    currency: watch.currency,
    currentPrice: watch.currentPrice,
    change: watch.change,
    atOrBelowTarget: watch.atOrBelowTarget,
    changes: watch.statusChanges.map(describeChange),
    spark: toSpark(watch.history),
  };
}
