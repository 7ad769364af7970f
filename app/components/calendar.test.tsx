import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Calendar, dayLabel, monthWeeks, nextRange } from './calendar';

const day = (y: number, m: number, d: number) => new Date(y, m - 1, d);
const ymd = (date: Date) => `${date.getFullYear()}-${date.getMonth() + 1}-${date.getDate()}`;

describe('monthWeeks', () => {
  it('shows the weeks that hold the month, Sunday first, filled from the months around it', () => {
    // December 2026 starts on a Tuesday and ends on a Thursday: five weeks.
    const weeks = monthWeeks(day(2026, 12, 15));
    expect(weeks).toHaveLength(5);
    expect(weeks.every((week) => week.length === 7 && week[0]!.getDay() === 0)).toBe(true);
    expect(ymd(weeks[0]![0]!)).toBe('2026-11-29');
    expect(ymd(weeks[4]![6]!)).toBe('2027-1-2');
  });

  it('gives a February that starts on a Sunday four weeks, and a 31-day month starting on a Saturday six', () => {
    expect(monthWeeks(day(2026, 2, 1))).toHaveLength(4);
    const august = monthWeeks(day(2026, 8, 1));
    expect(august).toHaveLength(6);
    expect(ymd(august[5]![1]!)).toBe('2026-8-31');
  });

  it('counts days, not hours, across a change to summer time (New York, 14 March 2027)', () => {
    const zone = process.env.TZ;
    process.env.TZ = 'America/New_York';
    try {
      const march = monthWeeks(day(2027, 3, 1)).flat();
      expect(march.every((date) => date.getHours() === 0)).toBe(true);
      expect(new Set(march.map(ymd)).size).toBe(march.length);
      expect(ymd(march.at(-1)!)).toBe('2027-4-3');
    } finally {
      if (zone === undefined) delete process.env.TZ;
      else process.env.TZ = zone;
    }
  });
});

describe('nextRange', () => {
  const from = day(2026, 12, 10);
  it('starts a range, then ends it with a later day', () => {
    expect(nextRange(undefined, from)).toEqual({ from });
    expect(nextRange({ from }, day(2026, 12, 20))).toEqual({ from, to: day(2026, 12, 20) });
  });

  it('takes an earlier day as a new start', () => {
    expect(nextRange({ from }, day(2026, 12, 5))).toEqual({ from: day(2026, 12, 5) });
  });

  it('extends a single day (Today, or dates typed the same) and starts over after a range of several', () => {
    expect(nextRange({ from, to: from }, day(2026, 12, 12))).toEqual({ from, to: day(2026, 12, 12) });
    expect(nextRange({ from, to: day(2026, 12, 12) }, day(2026, 12, 14))).toEqual({ from: day(2026, 12, 14) });
  });
});

describe('dayLabel', () => {
  it('starts with the number shown and says today and selected', () => {
    expect(dayLabel(day(2026, 12, 10), {})).toBe('10 December 2026, Thursday');
    expect(dayLabel(day(2026, 11, 24), { today: true, selected: true })).toBe(
      '24 November 2026, Tuesday, today, selected',
    );
  });
});

describe('Calendar', () => {
  afterEach(() => vi.useRealTimers());

  const render = (selected?: { from: Date; to?: Date }) =>
    renderToString(
      <Calendar
        selected={selected}
        onSelect={() => undefined}
        month={day(2026, 11, 1)}
        onMonthChange={() => undefined}
        min={day(2026, 11, 24)}
      />,
    );
  const buttonFor = (html: string, label: string) =>
    html.match(new RegExp(`<button[^>]*aria-label="${label}"[^>]*>`))?.[0];

  it('disables the days before the first that can be picked, and the way back to earlier months', () => {
    vi.useFakeTimers({ now: day(2026, 11, 24), toFake: ['Date'] });
    const html = render();
    expect(html).toContain('role="grid"');
    expect(html).toContain('November 2026');
    expect(buttonFor(html, '23 November 2026, Monday')).toContain(' disabled=""');
    expect(buttonFor(html, '24 November 2026, Tuesday, today')).not.toContain(' disabled=""');
    expect(buttonFor(html, 'Go to the previous month')).toContain(' disabled=""');
    expect(buttonFor(html, 'Go to the next month')).not.toContain(' disabled=""');
  });

  it('puts one day in the tab order (today with nothing picked, else the start) and names the picked days', () => {
    vi.useFakeTimers({ now: day(2026, 11, 24), toFake: ['Date'] });
    expect(buttonFor(render(), '24 November 2026, Tuesday, today')).toContain('tabindex="0"');
    const html = render({ from: day(2026, 11, 26), to: day(2026, 11, 28) });
    expect(buttonFor(html, '26 November 2026, Thursday, selected')).toContain('tabindex="0"');
    expect(buttonFor(html, '27 November 2026, Friday, selected')).toContain('tabindex="-1"');
    expect(buttonFor(html, '28 November 2026, Saturday, selected')).toBeDefined();
    expect(buttonFor(html, '29 November 2026, Sunday')).toBeDefined();
    expect(html.match(/tabindex="0"/g)).toHaveLength(1);
  });
});
