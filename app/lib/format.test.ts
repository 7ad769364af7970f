import { describe, expect, it } from 'vitest';
import {
  countLabel,
  DATE_TBA,
  dateButtonLabel,
  dateTile,
  formatEventDate,
  formatEventDateTime,
  formatLocalTime,
  formatPrice,
  formatPriceRange,
  formatSlashDate,
  upcomingLabel,
  utcDay,
} from './format';

describe('event dates', () => {
  it('formats the venue-local date with its weekday', () => {
    expect(formatEventDate('2026-12-05')).toBe('Sat, Dec 5, 2026');
    expect(formatEventDateTime('2026-12-05', '20:00:00')).toBe('Sat, Dec 5, 2026 · 8:00 PM');
    expect(formatEventDateTime('2027-01-01', '00:30:00')).toBe('Fri, Jan 1, 2027 · 12:30 AM');
    expect(formatEventDateTime('2027-01-01', '12:05:00')).toBe('Fri, Jan 1, 2027 · 12:05 PM');
  });

  it("shows 'Date TBA' when the date is missing or malformed (SPEC §4)", () => {
    expect(formatEventDate(undefined)).toBe(DATE_TBA);
    expect(formatEventDate(null)).toBe('Date TBA');
    expect(formatEventDate('2026-02-30')).toBe('Date TBA');
    expect(formatEventDateTime(null, '20:00:00')).toBe('Date TBA');
  });

  it('keeps the date alone when the time is unknown', () => {
    expect(formatEventDateTime('2026-12-05', null)).toBe('Sat, Dec 5, 2026');
    expect(formatLocalTime('25:00:00')).toBeUndefined();
  });

  it('splits a date into a calendar tile', () => {
    expect(dateTile('2026-03-09')).toEqual({ month: 'MAR', day: '9', weekday: 'Mon', year: '2026' });
    expect(dateTile(undefined)).toBeUndefined();
  });
});

describe('prices', () => {
  it('shows USD with 2 decimals and thousands separators (SPEC §2)', () => {
    expect(formatPrice(45)).toBe('USD 45.00');
    expect(formatPrice(1250.5)).toBe('USD 1,250.50');
    expect(formatPrice(19.999)).toBe('USD 20.00');
    expect(formatPrice(30, 'EUR')).toBe('EUR 30.00');
  });

  it('formats ranges', () => {
    expect(formatPriceRange(45, 120)).toBe('USD 45.00 – USD 120.00');
    expect(formatPriceRange(45, 45)).toBe('USD 45.00');
    expect(formatPriceRange(45, undefined)).toBe('USD 45.00');
    expect(formatPriceRange(undefined, 80)).toBe('Up to USD 80.00');
    expect(formatPriceRange(null, null)).toBeUndefined();
  });
});

describe('date popup texts', () => {
  it("labels the button 'Dates' or 'MMM d - MMM d' (SPEC §2)", () => {
    expect(dateButtonLabel([])).toBe('Dates');
    expect(dateButtonLabel(undefined)).toBe('Dates');
    expect(dateButtonLabel(['2026-12-01', '2026-12-24'])).toBe('Dec 1 - Dec 24');
    expect(dateButtonLabel(['2026-12-31'])).toBe('Dec 31 - Dec 31');
  });

  it('uses the YYYY/MM/DD format', () => {
    expect(formatSlashDate('2026-12-01')).toBe('2026/12/01');
  });

  it('reads the UTC day of an instant', () => {
    expect(utcDay('2026-12-01T00:00:00Z')).toBe('2026-12-01');
    expect(utcDay('2026-12-01T23:30:00-05:00')).toBe('2026-12-02');
    expect(utcDay('nope')).toBeUndefined();
  });
});

it('labels counts', () => {
  expect(upcomingLabel(1204)).toBe('1,204 upcoming');
  expect(countLabel(1, 'event')).toBe('1 event');
  expect(countLabel(2, 'event')).toBe('2 events');
});
