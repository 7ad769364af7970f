import { useState } from 'react';
import type { CalendarFeed } from '#contracts/tracking';
import { useTrackingAction } from './use-tracking';

/**
 * The private calendar feed (ADR 0008): a secret address calendar apps subscribe to, listing
 * the watched events and following their changes. Anyone with the address can read it, so
 * it can be revoked (the old address stops working) and made again.
 */
export function CalendarFeedSettings({ feed }: { feed: CalendarFeed }) {
  const { submit, busy } = useTrackingAction();
  const [copied, setCopied] = useState(false);

  const create = () => {
    setCopied(false);
    void submit({ intent: 'feed-create' });
  };
  const revoke = () => {
    setCopied(false);
    void submit({ intent: 'feed-revoke' });
  };

  return (
    <div id="calendar" className="rounded-xl border border-slate-200 bg-white p-4">
      <h3 className="font-semibold text-ink">Calendar</h3>
      {feed ? (
        <>
          <p className="mt-1 text-sm text-slate-600">
            Subscribe to this private address in your calendar app to see the events you watch, with their changes. Keep
            it to yourself: anyone with it can read the list.
          </p>
          <div className="mt-2 flex flex-wrap items-center gap-2">
            <label htmlFor="calendar-feed-url" className="sr-only">
              Private calendar address
            </label>
            <input
              id="calendar-feed-url"
              readOnly
              value={feed.url}
              onFocus={(e) => e.currentTarget.select()}
              className="min-w-0 flex-1 rounded-md border border-slate-300 bg-slate-50 px-2 py-1.5 font-mono text-xs text-ink"
            />
            <button
              type="button"
              onClick={() =>
                void navigator.clipboard
                  ?.writeText(feed.url)
                  .then(() => setCopied(true))
                  .catch(() => undefined)
              }
              className="rounded-full border border-brand-600 px-3 py-1 text-sm font-semibold text-brand-700"
            >
              {copied ? 'Copied' : 'Copy'}
            </button>
            <a
              href={feed.url.replace(/^https?:/, 'webcal:')}
              className="rounded-full border border-brand-600 px-3 py-1 text-sm font-semibold text-brand-700"
            >
              Open in calendar app
            </a>
          </div>
          <button
            type="button"
            onClick={revoke}
            disabled={busy}
            className="mt-2 text-sm font-medium text-red-700 underline disabled:opacity-60"
          >
            Revoke this address
          </button>
        </>
      ) : (
        <>
          <p className="mt-1 text-sm text-slate-600">
            Get a private address for your calendar app: the events you watch appear there and stay up to date.
          </p>
          <button
            type="button"
            onClick={create}
            disabled={busy}
            className="mt-2 rounded-full bg-brand-600 px-4 py-1.5 text-sm font-semibold text-white disabled:opacity-60"
          >
            Create calendar address
          </button>
        </>
      )}
    </div>
  );
}
