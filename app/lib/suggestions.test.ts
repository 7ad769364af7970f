import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { suggestionAheadUrl } from '~/components/hydration/suggest-ahead';
import { filtersFromCookie } from './preferences';
import { suggestionTemplate, suggestionUrl } from './suggestions';

/** Remembered filters as the browser writes them in its cookie (lib/preferences.ts). */
const param = fc.oneof(
  fc.tuple(fc.constantFrom('near', 'city', 'postalCode', 'segmentId', 'genreId', 'venueId'), fc.string()),
  fc.tuple(fc.constant('geoPoint'), fc.constantFrom('30.2672:-97.7431', '-33.8688:151.2093')),
  fc.tuple(fc.constant('countryCode'), fc.constantFrom('US', 'GB', 'JP')),
  fc.tuple(fc.constant('locale'), fc.constantFrom('en', 'fr-CA')),
  fc.tuple(fc.constant('radius'), fc.constantFrom('25', '100', '250')),
  fc.tuple(fc.constant('unit'), fc.constantFrom('miles', 'km')),
  fc.tuple(fc.constant('source'), fc.constantFrom('ticketmaster', 'tmr', 'universe')),
  fc.tuple(fc.constant('sort'), fc.constantFrom('relevance,desc', 'date,asc', 'name,asc')),
  fc.tuple(fc.constant('ticketCategory'), fc.constantFrom('cheapest', 'front_row')),
  fc.tuple(fc.constant('priceRanges'), fc.constantFrom('0-50', '50-100', '100-')),
);
const remembered = fc
  .array(param, { maxLength: 8 })
  .map((pairs) => filtersFromCookie(`encoreFilters=${encodeURIComponent(new URLSearchParams(pairs).toString())}`));
/** What a visitor types: trimmed, as both the box and the early request send it. */
const keyword = fc
  .oneof(fc.string(), fc.constantFrom('taylor', 'AC/DC & friends', 'Beyoncé', 'a+b=c?', '100%'))
  .map((text) => text.trim())
  .filter(Boolean);
// Any moment from 2026 to 2030, the last days of a year (a longer default window) among them.
const moment = fc
  .integer({ min: Date.UTC(2026, 0, 1), max: Date.UTC(2030, 11, 31, 23, 59, 59) })
  .map((ms) => new Date(ms));

describe("a search box's suggestions asked for before it has code (ADR 0046)", () => {
  it('are the request the box itself sends for the same keyword at the same moment', () => {
    fc.assert(
      fc.property(remembered, keyword, moment, (filters, typed, at) => {
        const template = suggestionTemplate(filters);
        expect(template).toBeDefined();
        expect(suggestionAheadUrl(template!, typed, at)).toBe(suggestionUrl(filters, typed, at));
      }),
      { numRuns: 2_000 },
    );
  });

  it('ask within the remembered place, window and size', () => {
    const filters = filtersFromCookie(
      `encoreFilters=${encodeURIComponent('geoPoint=30.2672:-97.7431&radius=25&unit=km&genreId=g1&genreId=g2')}`,
    );
    const url = new URL(
      suggestionAheadUrl(suggestionTemplate(filters)!, 'the killers', new Date('2026-12-20T10:00:00.500Z')),
      'http://encore.test',
    );
    expect(url.pathname).toBe('/api/events/search');
    expect(url.searchParams.get('keyword')).toBe('the killers');
    expect(url.searchParams.get('startDateTime')).toBe('2026-12-20T10:00:00Z');
    // Within the year's last two weeks the default window runs to the end of next year.
    expect(url.searchParams.get('endDateTime')).toBe('2027-12-31T23:59:59Z');
    expect(url.searchParams.get('geoPoint')).toBe('30.2672:-97.7431');
    expect(url.searchParams.get('radius')).toBe('25');
    expect(url.searchParams.get('unit')).toBe('km');
    expect(url.searchParams.getAll('genreId')).toEqual(['g1', 'g2']);
    expect(url.searchParams.get('size')).toBe('5');
    expect(url.searchParams.has('countryCode')).toBe(false);
  });

  it('are not asked for with chosen dates: a range from today starts at the visitor’s own now', () => {
    const filters = filtersFromCookie(`encoreFilters=${encodeURIComponent('startDateTime=2026-12-10T00:00:00Z')}`);
    expect(filters.dates).toEqual(['2026-12-10']);
    expect(suggestionTemplate(filters)).toBeUndefined();
  });
});
