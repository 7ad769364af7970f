import { describe, expect, it } from 'vitest';
import {
  dateWindow,
  defaultDateWindow,
  defaultFilters,
  eventQuery,
  filtersFromSearchParams,
  filtersToSearchParams,
  geoPointOf,
  isoSeconds,
  locationLabel,
  parseGeoPoint,
  searchHref,
  settingsChangedCount,
  withCurrentLocation,
  withTypedCity,
} from './filters';
import { buildQuery } from './http';

const now = new Date('2026-11-21T05:30:12.345Z');

describe('defaults (SPEC §3, §9)', () => {
  it('has the SPEC values', () => {
    const filters = defaultFilters();
    expect(filters.radius).toBe('100');
    expect(filters.unit).toBe('miles');
    expect(filters.sort).toBe('relevance,desc');
    expect(filters.ticketCategory).toBe('cheapest');
    expect(filters.source).toBe('ticketmaster');
    expect(filters.location).toEqual({ countryCode: 'US', locale: 'en' });
  });

  it('dates run from now to the end of the year, ISO UTC without milliseconds', () => {
    expect(isoSeconds(now)).toBe('2026-11-21T05:30:12Z');
    expect(defaultDateWindow(now)).toEqual({
      startDateTime: '2026-11-21T05:30:12Z',
      endDateTime: '2026-12-31T23:59:59Z',
    });
  });

  // ADR 0012: the default window never shrinks to a few days at the turn of the year.
  it.each([
    ['mid-November', '2026-11-21T05:30:12Z', '2026-12-31T23:59:59Z'],
    ['18 December, 14 days left', '2026-12-17T23:59:59Z', '2026-12-31T23:59:59Z'],
    ['18 December, under 14 days left', '2026-12-18T00:00:01Z', '2027-12-31T23:59:59Z'],
    ['30 December', '2026-12-30T12:00:00Z', '2027-12-31T23:59:59Z'],
    ['the last second of the year', '2026-12-31T23:59:59Z', '2027-12-31T23:59:59Z'],
    ['1 January', '2027-01-01T00:00:00Z', '2027-12-31T23:59:59Z'],
  ])('on %s the default window ends %#', (_label, at, end) => {
    const window = defaultDateWindow(new Date(at));
    expect(window).toEqual({ startDateTime: at, endDateTime: end });
    // At least two weeks of events, whatever the day.
    expect(Date.parse(window.endDateTime) - Date.parse(window.startDateTime)).toBeGreaterThanOrEqual(
      13 * 24 * 3600 * 1000,
    );
  });

  it('a chosen range starts at midnight UTC of its first day (SPEC §5)', () => {
    expect(dateWindow(['2026-12-01', '2026-12-24'], now)).toEqual({
      startDateTime: '2026-12-01T00:00:00Z',
      endDateTime: '2026-12-24T23:59:59Z',
    });
    expect(dateWindow(['2027-01-05'], now)).toEqual({
      startDateTime: '2027-01-05T00:00:00Z',
      endDateTime: '2027-01-05T23:59:59Z',
    });
  });
});

describe('geoPoint (SPEC §3)', () => {
  it('joins latitude and longitude with four decimals', () => {
    expect(geoPointOf(30.267153, -97.7430608)).toBe('30.2672:-97.7431');
    expect(geoPointOf(51.5, 0)).toBe('51.5000:0.0000');
  });
  it('parses only valid points', () => {
    expect(parseGeoPoint('30.2672:-97.7431')).toEqual({ latitude: 30.2672, longitude: -97.7431 });
    expect(parseGeoPoint('91:0')).toBeUndefined();
    expect(parseGeoPoint('abc')).toBeUndefined();
    expect(parseGeoPoint(null)).toBeUndefined();
  });
});

describe('page URL', () => {
  it('writes only what differs from the defaults and reads it back', () => {
    expect(filtersToSearchParams(defaultFilters()).toString()).toBe('');
    const filters = {
      ...defaultFilters(),
      keyword: 'taylor',
      dates: ['2026-12-01', '2026-12-24'],
      genres: ['g1', 'g2'],
      priceRanges: ['0-50'],
      sort: 'date,asc' as const,
      radius: '50',
      unit: 'km' as const,
      page: 2,
      location: {
        ...defaultFilters().location,
        geoPoint: '30.2672:-97.7431',
        latitude: 30.2672,
        longitude: -97.7431,
        city: 'Austin',
      },
    };
    const params = filtersToSearchParams(filters);
    expect(params.toString()).toBe(
      'keyword=taylor&startDateTime=2026-12-01T00%3A00%3A00Z&endDateTime=2026-12-24T23%3A59%3A59Z&geoPoint=30.2672%3A-97.7431&near=Austin&radius=50&unit=km&genreId=g1&genreId=g2&priceRanges=0-50&sort=date%2Casc&page=2',
    );
    const back = filtersFromSearchParams(params);
    expect(back).toEqual(filters);
  });

  it('ignores malformed values instead of failing', () => {
    const filters = filtersFromSearchParams(
      new URLSearchParams(
        'unit=parsecs&radius=-4&sort=random&page=abc&startDateTime=yesterday&geoPoint=1:999&priceRanges=9-9',
      ),
    );
    expect(filters).toEqual(defaultFilters());
  });

  it('a reversed range keeps its start day only', () => {
    const filters = filtersFromSearchParams(
      new URLSearchParams('startDateTime=2026-12-10T00:00:00Z&endDateTime=2026-12-01T23:59:59Z'),
    );
    expect(filters.dates).toEqual(['2026-12-10']);
  });

  it('builds /search links', () => {
    expect(searchHref(defaultFilters())).toBe('/search');
    expect(searchHref({ ...defaultFilters(), keyword: 'AC/DC' })).toBe('/search?keyword=AC%2FDC');
  });
});

describe('location (SPEC §4)', () => {
  it("'Current location' sets the location from the user's and clears city and postal code", () => {
    const filters = withCurrentLocation(
      { ...defaultFilters(), city: 'Paris', postalCode: '75001', page: 3 },
      { latitude: 30.26715, longitude: -97.74306, city: 'Austin', stateCode: 'TX', countryCode: 'US' },
    );
    expect(filters.city).toBeUndefined();
    expect(filters.postalCode).toBeUndefined();
    expect(filters.page).toBe(0);
    expect(filters.location).toMatchObject({ geoPoint: '30.2672:-97.7431', city: 'Austin', stateCode: 'TX' });
    expect(locationLabel(filters)).toBe('Austin');
  });

  it('a typed city resets the location to defaults and sets the city filter', () => {
    const located = withCurrentLocation(defaultFilters(), { latitude: 1, longitude: 2, countryCode: 'GB' });
    const filters = withTypedCity(located, '  Denver ');
    expect(filters.location).toEqual({ countryCode: 'US', locale: 'en' });
    expect(filters.city).toBe('Denver');
    expect(locationLabel(filters)).toBe('Denver');
  });
});

describe('API query (SPEC §5, §7)', () => {
  it('sends the defaults and drops empty params', () => {
    expect(buildQuery(eventQuery(defaultFilters(), now))).toBe(
      '?startDateTime=2026-11-21T05%3A30%3A12Z&endDateTime=2026-12-31T23%3A59%3A59Z&countryCode=US&locale=en&source=ticketmaster&sort=relevance%2Cdesc&ticketCategory=cheapest',
    );
  });

  it('searches around a geoPoint within the radius and repeats arrays', () => {
    const query = eventQuery(
      {
        ...withCurrentLocation(defaultFilters(), { latitude: 30.26715, longitude: -97.74306, city: 'Austin' }),
        keyword: ' rock ',
        genres: ['a', 'b'],
        priceRanges: ['50-100', '0-50'],
        page: 1,
      },
      now,
    );
    expect(query).toMatchObject({
      keyword: 'rock',
      geoPoint: '30.2672:-97.7431',
      radius: '100',
      unit: 'miles',
      countryCode: undefined,
      genreId: ['a', 'b'],
      priceRanges: ['50-100', '0-50'],
      page: 1,
    });
    expect(buildQuery(query)).toContain('genreId=a&genreId=b&priceRanges=50-100&priceRanges=0-50');
  });

  it('a city search stays within the country', () => {
    expect(eventQuery({ ...defaultFilters(), city: 'Denver' }, now)).toMatchObject({
      city: 'Denver',
      countryCode: 'US',
      geoPoint: undefined,
      radius: undefined,
    });
  });
});

describe('Search settings (n)', () => {
  it("counts the dialog's choices no other control shows, each once", () => {
    expect(settingsChangedCount(defaultFilters())).toBe(0);
    // The segment has its chips, the sort its select: a search narrowed by both changed no setting.
    expect(settingsChangedCount({ ...defaultFilters(), segmentId: 'KZFzniwnSyZfZ7v7nE', sort: 'date,asc' })).toBe(0);
    expect(settingsChangedCount({ ...defaultFilters(), radius: '25' })).toBe(1);
    expect(settingsChangedCount({ ...defaultFilters(), unit: 'km', source: 'universe' })).toBe(2);
  });
});
