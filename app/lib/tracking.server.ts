import type { AppLoadContext } from 'react-router';
import type { TrackedState } from '#contracts/tracking';
import { trackingConfig } from '#server/tracking/config';
import {
  type FollowedArtist,
  loadMyEncoreData,
  loadTrackedState,
  type MyEncoreData,
  type PastWatch,
} from '#server/tracking/my-encore';
import { formatEventDateTime } from './format';
import {
  FOLLOWS_SHOWN,
  type FollowCardView,
  type MyEncoreView,
  type PastWatchView,
  smallThumb,
  toWatchRow,
  WATCHES_SHOWN,
  whereOf,
} from './tracking-view';

/**
 * The my Encore sections for the page loader, read in-process (no loopback HTTP) and shaped
 * for the page (app/lib/tracking-view.ts). Absolute URLs (the calendar feed) use the origin
 * configured for the site (PUBLIC_ORIGIN), never the request's Host.
 */
export async function loadMyEncore(
  url: URL,
  context: Pick<AppLoadContext, 'services'>,
  uid: string,
  now: string,
): Promise<MyEncoreView & { names: MyEncoreData['names'] }> {
  const { env, database } = context.services;
  const asked = url.searchParams;
  const data = await loadMyEncoreData(database.db, trackingConfig(env), uid, {
    origin: env.PUBLIC_ORIGIN,
    apiBase: env.PUBLIC_API_BASE_URL,
    now,
    shown: asked.get('watching') === 'all' ? null : WATCHES_SHOWN,
    followsShown: asked.get('following') === 'all' ? null : FOLLOWS_SHOWN,
  });
  return {
    names: data.names,
    watches: data.upcoming.map(toWatchRow),
    past: data.past.map(toPastWatch),
    watchCount: data.watchCount,
    follows: data.follows.map(toFollowCard),
    followCount: data.followCount,
    alerts: data.alerts,
    preferences: data.preferences,
    feed: data.feed,
    push: data.push,
  };
}

const toPastWatch = (watch: PastWatch): PastWatchView => ({
  id: watch.id,
  name: watch.name,
  url: watch.url,
  when: formatEventDateTime(watch.localDate, watch.localTime),
});

function toFollowCard(artist: FollowedArtist): FollowCardView {
  return {
    id: artist.id,
    name: artist.name,
    url: artist.url,
    thumb: smallThumb(artist.images, 112, ['16_9', '3_2', '4_3'])?.src ?? null,
    upcoming: artist.upcomingEvents,
    next: artist.next.map((event) => ({
      url: event.url,
      when: formatEventDateTime(event.localDate, event.localTime),
      where: whereOf(event),
    })),
  };
}

/** For the root loader: what the signed-in fan tracks (every page's Follow, Watch and badge). */
export function loadTracked(context: Pick<AppLoadContext, 'services'>, uid: string): Promise<TrackedState> {
  return loadTrackedState(context.services.database.db, uid);
}
