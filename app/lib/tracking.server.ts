import type { AppLoadContext } from 'react-router';
import type { TrackedState } from '#contracts/tracking';
import { trackingConfig } from '#server/tracking/config';
import { loadMyEncoreData, loadTrackedState, type MyEncoreData } from '#server/tracking/my-encore';
import { type MyEncoreView, toFollowCard, toPastWatch, toWatchRow, WATCHES_SHOWN } from './tracking-view';

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
): Promise<MyEncoreView & { names: MyEncoreData['names'] }> {
  const { env, database } = context.services;
  const showAll = new URL(request.url).searchParams.get('watching') === 'all';
  const data = await loadMyEncoreData(database.db, trackingConfig(env), uid, {
    origin: env.PUBLIC_ORIGIN,
    apiBase: env.PUBLIC_API_BASE_URL,
    now,
    shown: showAll ? null : WATCHES_SHOWN,
  });
  return {
    names: data.names,
    watches: data.upcoming.map(toWatchRow),
    past: data.past.map(toPastWatch),
    watchCount: data.watchCount,
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
