import { type RefObject, useEffect, useState } from 'react';
import { Button } from '~/components/ui/button';
import { type ApplyMode, useApplyFilters } from '~/lib/apply-filters';
import { dayOf, type Filters, isDay } from '~/lib/filters';
import { formatSlashDate } from '~/lib/format';
import { AnchoredPopover } from './anchored-popover';
import { Calendar, type DayRange } from './calendar';

const toDate = (day: string | undefined) => {
  if (!day || !isDay(day)) return undefined;
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(y, m - 1, d);
};

/** 'YYYY/MM/DD' (or with dashes) typed by the visitor → 'YYYY-MM-DD', undefined when invalid. */
export function parseSlashDate(text: string): string | undefined {
  const match = /^\s*(\d{4})[/-](\d{1,2})[/-](\d{1,2})\s*$/.exec(text);
  if (!match) return undefined;
  const day = `${match[1]}-${match[2]!.padStart(2, '0')}-${match[3]!.padStart(2, '0')}`;
  return isDay(day) ? day : undefined;
}

/**
 * SPEC §2 date popup: a range calendar with a today button, dates shown and typed as
 * YYYY/MM/DD, Clear (both dates back to null, SPEC §4) and Apply.
 */
export default function DatePopover({
  anchor,
  open,
  onOpenChange,
  filters,
  mode,
}: {
  anchor: RefObject<HTMLButtonElement | null>;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  filters: Filters;
  mode: ApplyMode;
}) {
  const apply = useApplyFilters(mode, filters);
  const { dates } = filters;
  const onApply = (next: string[]) => apply((base) => ({ ...base, dates: next, page: 0 }));
  const [range, setRange] = useState<DayRange | undefined>(() => {
    const from = toDate(dates[0]);
    return from ? { from, to: toDate(dates[1]) ?? from } : undefined;
  });
  const [month, setMonth] = useState<Date>(() => toDate(dates[0]) ?? new Date());
  const today = new Date();
  today.setHours(0, 0, 0, 0);
  const from = range?.from ? dayOf(range.from) : '';
  const to = range?.to ? dayOf(range.to) : from;

  const setDay = (which: 'from' | 'to', text: string) => {
    const day = parseSlashDate(text);
    if (!day) return;
    const date = toDate(day)!;
    if (date < today) return;
    setMonth(date);
    setRange((current) => {
      const next = { from: current?.from, to: current?.to, [which]: date };
      if (!next.from || (next.to && next.to < next.from)) return { from: date, to: date };
      return { from: next.from, to: next.to };
    });
  };

  return (
    <AnchoredPopover
      anchor={anchor}
      open={open}
      onOpenChange={onOpenChange}
      label="Choose dates"
      className="w-[320px] p-4"
    >
      <h2 className="text-base font-bold">Choose dates</h2>
      <div className="mt-3 grid grid-cols-2 gap-2">
        <DayField label="Start date" value={from} onCommit={(text) => setDay('from', text)} />
        <DayField label="End date" value={to} onCommit={(text) => setDay('to', text)} />
      </div>
      <Calendar selected={range} onSelect={setRange} month={month} onMonthChange={setMonth} min={today} />
      <div className="mt-3 flex items-center gap-2 border-t border-slate-100 pt-3">
        <Button
          variant="ghost"
          size="sm"
          onClick={() => {
            setRange({ from: today, to: today });
            setMonth(today);
          }}
        >
          Today
        </Button>
        <Button
          variant="secondary"
          size="sm"
          className="ml-auto"
          onClick={() => {
            setRange(undefined);
            onApply([]);
          }}
        >
          Clear
        </Button>
        <Button
          size="sm"
          onClick={() => {
            onApply(from ? [from, to || from] : []);
            onOpenChange(false);
          }}
        >
          Apply
        </Button>
      </div>
    </AnchoredPopover>
  );
}

function DayField({ label, value, onCommit }: { label: string; value: string; onCommit: (text: string) => void }) {
  const [text, setText] = useState(value ? formatSlashDate(value) : '');
  // A day picked on the calendar shows here; the field is never remounted for it, so Tab
  // after typing a date moves on to the next field instead of dropping focus to the page.
  useEffect(() => {
    setText(value ? formatSlashDate(value) : '');
  }, [value]);
  return (
    <label className="block text-xs font-semibold text-slate-600">
      {label}
      <input
        type="text"
        inputMode="numeric"
        placeholder="YYYY/MM/DD"
        value={text}
        onChange={(event) => setText(event.target.value)}
        onBlur={() => onCommit(text)}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault();
            onCommit(text);
          }
        }}
        className="mt-1 h-10 w-full rounded-lg border border-slate-300 px-2 text-sm font-medium text-ink tabular-nums placeholder:text-slate-500 focus:border-brand-500 focus:outline-none"
      />
    </label>
  );
}
