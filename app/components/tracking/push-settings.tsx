import { useEffect, useState } from 'react';
import {
  currentPushEndpoint,
  type PushSupport,
  pushSupport,
  subscribeWebPush,
  unsubscribeWebPush,
} from '~/lib/tracking';
import { useTrackingAction } from './use-tracking';

type Status = 'checking' | PushSupport | 'on';

/** The panel shows what the server refuses of the subscription itself. */
const PUSH_FIELDS = ['endpoint', 'keys.p256dh', 'keys.auth'];

/**
 * Notifications on this device (ADR 0008): Web Push after the fan opts in; the inbox gets
 * every alert either way. The native shell registers its own token at sign-in.
 */
export function PushSettings({ subscriptions, nativeToken }: { subscriptions: number; nativeToken: boolean }) {
  const [status, setStatus] = useState<Status>('checking');
  const [message, setMessage] = useState<string | null>(null);
  const [preparing, setPreparing] = useState(false);
  const { fetcher, submit, busy: sending } = useTrackingAction(PUSH_FIELDS);
  const busy = preparing || sending;
  const answer = fetcher.state === 'idle' ? fetcher.data : undefined;

  useEffect(() => {
    const support = pushSupport();
    if (support === 'unsupported' || support === 'denied') {
      setStatus(support);
      return;
    }
    currentPushEndpoint()
      .then((endpoint) => setStatus(endpoint && support === 'granted' ? 'on' : support))
      .catch(() => setStatus(support));
  }, []);

  // The server's word on this browser's subscription.
  useEffect(() => {
    if (!answer) return;
    if (answer.ok && answer.intent === 'push-subscribe') setStatus('on');
    if (!answer.ok) {
      setMessage(answer.fieldErrors ? answer.error : null);
      setStatus(pushSupport());
    }
  }, [answer]);

  const enable = async () => {
    setPreparing(true);
    setMessage(null);
    try {
      void submit({ intent: 'push-subscribe', ...(await subscribeWebPush()) });
    } catch (error) {
      setMessage(error instanceof Error ? error.message : 'Notifications could not be turned on');
      setStatus(pushSupport());
    } finally {
      setPreparing(false);
    }
  };

  const disable = async () => {
    setPreparing(true);
    try {
      const endpoint = await unsubscribeWebPush();
      if (endpoint) void submit({ intent: 'push-unsubscribe', endpoint });
      setStatus(pushSupport());
    } finally {
      setPreparing(false);
    }
  };

  const elsewhere = subscriptions - (status === 'on' ? 1 : 0);
  return (
    <div id="notifications" className="rounded-xl border border-slate-200 bg-white p-4">
      <h3 className="font-semibold text-ink">Notifications</h3>
      <p className="mt-1 text-sm text-slate-600" role="status">
        {status === 'on' && 'Alerts also arrive as notifications on this device.'}
        {status === 'default' && 'Get your alerts as notifications on this device, even when Encore is closed.'}
        {status === 'granted' && 'Get your alerts as notifications on this device, even when Encore is closed.'}
        {status === 'denied' &&
          'Notifications are blocked for Encore in this browser; allow them in its site settings.'}
        {status === 'unsupported' && 'This browser cannot show notifications; your alerts are all in the inbox above.'}
        {status === 'checking' && 'Checking this device…'}
        {elsewhere > 0 && ` Notifications are on for ${elsewhere} other browser${elsewhere === 1 ? '' : 's'}.`}
        {nativeToken && ' The Encore app on your phone is registered for notifications.'}
      </p>
      {(status === 'default' || status === 'granted') && (
        <button
          type="button"
          onClick={() => void enable()}
          disabled={busy}
          className="mt-2 rounded-full bg-brand-600 px-4 py-1.5 text-sm font-semibold text-white disabled:opacity-60"
        >
          Turn on notifications
        </button>
      )}
      {status === 'on' && (
        <button
          type="button"
          onClick={() => void disable()}
          disabled={busy}
          className="mt-2 text-sm font-medium text-slate-600 underline disabled:opacity-60"
        >
          Turn off on this device
        </button>
      )}
      {message && (
        <p role="alert" className="mt-1 text-sm text-red-700">
          {message}
        </p>
      )}
    </div>
  );
}
