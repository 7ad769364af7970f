import type { AppLoadContext } from 'react-router';
import type { TrackedState } from '#contracts/tracking';
import { trackingConfig } from '#server/tracking/config';
import { loadMyEncoreData, loadTrackedState } from '#server/tracking/my-encore';
import { isPastWatch, type MyEncoreView, toFollowCard, toWatchRow, WATCHES_SHOWN } from './tracking-view';

/**
 * The my Encore sections for the page loader, read in-process (no loopback HTTP) and shaped
 * for the page (app/lib/tracking-view.ts). Absolute URLs (the calendar feed) use the origin
 * configured for the site (PUBLIC_ORIGIN), never the request's Host.
 */
export async function loadMyEncore(
  request: Request,
  context: Pick<AppLoadContext, 'services'>,
  uid: string,
  now: string,
): Promise<MyEncoreView> {
  const { env, database } = context.services;
  const origin = env.PUBLIC_ORIGIN;
  const data = await loadMyEncoreData(database.db, trackingConfig(env), uid, {
    origin,
    apiBase: env.PUBLIC_API_BASE_URL,
  });
  const rows = data.watches.map(toWatchRow);
  const upcoming = rows.filter((row) => !isPastWatch(row, now));
  const showAll = new URL(request.url).searchParams.get('watching') === 'all';
  return {
    watches: [
      ...(showAll ? upcoming : upcoming.slice(0, WATCHES_SHOWN)),
      ...rows.filter((row) => isPastWatch(row, now)),
    ],
    watchCount: rows.length,
    follows: data.follows.map(toFollowCard),
    alerts: data.alerts,
    preferences: data.preferences,
    feed: data.feed,
    push: data.push,
  };
}

/** For the root loader: what the signed-in fan tracks (every page's Follow, Watch and badge). */
export function loadTracked(context: Pick<AppLoadContext, 'services'>, uid: string): Promise<TrackedState> {
  return loadTrackedState(context.services.database.db, uid);
}
