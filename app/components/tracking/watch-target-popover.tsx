import { type RefObject, useEffect, useRef, useState } from 'react';
import { TICKET_CATEGORIES, type TicketCategory } from '#contracts/enum-values';
import type { WatchView } from '#contracts/tracking';
import { TICKET_CATEGORY_LABELS } from '~/lib/filters';
import { formatPrice } from '~/lib/format';
import { AnchoredPopover } from '../anchored-popover';
import { useTrackingAction } from './use-tracking';

/** 10 % under today's price, in whole units when it allows (the server's default, ADR 0025). */
const under = (price: number) => (price * 0.9 >= 1 ? Math.floor(price * 0.9) : Math.floor(price * 90) / 100);

/** Refusals this form shows beside its field; others are notified. */
const SHOWN = ['targetPrice'];

/**
 * Right after Watch, where the fan pressed it: which seats to track and the price to be
 * told about, starting from a target that can fire (under today's price for those seats).
 */
export default function WatchTargetPopover({
  anchor,
  watch: initial,
  eventName,
  onClose,
}: {
  anchor: RefObject<HTMLButtonElement | null>;
  watch: WatchView;
  eventName: string;
  onClose: () => void;
}) {
  const [watch, setWatch] = useState(initial);
  const [category, setCategory] = useState<TicketCategory>(initial.ticketCategory);
  const [target, setTarget] = useState(initial.targetPrice === null ? '' : String(initial.targetPrice));
  const { fetcher, submit, busy } = useTrackingAction(SHOWN);
  // What the answer on its way is for: other seats (reprice) or the alert itself (close).
  const sending = useRef<'seats' | 'alert'>('seats');
  const [saved, setSaved] = useState(false);
  const id = `watch-target-${initial.event.id}`;
  const answer = fetcher.state === 'idle' ? fetcher.data : undefined;
  const reason = answer && !answer.ok ? answer.fieldErrors?.targetPrice : undefined;
  const error = reason ? `The alert price ${reason}` : null;

  const handled = useRef(answer);
  useEffect(() => {
    if (!answer?.ok || !answer.watch || handled.current === answer) return;
    handled.current = answer;
    if (sending.current === 'alert') {
      setSaved(true);
      onClose();
      return;
    }
    const repriced = answer.watch;
    setWatch(repriced);
    // Keep a target the fan typed unless it could never fire for these seats.
    setTarget((typed) =>
      repriced.currentPrice !== null && (typed.trim() === '' || Number(typed) >= repriced.currentPrice)
        ? String(under(repriced.currentPrice))
        : typed,
    );
  }, [answer, onClose]);

  const changeSeats = (next: TicketCategory) => {
    setCategory(next);
    sending.current = 'seats';
    void submit({ intent: 'watch', eventId: initial.event.id, ticketCategory: next });
  };

  // The server parses the price as the API does ('$1,250.50' is fine, '12.345' is refused).
  const save = (event: React.FormEvent) => {
    event.preventDefault();
    sending.current = 'alert';
    void submit({ intent: 'watch', eventId: initial.event.id, ticketCategory: category, targetPrice: target });
  };

  return (
    <AnchoredPopover
      anchor={anchor}
      open={!saved}
      onOpenChange={(open) => !open && onClose()}
      label="Price alert"
      className="w-[300px] p-4"
    >
      <form onSubmit={save} noValidate>
        <h2 className="text-base font-bold">Watching</h2>
        <p className="mt-0.5 line-clamp-2 text-sm text-slate-600">{eventName}</p>
        <label className="mt-3 block text-xs font-semibold text-slate-600">
          Seats
          <select
            value={category}
            disabled={busy}
            onChange={(e) => changeSeats(e.target.value as TicketCategory)}
            className="mt-1 block h-10 w-full rounded-lg border border-slate-300 bg-white px-2 text-sm text-ink"
          >
            {TICKET_CATEGORIES.map((c) => (
              <option key={c} value={c}>
                {TICKET_CATEGORY_LABELS[c]}
              </option>
            ))}
          </select>
        </label>
        <p className="mt-2 text-sm text-slate-700">
          {watch.currentPrice === null
            ? 'No price published yet.'
            : `Today: ${formatPrice(watch.currentPrice, watch.currency)}`}
        </p>
        <label htmlFor={id} className="mt-2 block text-xs font-semibold text-slate-600">
          Alert me at or below ({watch.currency})
        </label>
        <input
          id={id}
          inputMode="decimal"
          value={target}
          placeholder="No price alert"
          onChange={(e) => setTarget(e.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          className="mt-1 block h-10 w-full rounded-lg border border-slate-300 px-2 text-sm text-ink tabular-nums"
        />
        {error && (
          <p id={`${id}-error`} role="alert" className="mt-1 text-sm text-red-700">
            {error}
          </p>
        )}
        <div className="mt-3 flex items-center justify-end gap-2">
          <button
            type="button"
            onClick={onClose}
            className="rounded-full px-3 py-2 text-sm font-semibold text-slate-700 hover:bg-slate-100"
          >
            Not now
          </button>
          <button
            type="submit"
            disabled={busy}
            className="rounded-full bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700 disabled:opacity-60"
          >
            Save alert
          </button>
        </div>
      </form>
    </AnchoredPopover>
  );
}
