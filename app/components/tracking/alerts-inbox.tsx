import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { setUnread, trackingApi } from '~/lib/tracking';
import type { AlertKind, AlertsPage, AlertView } from '../../../contracts/tracking';

const KIND_LABELS: Record<AlertKind, string> = {
  price_target: 'Price',
  event_cancelled: 'Cancelled',
  event_postponed: 'Postponed',
  event_rescheduled: 'New date',
  artist_announced: 'New show',
};

const KIND_TONES: Record<AlertKind, string> = {
  price_target: 'bg-emerald-50 text-emerald-800',
  event_cancelled: 'bg-red-50 text-red-800',
  event_postponed: 'bg-amber-50 text-amber-900',
  event_rescheduled: 'bg-amber-50 text-amber-900',
  artist_announced: 'bg-brand-50 text-brand-700',
};

/** '5 min ago' against the render's clock, so the server and the browser print the same. */
export function timeAgo(iso: string, now: string): string {
  const seconds = Math.max(0, Math.round((Date.parse(now) - Date.parse(iso)) / 1000));
  if (seconds < 60) return 'just now';
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.round(minutes / 60);
  if (hours < 24) return `${hours} h ago`;
  const days = Math.round(hours / 24);
  return `${days} day${days === 1 ? '' : 's'} ago`;
}

/** The my Encore inbox: every alert, newest first, unread ones marked. */
export function AlertsInbox({ initial, now }: { initial: AlertsPage; now: string }) {
  const [alerts, setAlerts] = useState<AlertView[]>(initial.alerts);
  const [unread, setUnreadHere] = useState(initial.unread);
  const [nextBefore, setNextBefore] = useState(initial.nextBefore);
  const [busy, setBusy] = useState(false);

  // The header badge shows the same count as the inbox.
  useEffect(() => setUnread(unread), [unread]);

  const markRead = async (alert: AlertView) => {
    if (alert.read) return;
    setAlerts((list) => list.map((a) => (a.id === alert.id ? { ...a, read: true } : a)));
    setUnreadHere((n) => Math.max(0, n - 1));
    try {
      await trackingApi.markRead(alert.id, true);
    } catch {
      setAlerts((list) => list.map((a) => (a.id === alert.id ? { ...a, read: false } : a)));
      setUnreadHere((n) => n + 1);
    }
  };

  const markAll = async () => {
    setBusy(true);
    try {
      const { unread: left } = await trackingApi.markAllRead();
      setAlerts((list) => list.map((a) => ({ ...a, read: true })));
      setUnreadHere(left);
    } catch {
      // Told by the API client.
    } finally {
      setBusy(false);
    }
  };

  const more = async () => {
    if (!nextBefore) return;
    setBusy(true);
    try {
      const page = await trackingApi.alerts({ before: nextBefore });
      setAlerts((list) => [...list, ...page.alerts]);
      setNextBefore(page.nextBefore);
      setUnreadHere(page.unread);
    } catch {
      // Told by the API client.
    } finally {
      setBusy(false);
    }
  };

  return (
    <section id="alerts" aria-labelledby="alerts-title" className="scroll-mt-24">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="alerts-title" className="text-xl font-semibold text-ink">
          Alerts{' '}
          {unread > 0 && (
            <span className="ml-1 rounded-full bg-red-600 px-2 py-0.5 align-middle text-xs font-bold text-white">
              {unread} unread
            </span>
          )}
        </h2>
        {unread > 0 && (
          <button
            type="button"
            onClick={() => void markAll()}
            disabled={busy}
            className="text-sm font-medium text-brand-700 underline disabled:opacity-60"
          >
            Mark all as read
          </button>
        )}
      </div>
      {alerts.length === 0 ? (
        <p className="mt-3 rounded-xl border border-dashed border-slate-300 bg-white px-4 py-6 text-slate-600">
          No alerts yet. Watch an event and set the price that would do: we tell you here (and on this device, if you
          turn notifications on) when it drops to that price, when a date changes or a show is cancelled, and when an
          artist you follow announces a show near you.
        </p>
      ) : (
        <ul className="mt-3 divide-y divide-slate-200 overflow-hidden rounded-xl border border-slate-200 bg-white">
          {alerts.map((alert) => (
            <li
              key={alert.id}
              data-testid="alert"
              data-read={alert.read}
              className={`flex gap-3 px-4 py-3 ${alert.read ? '' : 'bg-brand-50/60'}`}
            >
              <span
                className={`mt-0.5 h-fit shrink-0 rounded-full px-2 py-0.5 text-xs font-semibold ${KIND_TONES[alert.kind]}`}
              >
                {KIND_LABELS[alert.kind]}
              </span>
              <div className="min-w-0 flex-1">
                <Link
                  to={alert.url}
                  onClick={() => void markRead(alert)}
                  className={`block text-ink hover:text-brand-700 ${alert.read ? 'font-medium' : 'font-semibold'}`}
                >
                  {alert.title}
                </Link>
                <p className="text-sm text-slate-600">{alert.body}</p>
                <p className="mt-0.5 text-xs text-slate-500">
                  <time dateTime={alert.createdAt}>{timeAgo(alert.createdAt, now)}</time>
                  {!alert.read && (
                    <>
                      {' · '}
                      <button
                        type="button"
                        onClick={() => void markRead(alert)}
                        className="font-medium text-brand-700 underline"
                      >
                        Mark as read
                      </button>
                    </>
                  )}
                </p>
              </div>
            </li>
          ))}
        </ul>
      )}
      {nextBefore && (
        <button
          type="button"
          onClick={() => void more()}
          disabled={busy}
          className="mt-3 text-sm font-medium text-brand-700 underline disabled:opacity-60"
        >
          Older alerts
        </button>
      )}
    </section>
  );
}
