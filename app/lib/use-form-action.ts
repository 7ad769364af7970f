import { useCallback, useEffect, useRef, useState } from 'react';
import { useFetcher } from 'react-router';
import { getAccount } from './auth/account-store';
import { openAuthDialog } from './auth/dialog-store';
import { notifyError } from './auth/notify';
import type { FormFailure } from './form-answer';

const isFailure = (data: { ok: boolean }): data is FormFailure => !data.ok;

/** Set once the sign-in dialog's code is in the page: opening it then shows it at once. */
let dialogReady = false;
const loadDialog = () =>
  import('~/components/auth/sign-in-dialog').then(() => {
    dialogReady = true;
  });

/** The session cookie may lag the sign-in that just happened, or have expired while the tab slept. */
async function syncedSession(): Promise<boolean> {
  const { syncSession } = await import('./auth/session');
  return syncSession().catch(() => false);
}

/**
 * A fetcher for the writes of one route action (ADR 0033). `submit` posts the fields; `submitAsFan` first has an
 * anonymous visitor sign in (SPEC §4 pending action). A refused session is synced and the
 * write sent once more; still refused, the fan signs in again (SPEC §8). Other refusals
 * the form does not show by its fields are notified (SPEC §8 negative notification).
 */
export function useFormAction<Data extends { ok: boolean }, Fields extends Record<string, string>>(
  action: string,
  shows: readonly string[] = [],
) {
  const fetcher = useFetcher<Data | FormFailure>();
  const last = useRef<{ fields: Fields; retried: boolean } | null>(null);
  const { submit: post } = fetcher;

  const submit = useCallback(
    (fields: Fields, retried = false) => {
      last.current = { fields, retried };
      return post(fields, { method: 'post', action });
    },
    [post, action],
  );

  // A first press on a slow link waits for the sign-in dialog's code: the control is busy
  // meanwhile (ADR 0039), as for a write under way, and keeps focus (`opening`: marked
  // aria-disabled, not disabled), so closing the dialog brings focus back to it.
  const [opening, setOpening] = useState(false);
  const submitAsFan = useCallback(
    (fields: Fields) => {
      if (getAccount().uid) return void submit(fields);
      if (!dialogReady) {
        setOpening(true);
        void loadDialog()
          .catch(() => undefined)
          .then(() => setOpening(false));
      }
      openAuthDialog({
        onSignedIn: () => void syncedSession().then(() => submit(fields)),
      });
    },
    [submit],
  );

  const { data, state } = fetcher;
  const handled = useRef<Data | FormFailure | undefined>(undefined);
  useEffect(() => {
    if (state !== 'idle' || !data || !isFailure(data) || handled.current === data) return;
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
    const shown = Object.keys(data.fieldErrors ?? {}).some((field) => shows.includes(field));
    if (!shown) notifyError(data.error);
  }, [data, state, submit, shows]);

  return { fetcher, submit, submitAsFan, busy: state !== 'idle' || opening, opening };
}
