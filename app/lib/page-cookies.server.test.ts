import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { renderedCookies } from './page-cookies.server';
import { filtersFromCookie } from './preferences';
import { viewportFromCookie } from './viewport.server';

/** Filter parameters as browsers write them, and as visitors could make them up. */
const param = fc.oneof(
  fc.tuple(fc.constantFrom('keyword', 'near', 'city', 'postalCode', 'segmentId', 'genreId', 'venueId'), fc.string()),
  fc.tuple(fc.constant('geoPoint'), fc.oneof(fc.constant('30.2672:-97.7431'), fc.string())),
  fc.tuple(fc.constantFrom('startDateTime', 'endDateTime'), fc.oneof(fc.constant('2026-12-10T00:00:00Z'), fc.string())),
  fc.tuple(fc.constant('countryCode'), fc.constantFrom('US', 'gb', 'XX', '')),
  fc.tuple(fc.constant('locale'), fc.constantFrom('en', 'fr-CA', '*', 'not a locale')),
  fc.tuple(fc.constant('radius'), fc.oneof(fc.constantFrom('25', '100', '-4', '1e9', 'x'), fc.string())),
  fc.tuple(fc.constant('unit'), fc.constantFrom('miles', 'km', 'leagues')),
  fc.tuple(fc.constant('source'), fc.constantFrom('ticketmaster', 'tmr', 'made-up')),
  fc.tuple(fc.constant('sort'), fc.constantFrom('relevance,desc', 'date,asc', 'name,asc', 'made-up')),
  fc.tuple(fc.constant('ticketCategory'), fc.constantFrom('cheapest', 'front_row', 'made-up')),
  fc.tuple(fc.constant('priceRanges'), fc.constantFrom('0-50', '50-100', 'made-up')),
  fc.tuple(fc.constantFrom('page', 'made-up'), fc.string()),
);
const filtersValue = fc.oneof(
  fc.array(param, { maxLength: 8 }).map((pairs) => encodeURIComponent(new URLSearchParams(pairs).toString())),
  fc.string(),
);
const viewportValue = fc.oneof(fc.constantFrom('xs', 'sm', 'md', 'lg', 'xl', 'XL', ''), fc.string());
const cookie = fc.oneof(
  filtersValue.map((value) => `encoreFilters=${value}`),
  viewportValue.map((value) => `encoreViewport=${value}`),
  fc.constantFrom('analytics=1', 'encoreSession=token', 'encoreFilters', 'a=b=c'),
);
const header = fc.array(cookie, { maxLength: 5 }).map((parts) => parts.join('; '));

describe('the cookies a page render reads (page cache key)', () => {
  it('are read by every render as the header they came from is, and are their own key', () => {
    fc.assert(
      fc.property(header, (sent) => {
        const kept = renderedCookies(sent);
        expect(filtersFromCookie(kept)).toEqual(filtersFromCookie(sent));
        expect(viewportFromCookie(kept)).toBe(viewportFromCookie(sent));
        expect(renderedCookies(kept)).toBe(kept);
      }),
      { numRuns: 2_000 },
    );
  });

  it('are nothing when a render would read nothing else than with no cookie', () => {
    for (const sent of [
      undefined,
      '',
      'analytics=1',
      'encoreViewport=lg',
      'encoreViewport=made-up',
      'encoreFilters=%E0%A4%A',
    ]) {
      expect(renderedCookies(sent)).toBe('');
    }
  });

  it('keep a remembered place and a screen class, and drop every other cookie', () => {
    const sent = `analytics=1; encoreViewport=xs; encoreSession=token; encoreFilters=${encodeURIComponent('near=Austin&geoPoint=30.2672:-97.7431')}`;
    const kept = renderedCookies(sent);
    expect(kept).toContain('encoreViewport=xs');
    expect(filtersFromCookie(kept).location.city).toBe('Austin');
    expect(kept).not.toMatch(/analytics|encoreSession/);
  });
});
