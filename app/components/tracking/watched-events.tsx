import { useCallback, useEffect, useState } from 'react';
import { TICKET_CATEGORIES, type TicketCategory } from '#contracts/enum-values';
import { TICKET_CATEGORY_LABELS } from '~/lib/filters';
import { formatPrice } from '~/lib/format';
import { eventStatus } from '~/lib/status';
import type { PastWatchView, WatchRowView } from '~/lib/tracking-view';
import { PageLink } from '../ui/page-link';
import { StatusBadge } from '../ui/status-badge';
import { PriceChart } from './price-chart';
import { ShowAllLink } from './show-all-link';
import { useTrackingAction } from './use-tracking';

/** The status badge of a watched event (SPEC §4), by its code. */
const watchStatus = (code: string) => {
  const status = eventStatus(code);
  return status && { code, ...status };
};

function Change({ watch }: { watch: WatchRowView }) {
  if (watch.change === null) return null;
  if (Math.abs(watch.change) < 0.005)
    return <p className="text-sm text-slate-500">No change since you started watching</p>;
  const down = watch.change < 0;
  return (
    <p className={`text-sm font-medium ${down ? 'text-emerald-700' : 'text-red-700'}`}>
      {down ? '▼' : '▲'} {formatPrice(Math.abs(watch.change), watch.currency)} since you started watching
    </p>
  );
}

/** Refusals the alert editor shows beside its field; others are notified. */
const SHOWN = ['targetPrice'];

/** The price alert of one watch: seat category and target, edited in place. */
function AlertEditor({ watch, onSaved, onClose }: { watch: WatchRowView; onSaved: () => void; onClose: () => void }) {
  const [category, setCategory] = useState<TicketCategory>(watch.ticketCategory);
  const [target, setTarget] = useState(watch.targetPrice === null ? '' : String(watch.targetPrice));
  const { fetcher, submit, busy: saving } = useTrackingAction(SHOWN);
  const targetId = `target-${watch.id}`;
  // Settled answers only: the page's data is read again before the row shows the new alert.
  const answer = fetcher.state === 'idle' ? fetcher.data : undefined;
  const reason = answer && !answer.ok ? answer.fieldErrors?.targetPrice : undefined;
  const error = reason ? `The alert price ${reason}` : null;

  useEffect(() => {
    if (answer?.ok) onSaved();
  }, [answer, onSaved]);

  const save = (e: React.FormEvent) => {
    e.preventDefault();
    void submit({ intent: 'watch', eventId: watch.id, ticketCategory: category, targetPrice: target });
  };

  return (
    <form onSubmit={save} className="mt-2 flex flex-wrap items-end gap-2" noValidate>
      <label className="text-xs font-medium text-slate-600">
        Seats
        <select
          value={category}
          onChange={(e) => setCategory(e.target.value as TicketCategory)}
          className="mt-0.5 block rounded-md border border-slate-300 bg-white px-2 py-1.5 text-sm text-ink"
        >
          {TICKET_CATEGORIES.map((c) => (
            <option key={c} value={c}>
              {TICKET_CATEGORY_LABELS[c]}
            </option>
          ))}
        </select>
      </label>
      <label htmlFor={targetId} className="text-xs font-medium text-slate-600">
        Alert me at or below ({watch.currency})
        <input
          id={targetId}
          inputMode="decimal"
          value={target}
          placeholder="No price alert"
          onChange={(e) => setTarget(e.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${targetId}-error` : undefined}
          className="mt-0.5 block w-32 rounded-md border border-slate-300 px-2 py-1.5 text-sm text-ink"
        />
      </label>
      <button
        type="submit"
        disabled={saving}
        className="rounded-full bg-brand-600 px-4 py-1.5 text-sm font-semibold text-white hover:bg-brand-700 disabled:opacity-50"
      >
        Save alert
      </button>
      <button type="button" onClick={onClose} className="text-sm text-slate-600 underline">
        Cancel
      </button>
      {error && (
        <p id={`${targetId}-error`} role="alert" className="w-full text-sm text-red-700">
          {error}
        </p>
      )}
    </form>
  );
}

function WatchRow({ watch, apiBase }: { watch: WatchRowView; apiBase: string }) {
  const [editing, setEditing] = useState(false);
  const [saved, setSaved] = useState(false);
  const { submit } = useTrackingAction();
  const onSaved = useCallback(() => {
    setEditing(false);
    setSaved(true);
  }, []);

  return (
    <li id={`watch-${watch.id}`} data-testid="watch" className="tracked-card scroll-mt-24">
      <div className="flex flex-wrap gap-4">
        {watch.thumb ? (
          <img
            src={watch.thumb}
            width={96}
            height={72}
            alt=""
            loading="lazy"
            decoding="async"
            className="h-18 w-24 shrink-0 rounded-lg object-cover"
          />
        ) : (
          <div aria-hidden="true" className="h-18 w-24 shrink-0 rounded-lg bg-brand-100" />
        )}
        <div className="min-w-0 flex-1">
          <p className="flex flex-wrap items-center gap-2">
            <PageLink to={watch.url} className="font-semibold text-ink hover:text-brand-700">
              {watch.name}
            </PageLink>
            <StatusBadge status={watchStatus(watch.statusCode)} compact />
          </p>
          <p className="text-sm text-slate-600">{watch.where ? `${watch.when} · ${watch.where}` : watch.when}</p>
          {watch.changes.length > 0 && (
            <ul className="mt-1 text-sm text-amber-900" aria-label="Changes since you started watching">
              {watch.changes.map((change) => (
                <li key={change}>{change}</li>
              ))}
            </ul>
          )}
          <p className="mt-2 text-sm text-slate-600">
            {TICKET_CATEGORY_LABELS[watch.ticketCategory]} now{' '}
            <strong className="text-base text-ink">
              {watch.currentPrice === null ? 'no price yet' : formatPrice(watch.currentPrice, watch.currency)}
            </strong>
            {' · '}
            {watch.targetPrice === null
              ? 'no price alert'
              : `alert at ${formatPrice(watch.targetPrice, watch.currency)}`}
            {watch.atOrBelowTarget && (
              <span className="ml-2 rounded-full bg-emerald-50 px-2 py-0.5 text-xs font-semibold text-emerald-800">
                At or below your target
              </span>
            )}
          </p>
          <Change watch={watch} />
        </div>
        <PriceChart spark={watch.spark} target={watch.targetPrice} currency={watch.currency} />
      </div>
      {editing ? (
        <AlertEditor watch={watch} onClose={() => setEditing(false)} onSaved={onSaved} />
      ) : (
        <div className="watch-actions">
          <button
            type="button"
            onClick={() => {
              setEditing(true);
              setSaved(false);
            }}
            className="edit"
            aria-label={`Edit the price alert for ${watch.name}`}
          >
            Edit alert
          </button>
          {watch.hasDate && (
            <a href={`${apiBase}/calendar/events/${encodeURIComponent(watch.id)}.ics`} download>
              Add to calendar (.ics)
            </a>
          )}
          <button type="button" onClick={() => void submit({ intent: 'unwatch', eventId: watch.id })} className="stop">
            Stop watching
          </button>
          <span role="status" className="text-emerald-700">
            {saved ? 'Alert saved' : ''}
          </span>
        </div>
      )}
    </li>
  );
}

/**
 * Watched events by date, upcoming first (the soonest WATCHES_SHOWN unless the fan asked for
 * all of them), then the ones already past. `count` is every watched event, shown or not.
 */
export function WatchedEvents({
  upcoming,
  past,
  count,
  apiBase,
}: {
  upcoming: WatchRowView[];
  past: PastWatchView[];
  count: number;
  apiBase: string;
}) {
  const hidden = count - upcoming.length - past.length;
  return (
    <section id="watching" aria-labelledby="watching-title" className="scroll-mt-24">
      <h2 id="watching-title" className="text-xl font-semibold text-ink">
        Watching <span className="text-base font-normal text-slate-500">({count})</span>
      </h2>
      {count === 0 ? (
        <div className="mt-3 rounded-xl border border-dashed border-slate-300 bg-white px-4 py-6 text-slate-600">
          <p>
            You are not watching any events yet. Open an event and press <strong>Watch</strong>: we keep an eye on its
            price for the seats you want and on its date, and tell you when it matters.
          </p>
          <PageLink to="/search" className="mt-3 inline-block font-semibold text-brand-700 underline">
            Find events
          </PageLink>
        </div>
      ) : (
        <>
          <ul className="mt-3 flex flex-col gap-3">
            {upcoming.map((watch) => (
              <WatchRow key={watch.id} watch={watch} apiBase={apiBase} />
            ))}
          </ul>
          {hidden > 0 && (
            <ShowAllLink section="watching">
              Show all {count} watched events ({hidden} more)
            </ShowAllLink>
          )}
          {past.length > 0 && (
            <>
              <h3 className="mt-6 text-base font-semibold text-slate-700">Past</h3>
              <ul className="mt-2 flex flex-col gap-1 text-sm text-slate-600">
                {past.map((watch) => (
                  <li key={watch.id}>
                    <PageLink to={watch.url} className="underline">
                      {watch.name}
                    </PageLink>{' '}
                    · {watch.when}
                  </li>
                ))}
              </ul>
            </>
          )}
        </>
      )}
    </section>
  );
}
