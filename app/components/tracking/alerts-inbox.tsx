import { useEffect, useState } from 'react';
import { Link, useFetchers } from 'react-router';
import type { AlertKind, AlertsPage, AlertView } from '#contracts/tracking';
import { olderAlerts } from '~/lib/tracking';
import { useTrackingAction } from './use-tracking';

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

/**
 * The render's clock until the page is hydrated (server and browser print the same), then the
 * browser's, minute by minute: a page kept for the fan (ADR 0049) or left open says how long
 * ago each alert came as of now.
 */
function useBrowserClock(rendered: string): string {
  const [clock, setClock] = useState(rendered);
  useEffect(() => {
    const tick = () => setClock(new Date().toISOString());
    tick();
    const every = setInterval(tick, 60_000);
    return () => clearInterval(every);
  }, []);
  return clock;
}

/**
 * The writes on their way, as the inbox will be once they land: alerts marked read (one, or
 * all of them) show read at once.
 */
function usePendingReads(): { all: boolean; ids: Set<string> } {
  const fetchers = useFetchers();
  const pending = { all: false, ids: new Set<string>() };
  for (const fetcher of fetchers) {
    const intent = fetcher.formData?.get('intent');
    if (intent === 'alerts-read-all') pending.all = true;
    if (intent === 'alert-read') pending.ids.add(String(fetcher.formData?.get('alertId')));
  }
  return pending;
}

/**
 * The my Encore inbox: every alert, newest first, unread ones marked. The first page is the
 * page loader's; older pages are read from the API on demand (a loader cannot page within a
 * section without reloading the others).
 */
export function AlertsInbox({ page, now }: { page: AlertsPage; now: string }) {
  const clock = useBrowserClock(now);
  const [older, setOlder] = useState<AlertView[]>([]);
  const [nextBefore, setNextBefore] = useState(page.nextBefore);
  const [loading, setLoading] = useState(false);
  // Alerts of the older pages marked read here (the loader reads the first page again).
  const [readHere, setReadHere] = useState<ReadonlySet<string>>(new Set());
  const pending = usePendingReads();
  const { submit } = useTrackingAction();
  const readAll = useTrackingAction();

  const listed = [...page.alerts, ...older];
  const isRead = (alert: AlertView) => alert.read || pending.all || pending.ids.has(alert.id) || readHere.has(alert.id);
  const alerts = listed.map((a) => (isRead(a) === a.read ? a : { ...a, read: true }));
  // The count is the server's; writes still on their way take theirs off it.
  const unread = pending.all
    ? 0
    : Math.max(0, page.unread - listed.filter((a) => !a.read && pending.ids.has(a.id)).length);

  const markRead = (alert: AlertView) => {
    if (alert.read) return;
    setReadHere((ids) => new Set(ids).add(alert.id));
    void submit({ intent: 'alert-read', alertId: alert.id });
  };

  const markAll = () => void readAll.submit({ intent: 'alerts-read-all' });
  const busy = loading || readAll.busy;

  const more = async () => {
    if (!nextBefore) return;
    setLoading(true);
    try {
      const next = await olderAlerts(nextBefore);
      setOlder((list) => [...list, ...next.alerts]);
      setNextBefore(next.nextBefore);
    } catch {
      // Told by the API client.
    } finally {
      setLoading(false);
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
            onClick={markAll}
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
                  onClick={() => markRead(alert)}
                  className={`block text-ink hover:text-brand-700 ${alert.read ? 'font-medium' : 'font-semibold'}`}
                >
                  {alert.title}
                </Link>
                <p className="text-sm text-slate-600">{alert.body}</p>
                <p className="mt-0.5 text-xs text-slate-500">
                  <time dateTime={alert.createdAt}>{timeAgo(alert.createdAt, clock)}</time>
                  {!alert.read && (
                    <>
                      {' · '}
                      <button
                        type="button"
                        onClick={() => markRead(alert)}
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
