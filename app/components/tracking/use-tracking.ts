import { useCallback, useEffect, useRef } from 'react';
import { useFetcher, useFetchers, useRouteLoaderData } from 'react-router';
import { getAccount } from '~/lib/auth/account-store';
import { openAuthDialog } from '~/lib/auth/dialog-store';
import { notifyError } from '~/lib/auth/notify';
import { TRACKING_ACTION, type TrackingActionData, type TrackingFields } from '~/lib/tracking-action';
import type { TrackedState } from '../../../contracts/tracking';

/**
 * my Encore in the browser (ADR 0033). What the fan tracks comes from the root loader (read
 * again by React Router after every write) and, while a write is on its way, from the form it
 * sent; writes are fetcher submissions to the tracking action, with the session cookie.
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

/** The session cookie may lag the sign-in that just happened, or have expired while the tab slept. */
async function syncedSession(): Promise<boolean> {
  const { syncSession } = await import('~/lib/auth/session');
  return syncSession().catch(() => false);
}

/**
 * A fetcher for one kind of write. `submit` posts the fields; `submitAsFan` first has an
 * anonymous visitor sign in (SPEC §4 pending action). A refused session is synced and the
 * write sent once more; still refused, the fan signs in again (SPEC §8). Other refusals
 * without a field to show them by are notified (SPEC §8 negative notification).
 */
export function useTrackingAction() {
  const fetcher = useFetcher<TrackingActionData>();
  const last = useRef<{ fields: TrackingFields; retried: boolean } | null>(null);
  const { submit: post } = fetcher;

  const submit = useCallback(
    (fields: TrackingFields, retried = false) => {
      last.current = { fields, retried };
      return post(fields, { method: 'post', action: TRACKING_ACTION });
    },
    [post],
  );

  const submitAsFan = useCallback(
    (fields: TrackingFields) => {
      if (getAccount().uid) return void submit(fields);
      openAuthDialog({
        onSignedIn: () => void syncedSession().then(() => submit(fields)),
      });
    },
    [submit],
  );

  const { data, state } = fetcher;
  const handled = useRef<TrackingActionData | undefined>(undefined);
  useEffect(() => {
    if (state !== 'idle' || !data || data.ok || handled.current === data) return;
    handled.current = data;
    const toSignIn = () => {
      const here = window.location.pathname + window.location.search;
      window.location.assign(`/signin?redirectTo=${encodeURIComponent(here)}`);
    };
    const sent = last.current;
    if (data.code === 'unauthenticated') {
      if (!sent || sent.retried) return toSignIn();
      void syncedSession().then((ok) => (ok ? submit(sent.fields, true) : toSignIn()));
      return;
    }
    if (!data.fieldErrors) notifyError(data.error);
  }, [data, state, submit]);

  return { fetcher, submit, submitAsFan, busy: state !== 'idle' };
}

export const UNREAD_POLL_MS = 60_000;

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
