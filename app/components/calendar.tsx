import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';

export type DayRange = { from: Date; to?: Date };

const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];
const WEEKDAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

/** Local midnight of the day `days` after `date`. */
const addDays = (date: Date, days: number) => new Date(date.getFullYear(), date.getMonth(), date.getDate() + days);
/** The first day of the month `months` after `date`'s. */
const firstOf = (date: Date, months = 0) => new Date(date.getFullYear(), date.getMonth() + months, 1);
/** The same day `months` later, on the month's last day when it has fewer days. */
function addMonths(date: Date, months: number): Date {
  const first = firstOf(date, months);
  const last = new Date(first.getFullYear(), first.getMonth() + 1, 0).getDate();
  return new Date(first.getFullYear(), first.getMonth(), Math.min(date.getDate(), last));
}
const sameDay = (a: Date | undefined, b: Date | undefined) =>
  !!a && !!b && a.getFullYear() === b.getFullYear() && a.getMonth() === b.getMonth() && a.getDate() === b.getDate();
const sameMonth = (a: Date, b: Date) => a.getFullYear() === b.getFullYear() && a.getMonth() === b.getMonth();

/** Day buttons are named starting with the number they show (WCAG 2.5.3 label in name). */
export function dayLabel(date: Date, state: { today?: boolean; selected?: boolean }): string {
  const name = `${date.getDate()} ${MONTH_NAMES[date.getMonth()]} ${date.getFullYear()}, ${WEEKDAY_NAMES[date.getDay()]}`;
  return `${name}${state.today ? ', today' : ''}${state.selected ? ', selected' : ''}`;
}

/**
 * The weeks (Sunday first) that hold `month`'s days, with the days of the months around it
 * filling the first and last. Local dates: the calendar is the visitor's.
 */
export function monthWeeks(month: Date): Date[][] {
  const first = firstOf(month);
  const days = new Date(month.getFullYear(), month.getMonth() + 1, 0).getDate();
  const start = addDays(first, -first.getDay());
  const count = Math.ceil((first.getDay() + days) / 7);
  return Array.from({ length: count }, (_, week) =>
    Array.from({ length: 7 }, (_, day) => addDays(start, week * 7 + day)),
  );
}

/**
 * A press after a start (or a single day) picks the end, or a new start when it comes before
 * it; a press on a range of several days starts a new one.
 */
export function nextRange(range: DayRange | undefined, day: Date): DayRange {
  if (!range || (range.to && !sameDay(range.from, range.to)) || day < range.from) return { from: day };
  return { from: range.from, to: day };
}

/**
 * A month of days to pick a range from (SPEC §2 date popup), as the WAI-ARIA date picker
 * grid: one day in the tab order, arrows move a day or a week, Home and End to the week's
 * ends, Page Up and Page Down a month (with Shift a year), Enter or Space picks. Days before
 * `min` are shown and disabled. Written here rather than taken from a date-picker package:
 * this is all the popup uses, and a tap on 'Dates' waits for its code (ADR 0045).
 */
export function Calendar({
  selected,
  onSelect,
  month,
  onMonthChange,
  min,
}: {
  selected: DayRange | undefined;
  onSelect: (range: DayRange) => void;
  month: Date;
  onMonthChange: (month: Date) => void;
  /** The first day that can be picked (today). */
  min: Date;
}) {
  const caption = useId();
  const grid = useRef<HTMLTableElement>(null);
  const today = new Date();
  const weeks = monthWeeks(month);
  const visible = (day: Date) => sameMonth(day, month) && day >= min;
  const [focused, setFocused] = useState<Date | undefined>();
  // The day in the tab order: the one last moved to, else the start, else today, else the 1st.
  const tabbable =
    [focused, selected?.from, today, firstOf(month)].find((day): day is Date => !!day && visible(day)) ??
    weeks.flat().find(visible);
  // A key moved focus to a day not yet rendered (another month): focus it once it is.
  const moved = useRef(false);
  useEffect(() => {
    if (!moved.current) return;
    moved.current = false;
    grid.current?.querySelector<HTMLButtonElement>('button[tabindex="0"]')?.focus();
  });

  const canGoBack = !sameMonth(month, min) && month > min;
  const go = (months: number) => onMonthChange(firstOf(month, months));

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, day: Date) => {
    const target = keyMove(event.key, day, event.shiftKey);
    if (!target) return;
    event.preventDefault();
    const next = target < min ? min : target;
    setFocused(next);
    moved.current = true;
    if (!sameMonth(next, month)) onMonthChange(firstOf(next));
  };

  const from = selected?.from;
  const to = selected?.to;
  return (
    <div className="mt-2 text-sm">
      <div className="flex h-10 items-center justify-between">
        <h3 id={caption} aria-live="polite" className="pl-1 text-base font-bold">
          {MONTH_NAMES[month.getMonth()]} {month.getFullYear()}
        </h3>
        <div className="flex">
          <NavButton
            label="Go to the previous month"
            disabled={!canGoBack}
            onClick={() => go(-1)}
            d="M12.5 4 6.5 10l6 6"
          />
          <NavButton label="Go to the next month" onClick={() => go(1)} d="M7.5 4l6 6-6 6" />
        </div>
      </div>
      {/* biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: the WAI-ARIA date picker's grid is a table; its day buttons take focus */}
      <table ref={grid} role="grid" aria-labelledby={caption} className="mt-1 w-full border-collapse">
        <thead>
          <tr>
            {WEEKDAY_NAMES.map((name) => (
              <th key={name} scope="col" abbr={name} className="h-8 text-xs font-normal text-slate-500">
                {name.slice(0, 2)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {weeks.map((week) => (
            <tr key={week[0]!.getTime()}>
              {week.map((day) => {
                const outside = !sameMonth(day, month);
                const disabled = day < min;
                const isStart = sameDay(day, from);
                const isEnd = sameDay(day, to ?? from);
                const inRange = !!from && day >= from && day <= (to ?? from);
                const isToday = sameDay(day, today);
                // The band between the ends: half a cell on the ends' inner sides.
                const band =
                  from && to && !sameDay(from, to)
                    ? isStart
                      ? 'bg-[linear-gradient(to_right,transparent_50%,var(--color-brand-100)_50%)]'
                      : isEnd
                        ? 'bg-[linear-gradient(to_left,transparent_50%,var(--color-brand-100)_50%)]'
                        : inRange
                          ? 'bg-brand-100'
                          : ''
                    : '';
                return (
                  <td
                    key={day.getTime()}
                    data-outside={outside || undefined}
                    className={`h-10 p-0 text-center ${band}`}
                  >
                    <button
                      type="button"
                      tabIndex={sameDay(day, tabbable) ? 0 : -1}
                      disabled={disabled}
                      aria-label={dayLabel(day, { today: isToday, selected: inRange })}
                      onClick={() => {
                        setFocused(day);
                        onSelect(nextRange(selected, day));
                      }}
                      onKeyDown={(event) => onKeyDown(event, day)}
                      className={`mx-auto grid h-[38px] w-[38px] place-items-center rounded-full tabular-nums focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-brand-600 disabled:cursor-not-allowed disabled:text-slate-300 ${
                        isStart || isEnd
                          ? 'bg-brand-600 font-bold text-white'
                          : inRange
                            ? 'font-bold text-brand-900'
                            : outside
                              ? 'text-slate-500 enabled:hover:bg-slate-100'
                              : 'text-ink enabled:hover:bg-slate-100'
                      } ${isToday && !outside ? 'font-extrabold underline decoration-2 underline-offset-4' : ''}`}
                    >
                      {day.getDate()}
                    </button>
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Where a key moves focus from `day` (the WAI-ARIA date picker grid's keys). */
function keyMove(key: string, day: Date, shift: boolean): Date | undefined {
  switch (key) {
    case 'ArrowLeft':
      return addDays(day, -1);
    case 'ArrowRight':
      return addDays(day, 1);
    case 'ArrowUp':
      return addDays(day, -7);
    case 'ArrowDown':
      return addDays(day, 7);
    case 'Home':
      return addDays(day, -day.getDay());
    case 'End':
      return addDays(day, 6 - day.getDay());
    case 'PageUp':
      return addMonths(day, shift ? -12 : -1);
    case 'PageDown':
      return addMonths(day, shift ? 12 : 1);
    default:
      return undefined;
  }
}

function NavButton({
  label,
  d,
  disabled,
  onClick,
}: {
  label: string;
  d: string;
  disabled?: boolean;
  onClick: () => void;
}) {
  return (
    <button
      type="button"
      aria-label={label}
      disabled={disabled}
      onClick={onClick}
      className="grid h-10 w-10 place-items-center rounded-full text-brand-600 hover:bg-brand-50 disabled:text-slate-300 disabled:hover:bg-transparent"
    >
      <svg aria-hidden="true" viewBox="0 0 20 20" className="h-5 w-5 fill-none stroke-current stroke-2">
        <path d={d} strokeLinecap="round" strokeLinejoin="round" />
      </svg>
    </button>
  );
}
