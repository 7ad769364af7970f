import {
  COUNTRY_CODES,
  type CountryCode,
  DEFAULTS,
  EVENT_SORTS,
  type EventSort,
  SOURCES,
  type Source,
  TICKET_CATEGORIES,
  type TicketCategory,
  UNITS,
  type Unit,
} from '#contracts/enum-values';
import { defaultDateWindow, isoSeconds } from './date-window.ts';
import type { QueryValue } from './http.ts';

export { defaultDateWindow, isoSeconds, SHORT_WINDOW_DAYS } from './date-window.ts';

/**
 * SPEC §3 filters state, its defaults, and the two encodings it has:
 * - the page URL (`/search?…`, the artist page), so a search can be shared and reloaded and
 *   is rendered on the server: only what differs from the defaults is written;
 * - the API query (SPEC §5 encoding): dates as ISO UTC without milliseconds, the start at
 *   midnight UTC of the chosen day, geoPoint as 'lat:lon' with four decimals, empty params
 *   dropped (buildQuery in http.ts drops them).
 */

export type FilterLocation = {
  latitude?: number;
  longitude?: number;
  city?: string;
  stateCode?: string;
  countryCode: string;
  postalCode?: string;
  geoPoint?: string;
  locale: string;
};

export type Filters = {
  keyword: string;
  location: FilterLocation;
  city?: string;
  postalCode?: string;
  genres: string[];
  sort: EventSort;
  /** The chosen range as calendar days 'YYYY-MM-DD' ([] = default window, one day = that day). */
  dates: string[];
  venues: string[];
  ticketCategory: TicketCategory;
  /** Price bands, see PRICE_RANGES ('min-max' or 'min-', as the API reads them). */
  priceRanges: string[];
  radius: string;
  unit: Unit;
  source: Source;
  segmentId?: string;
  page: number;
};

/** A place the user picked or was located at (SPEC §4 location), kept beside the filters. */
export type UserLocation = {
  latitude: number;
  longitude: number;
  city?: string;
  stateCode?: string;
  countryCode?: string;
  postalCode?: string;
};

/** Price bands offered by the search filters, in USD, for the chosen ticket category. */
export const PRICE_RANGES = [
  { id: '0-50', label: 'Under $50', min: 0, max: 50 },
  { id: '50-100', label: '$50 – $100', min: 50, max: 100 },
  { id: '100-200', label: '$100 – $200', min: 100, max: 200 },
  { id: '200-', label: '$200 and up', min: 200, max: undefined },
] as const;

export const SORT_LABELS: Record<EventSort, string> = {
  'relevance,desc': 'Relevance',
  'date,asc': 'Date: soonest first',
  'date,desc': 'Date: latest first',
  'name,asc': 'Name: A to Z',
  'distance,asc': 'Distance: nearest first',
};

export { TICKET_CATEGORY_LABELS } from '#contracts/enum-values';

export const SOURCE_LABELS: Record<Source, string> = {
  ticketmaster: 'Ticketmaster',
  universe: 'Universe',
  frontgate: 'Front Gate Tickets',
  tmr: 'Ticketmaster Resale',
};

export const RADIUS_CHOICES = ['10', '25', '50', '100', '250', '500'] as const;

export function defaultLocation(): FilterLocation {
  return { countryCode: DEFAULTS.countryCode, locale: DEFAULTS.locale };
}

export function defaultFilters(): Filters {
  return {
    keyword: '',
    location: defaultLocation(),
    genres: [],
    sort: DEFAULTS.sort,
    dates: [],
    venues: [],
    ticketCategory: DEFAULTS.ticketCategory,
    priceRanges: [],
    radius: String(DEFAULTS.radius),
    unit: DEFAULTS.unit,
    source: DEFAULTS.source,
    page: 0,
  };
}

// ─── Dates (SPEC §3, §5) ──────────────────────────────────────────────────────

/** SPEC §5: the start is sent as midnight UTC of the chosen day. */
export const startOfDayUtc = (day: string) => `${day}T00:00:00Z`;
/** The end of a chosen range covers its whole last day. */
export const endOfDayUtc = (day: string) => `${day}T23:59:59Z`;

const DAY = /^\d{4}-\d{2}-\d{2}$/;

export function isDay(value: unknown): value is string {
  if (typeof value !== 'string' || !DAY.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
}

/** The window sent to the API: the chosen days, or the default window. */
export function dateWindow(dates: readonly string[], now = new Date()) {
  const [from, to] = dates;
  if (!from) return defaultDateWindow(now);
  const start = startOfDayUtc(from);
  // A range starting today must not ask for events that already began (SPEC default: now).
  const startDateTime = start < isoSeconds(now) && from === isoSeconds(now).slice(0, 10) ? isoSeconds(now) : start;
  return { startDateTime, endDateTime: endOfDayUtc(to ?? from) };
}

/** 'YYYY-MM-DD' of a browser Date's local calendar day (what the user clicked). */
export function dayOf(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

// ─── Location (SPEC §3 geoPoint) ──────────────────────────────────────────────

/** SPEC §3: latitude and longitude, each to four decimals, joined by a colon. */
export function geoPointOf(latitude: number, longitude: number): string {
  return `${latitude.toFixed(4)}:${longitude.toFixed(4)}`;
}

export function parseGeoPoint(value: string | null | undefined): { latitude: number; longitude: number } | undefined {
  const match = value ? /^(-?\d{1,2}(?:\.\d+)?):(-?\d{1,3}(?:\.\d+)?)$/.exec(value.trim()) : null;
  if (!match) return undefined;
  const latitude = Number(match[1]);
  const longitude = Number(match[2]);
  if (Math.abs(latitude) > 90 || Math.abs(longitude) > 180) return undefined;
  return { latitude, longitude };
}

/** SPEC §4: 'Current location' sets the location from the user's location. */
export function locationFromUser(user: UserLocation, base: FilterLocation = defaultLocation()): FilterLocation {
  return {
    ...base,
    latitude: user.latitude,
    longitude: user.longitude,
    city: user.city,
    stateCode: user.stateCode,
    countryCode: user.countryCode || base.countryCode,
    postalCode: user.postalCode,
    geoPoint: geoPointOf(user.latitude, user.longitude),
  };
}

/** SPEC §4: 'Current location' clears city and postal code. */
export function withCurrentLocation(filters: Filters, user: UserLocation): Filters {
  return {
    ...filters,
    location: locationFromUser(user, filters.location),
    city: undefined,
    postalCode: undefined,
    page: 0,
  };
}

/** SPEC §4: a typed city resets the location to defaults and sets the city filter. */
export function withTypedCity(filters: Filters, city: string): Filters {
  const trimmed = city.trim();
  return {
    ...filters,
    location: { ...defaultLocation(), locale: filters.location.locale },
    city: trimmed || undefined,
    postalCode: undefined,
    page: 0,
  };
}

/** What the location button reads. */
export function locationLabel(filters: Filters): string | undefined {
  if (filters.city) return filters.city;
  if (filters.location.geoPoint) return filters.location.city || 'Near you';
  return undefined;
}

// ─── Page URL ─────────────────────────────────────────────────────────────────

type ParamSource = URLSearchParams | { get(name: string): string | null; getAll(name: string): string[] };

const oneOf = <T extends string>(values: readonly T[], value: string | null | undefined): T | undefined =>
  values.includes(value as T) ? (value as T) : undefined;

const clean = (value: string | null | undefined, max = 200) => {
  const trimmed = value?.trim();
  return trimmed ? trimmed.slice(0, max) : undefined;
};

const finite = (value: string | null | undefined) => {
  if (value === null || value === undefined || value.trim() === '') return undefined;
  const number = Number(value);
  return Number.isFinite(number) ? number : undefined;
};

/**
 * Reads filters from a page URL. Unknown or malformed values fall back to the defaults
 * instead of failing the page: a hand-edited link still shows results.
 */
export function filtersFromSearchParams(params: ParamSource, base: Filters = defaultFilters()): Filters {
  const filters: Filters = { ...base, location: { ...base.location } };
  if (params.get('keyword') !== null) filters.keyword = clean(params.get('keyword')) ?? '';

  const from = params.get('startDateTime')?.slice(0, 10);
  const to = params.get('endDateTime')?.slice(0, 10);
  // A range of one day is that day: the URL of [d] and of [d, d] is the same, and so is what it reads as.
  if (isDay(from)) filters.dates = isDay(to) && to > from ? [from, to] : [from];

  const geo = parseGeoPoint(params.get('geoPoint'));
  if (geo) {
    filters.location = {
      ...filters.location,
      latitude: geo.latitude,
      longitude: geo.longitude,
      geoPoint: geoPointOf(geo.latitude, geo.longitude),
      city: clean(params.get('near'), 120),
    };
    filters.city = undefined;
  }
  // SPEC §4: a place is a point or a typed city, never both; a point wins, as it is written.
  const city = geo ? undefined : clean(params.get('city'), 120);
  if (city) {
    filters.city = city;
    filters.location = { ...defaultLocation(), locale: filters.location.locale };
  }
  const postalCode = clean(params.get('postalCode'), 20);
  if (postalCode) filters.postalCode = postalCode;
  const countryCode = oneOf(COUNTRY_CODES, params.get('countryCode')?.toUpperCase());
  if (countryCode) filters.location.countryCode = countryCode;
  const locale = clean(params.get('locale'), 20);
  if (locale && /^[a-zA-Z]{2,3}([-_][a-zA-Z0-9]{2,8})*$|^\*$/.test(locale)) filters.location.locale = locale;

  const radius = finite(params.get('radius'));
  if (radius !== undefined && radius > 0 && radius <= 20000) filters.radius = String(radius);
  filters.unit = oneOf(UNITS, params.get('unit')) ?? filters.unit;
  filters.source = oneOf(SOURCES, params.get('source')) ?? filters.source;
  filters.sort = oneOf(EVENT_SORTS, params.get('sort')) ?? filters.sort;
  filters.ticketCategory = oneOf(TICKET_CATEGORIES, params.get('ticketCategory')) ?? filters.ticketCategory;
  const segmentId = clean(params.get('segmentId'), 64);
  if (segmentId) filters.segmentId = segmentId;

  const genres = params
    .getAll('genreId')
    .map((g) => clean(g, 64))
    .filter((g): g is string => !!g);
  if (genres.length) filters.genres = [...new Set(genres)].slice(0, 20);
  const venues = params
    .getAll('venueId')
    .map((v) => clean(v, 64))
    .filter((v): v is string => !!v);
  if (venues.length) filters.venues = [...new Set(venues)].slice(0, 20);
  const prices = params.getAll('priceRanges').filter((p) => PRICE_RANGES.some((range) => range.id === p));
  if (prices.length) filters.priceRanges = [...new Set(prices)];

  const page = finite(params.get('page'));
  filters.page = page !== undefined && Number.isInteger(page) && page >= 0 && page < 10_000 ? page : 0;
  return filters;
}

/** Writes the filters to page URL params, leaving out what equals the defaults. */
export function filtersToSearchParams(filters: Filters): URLSearchParams {
  const defaults = defaultFilters();
  const params = new URLSearchParams();
  const set = (name: string, value: string | number | undefined | null, fallback?: string | number) => {
    if (value === undefined || value === null || value === '' || value === fallback) return;
    params.set(name, String(value));
  };
  set('keyword', filters.keyword.trim());
  const [from, to] = filters.dates;
  if (from) {
    params.set('startDateTime', startOfDayUtc(from));
    params.set('endDateTime', endOfDayUtc(to ?? from));
  }
  if (filters.location.geoPoint) {
    set('geoPoint', filters.location.geoPoint);
    set('near', filters.location.city);
  } else {
    set('city', filters.city);
  }
  set('postalCode', filters.postalCode);
  set('countryCode', filters.location.countryCode, defaults.location.countryCode);
  set('locale', filters.location.locale, defaults.location.locale);
  set('radius', filters.radius, defaults.radius);
  set('unit', filters.unit, defaults.unit);
  set('source', filters.source, defaults.source);
  set('segmentId', filters.segmentId);
  for (const genre of filters.genres) params.append('genreId', genre);
  for (const venue of filters.venues) params.append('venueId', venue);
  for (const range of filters.priceRanges) params.append('priceRanges', range);
  set('sort', filters.sort, defaults.sort);
  set('ticketCategory', filters.ticketCategory, defaults.ticketCategory);
  set('page', filters.page, 0);
  return params;
}

export function searchHref(filters: Filters): string {
  const query = filtersToSearchParams(filters).toString();
  return query ? `/search?${query}` : '/search';
}

// ─── API query (SPEC §5, §7) ──────────────────────────────────────────────────

/**
 * The query of GET /events and /events/search for these filters. Location: a geoPoint
 * searches within radius/unit around it; otherwise a city (and postal code) filter applies
 * within the location's country (SPEC defaults countryCode US). A geoPoint already names the
 * place, so the country is not added on top of it (a point near a border would lose half
 * its events).
 */
export function eventQuery(filters: Filters, now = new Date()): Record<string, QueryValue> {
  const window = dateWindow(filters.dates, now);
  const hasGeo = !!filters.location.geoPoint;
  return {
    keyword: filters.keyword.trim() || undefined,
    startDateTime: window.startDateTime,
    endDateTime: window.endDateTime,
    geoPoint: filters.location.geoPoint,
    radius: hasGeo ? filters.radius : undefined,
    unit: hasGeo ? filters.unit : undefined,
    city: hasGeo ? undefined : filters.city,
    postalCode: hasGeo ? undefined : filters.postalCode,
    countryCode: hasGeo ? undefined : (filters.location.countryCode as CountryCode),
    locale: filters.location.locale,
    source: filters.source,
    segmentId: filters.segmentId,
    genreId: filters.genres,
    venueId: filters.venues,
    // Bands are 'min-max' / 'min-' (contracts/catalogue.ts priceRanges), for the ticket category.
    priceRanges: filters.priceRanges,
    sort: filters.sort,
    ticketCategory: filters.ticketCategory,
    page: filters.page || undefined,
  };
}

/**
 * The Search Settings dialog's choices that no other control on the search page shows: the
 * radius and its unit, and the source. The segment has its chips, the place its button and the
 * sort its select, so 'Search settings (n)' and 'Filters (n)' count each choice once.
 */
export function settingsChangedCount(filters: Filters): number {
  const defaults = defaultFilters();
  return [
    filters.source !== defaults.source,
    filters.radius !== defaults.radius || filters.unit !== defaults.unit,
  ].filter(Boolean).length;
}

/** Counts the filters a user changed on the search page (any of them offers 'Clear all filters'). */
export function activeFilterCount(filters: Filters): number {
  const defaults = defaultFilters();
  return [
    filters.genres.length > 0,
    !!filters.segmentId,
    filters.priceRanges.length > 0,
    filters.source !== defaults.source,
    filters.sort !== defaults.sort,
    filters.radius !== defaults.radius || filters.unit !== defaults.unit,
  ].filter(Boolean).length;
}
