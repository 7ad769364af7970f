import { useEffect } from 'react';
import { useFetcher, useFetchers, useRouteLoaderData } from 'react-router';
import type { TrackedState } from '#contracts/tracking';
import { TRACKING_ACTION } from '~/lib/tracking-action';

/**
 * What the fan tracks, in the browser (ADR 0033): the root loader's answer (read again by
 * React Router after every write) and, while a write is on its way, the form it sent. Kept
 * apart from the writes (use-tracking.ts): the header's badge needs only these.
 */

/** The root loader's answer: null for anonymous visitors. */
export function useTrackedState(): TrackedState | null {
  return (useRouteLoaderData('root') as { tracked?: TrackedState | null } | undefined)?.tracked ?? null;
}

const TOGGLES = {
  event: { on: 'watch', off: 'unwatch', field: 'eventId', ids: 'eventIds' },
  artist: { on: 'follow', off: 'unfollow', field: 'attractionId', ids: 'attractionIds' },
} as const;

/** Whether the fan follows / watches `id`: the last write on its way, else the server's word. */
export function useTracked(kind: keyof typeof TOGGLES, id: string): boolean {
  const tracked = useTrackedState();
  const { on, off, field, ids } = TOGGLES[kind];
  const fetchers = useFetchers();
  let wish: boolean | undefined;
  for (const fetcher of fetchers) {
    const intent = fetcher.formData?.get('intent');
    if (fetcher.formData?.get(field) === id && (intent === on || intent === off)) wish = intent === on;
  }
  return wish ?? !!tracked?.[ids].includes(id);
}

const UNREAD_POLL_MS = 60_000;

/**
 * The header badge's unread count: the root loader's, kept fresh by reading the tracking
 * resource every minute and when the tab returns (alerts arrive without any write).
 */
export function useUnreadCount(signedIn: boolean): number | null {
  const tracked = useTrackedState();
  const poll = useFetcher<TrackedState>({ key: 'tracked-poll' });
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
