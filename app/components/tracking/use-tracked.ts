import { useEffect } from 'react';
import { useFetcher, useFetchers, useRouteLoaderData } from 'react-router';
import type { TrackedState } from '#contracts/tracking';
import { getAccount } from '~/lib/auth/account-store';
import { TRACKING_ACTION } from '~/lib/tracking-action';
import { trackedAheadMissing, useTrackedAhead } from './tracked-ahead';

/**
 * What the fan tracks, in the browser (ADR 0033): the root loader's answer (read again by
 * React Router after every write) and, while a write is on its way, the form it sent. Kept
 * apart from the writes (use-tracking.ts): the header's badge needs only these.
 */

/** The fetcher that reads the tracking resource (TRACKING_ACTION): the badge's poll, and a read the page could not preload. */
const TRACKED_READ = 'tracked-poll';
/** Asked once a page load: every Follow and Watch on the page reads the same answer. */
let asked = false;

/**
 * The root loader's answer: null for anonymous visitors. A signed-in visitor's page that came
 * from the render signed-in visitors share (ADR 0043) has none: the page preloads the fan's
 * state (tracked-ahead.ts, ADR 0047), and until it has come the state is not known (`known`
 * false) and Follow and Watch show as waiting, never as a state the fan is not in. If the
 * preload failed, the tracking resource is read through the route. A write's revalidation, a
 * navigation's data and the badge's poll bring it afresh.
 */
type TrackedRead = { tracked: TrackedState | null; known: boolean };
type RootTracking = { tracked?: TrackedState | null; signedIn?: boolean } | undefined;

function useBrowserTrackedRead(): TrackedRead {
  const root = useRouteLoaderData('root') as RootTracking;
  const read = useFetcher<TrackedState>({ key: TRACKED_READ });
  const ahead = useTrackedAhead();
  const { load } = read;
  const unknown = !!root?.signedIn && !root.tracked;
  const aheadFailed = ahead === 'failed';
  useEffect(() => {
    if (!unknown || asked || !getAccount().uid) return;
    // Read here only with no preload (a page rendered before the fan signed in), or a failed one;
    // asked of the store itself: the hydrating render saw none, as the server did.
    if (!aheadFailed && !trackedAheadMissing()) return;
    asked = true;
    void load(TRACKING_ACTION);
  }, [unknown, aheadFailed, load]);
  if (root?.tracked) return { tracked: root.tracked, known: true };
  const polled = unknown && read.data && 'eventIds' in read.data ? read.data : null;
  const got = polled ?? (unknown && typeof ahead === 'object' ? ahead : null);
  return { tracked: got, known: !unknown || !!got };
}

/**
 * The server's: the root loader's answer alone. No preload has come there and no read or write
 * is on its way, so it is what the browser's first render shows, without the fetcher that
 * every Follow and Watch asked for (ADR 0080).
 */
function useServerTrackedRead(): TrackedRead {
  const root = useRouteLoaderData('root') as RootTracking;
  if (root?.tracked) return { tracked: root.tracked, known: true };
  return { tracked: null, known: !root?.signedIn };
}

/** One of the two by build (`import.meta.env.SSR`, a constant of each): a build always calls the same hooks. */
export const useTrackedRead = import.meta.env.SSR ? useServerTrackedRead : useBrowserTrackedRead;

export const useTrackedState = (): TrackedState | null => useTrackedRead().tracked;

const TOGGLES = {
  event: { on: 'watch', off: 'unwatch', field: 'eventId', ids: 'eventIds' },
  artist: { on: 'follow', off: 'unfollow', field: 'attractionId', ids: 'attractionIds' },
} as const;

/** The write that turns following / watching `id` on or off. */
export function toggleFields(kind: keyof typeof TOGGLES, id: string, on: boolean) {
  const { field } = TOGGLES[kind];
  return { intent: on ? TOGGLES[kind].on : TOGGLES[kind].off, [field]: id };
}

/**
 * Whether the fan follows / watches `id`: the last write on its way, else the server's word;
 * undefined while the signed-in fan's state is being read.
 */
function useBrowserTracked(kind: keyof typeof TOGGLES, id: string): boolean | undefined {
  const { tracked, known } = useTrackedRead();
  const { on, off, field } = TOGGLES[kind];
  const fetchers = useFetchers();
  let wish: boolean | undefined;
  for (const fetcher of fetchers) {
    const intent = fetcher.formData?.get('intent');
    if (fetcher.formData?.get(field) === id && (intent === on || intent === off)) wish = intent === on;
  }
  return wish ?? trackedIn(tracked, known, kind, id);
}

/** The server's: no write is on its way there, so the state alone. */
function useServerTracked(kind: keyof typeof TOGGLES, id: string): boolean | undefined {
  const { tracked, known } = useTrackedRead();
  return trackedIn(tracked, known, kind, id);
}

/** What the read state says of `id`; undefined while it is not known. */
function trackedIn(tracked: TrackedState | null, known: boolean, kind: keyof typeof TOGGLES, id: string) {
  return known ? !!tracked?.[TOGGLES[kind].ids].includes(id) : undefined;
}

export const useTracked = import.meta.env.SSR ? useServerTracked : useBrowserTracked;

const UNREAD_POLL_MS = 60_000;

/**
 * The header badge's unread count: the root loader's, kept fresh by reading the tracking
 * resource every minute and when the tab returns (alerts arrive without any write).
 */
export function useUnreadCount(signedIn: boolean): number | null {
  const tracked = useTrackedState();
  const poll = useFetcher<TrackedState>({ key: TRACKED_READ });
  const { load } = poll;
  useEffect(() => {
    if (!signedIn) return;
    const refresh = () => {
      if (document.visibilityState === 'visible') void load(TRACKING_ACTION);
    };
    const timer = window.setInterval(refresh, UNREAD_POLL_MS);
    document.addEventListener('visibilitychange', refresh);
    return () => {
      window.clearInterval(timer);
      document.removeEventListener('visibilitychange', refresh);
    };
  }, [signedIn, load]);
  if (!signedIn) return null;
  const polled = poll.data && 'unread' in poll.data ? poll.data.unread : undefined;
  return polled ?? tracked?.unread ?? null;
}
