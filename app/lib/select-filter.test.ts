import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  debounce,
  filterOptions,
  rowWindow,
  SELECT_FILTER_DEBOUNCE_MS,
  SELECT_ITEM_SIZE,
  scrollToRow,
} from './select-filter';

describe('select filter constants (SPEC §9)', () => {
  it('debounces 500 ms and sizes rows 24 dense, 48 otherwise', () => {
    expect(SELECT_FILTER_DEBOUNCE_MS).toBe(500);
    expect(SELECT_ITEM_SIZE).toEqual({ dense: 24, normal: 48 });
  });
});

describe('rowWindow', () => {
  it('keeps the rows in view plus the overscan below at the top of a long list', () => {
    expect(rowWindow(0, 240, 48, 1000, 2)).toEqual({ start: 0, end: 7, offset: 0, total: 48_000 });
  });

  it('keeps the overscan on both sides in the middle, offset to the first kept row', () => {
    // Row 100 starts at 2400 px with 24 px rows; 5 rows fit in 120 px.
    expect(rowWindow(2400, 120, 24, 1000, 2)).toEqual({ start: 98, end: 107, offset: 98 * 24, total: 24_000 });
  });

  it('counts a row cut by the bottom edge as in view', () => {
    expect(rowWindow(10, 120, 24, 1000, 0)).toMatchObject({ start: 0, end: 6 });
  });

  it('stops at the last row and clamps a scroll past the end or before the start', () => {
    expect(rowWindow(99_999, 240, 48, 13, 2)).toMatchObject({ start: 6, end: 13, offset: 6 * 48 });
    expect(rowWindow(-50, 240, 48, 13, 2)).toMatchObject({ start: 0, end: 7 });
  });

  it('holds every row of a list shorter than the view, and none of an empty one', () => {
    expect(rowWindow(0, 240, 48, 3, 2)).toEqual({ start: 0, end: 3, offset: 0, total: 144 });
    expect(rowWindow(0, 240, 48, 0, 2)).toEqual({ start: 0, end: 0, offset: 0, total: 0 });
  });
});

describe('scrollToRow', () => {
  it('scrolls up or down just enough to show the row, and not at all when it shows', () => {
    expect(scrollToRow(480, 240, 48, 5)).toBe(240);
    expect(scrollToRow(0, 240, 48, 7)).toBe(7 * 48 + 48 - 240);
    expect(scrollToRow(0, 240, 48, 2)).toBe(0);
  });
});

describe('filterOptions', () => {
  const countries = [
    { value: 'US', label: 'United States' },
    { value: 'GB', label: 'United Kingdom' },
    { value: 'AT', label: 'Österreich' },
  ];
  it('keeps the options whose label holds the text, case and accents aside', () => {
    expect(filterOptions(countries, ' united k').map((c) => c.value)).toEqual(['GB']);
    expect(filterOptions(countries, 'oster').map((c) => c.value)).toEqual(['AT']);
  });
  it('keeps every option for blank text and none for text no label holds', () => {
    expect(filterOptions(countries, '  ')).toEqual(countries);
    expect(filterOptions(countries, 'zz')).toEqual([]);
  });
});

describe('debounce', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('calls once with the latest value, 500 ms after the last call', () => {
    vi.useFakeTimers();
    const seen: string[] = [];
    const filter = debounce((text: string) => seen.push(text));
    filter.call('f');
    vi.advanceTimersByTime(400);
    filter.call('fr');
    vi.advanceTimersByTime(499);
    expect(seen).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(seen).toEqual(['fr']);
    vi.advanceTimersByTime(5000);
    expect(seen).toEqual(['fr']);
  });

  it('calls nothing once cancelled', () => {
    vi.useFakeTimers();
    const seen: string[] = [];
    const filter = debounce((text: string) => seen.push(text));
    filter.call('ja');
    filter.cancel();
    vi.advanceTimersByTime(SELECT_FILTER_DEBOUNCE_MS * 2);
    expect(seen).toEqual([]);
  });
});
