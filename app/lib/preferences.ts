import {
  defaultFilters,
  type Filters,
  filtersFromSearchParams,
  filtersToSearchParams,
  parseGeoPoint,
  type UserLocation,
} from './filters.ts';

/**
 * Where the visitor's choices live between visits (SPEC §3): the filters and the user's
 * location in local storage under `encore…` keys, the locale taken from the browser language.
 * The location and date part of the filters is mirrored in a cookie so the server can render
 * "near you, on your dates" on the first byte instead of flashing a generic list.
 */
export const FILTERS_KEY = 'encoreFilters';
export const USER_LOCATION_KEY = 'encoreUserLocation';
export const LOCALE_KEY = 'encoreLocale';
export const FILTERS_COOKIE = 'encoreFilters';
export const LOCALE_COOKIE = 'encoreLocale';
/** SPEC §9: locale cookie 365 days (the filters cookie follows the same rule). */
const COOKIE_MAX_AGE = 365 * 24 * 60 * 60;

/** What of the filters is remembered across pages and visits. */
const PERSISTED = ['location', 'city', 'postalCode', 'dates', 'radius', 'unit', 'source', 'ticketCategory'] as const;
type PersistedFilters = Pick<Filters, (typeof PERSISTED)[number]>;

function pickPersisted(filters: Filters): PersistedFilters {
  return Object.fromEntries(PERSISTED.map((key) => [key, filters[key]])) as PersistedFilters;
}

/** The cookie carries the same fields in page-URL encoding (compact, validated on read). */
function cookieValue(filters: Filters): string {
  const params = filtersToSearchParams({ ...defaultFilters(), ...pickPersisted(filters) });
  return params.toString();
}

export function readCookie(header: string | null | undefined, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) {
      try {
        return decodeURIComponent(rest.join('='));
      } catch {
        return undefined;
      }
    }
  }
  return undefined;
}

/** Server side: the remembered filters from the request's Cookie header (defaults when absent). */
export function filtersFromCookie(header: string | null | undefined): Filters {
  const value = readCookie(header, FILTERS_COOKIE);
  const filters = value ? filtersFromSearchParams(new URLSearchParams(value)) : defaultFilters();
  return { ...filters, keyword: '', page: 0 };
}

// ─── Browser side ─────────────────────────────────────────────────────────────

const hasStorage = () => typeof window !== 'undefined' && typeof window.localStorage !== 'undefined';

function readJson<T>(key: string): T | undefined {
  if (!hasStorage()) return undefined;
  try {
    const text = window.localStorage.getItem(key);
    return text ? (JSON.parse(text) as T) : undefined;
  } catch {
    return undefined;
  }
}

function writeJson(key: string, value: unknown) {
  if (!hasStorage()) return;
  try {
    if (value === null || value === undefined) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, JSON.stringify(value));
  } catch {
    // Storage full or disabled (private mode): the page keeps working without memory.
  }
}

function writeCookie(name: string, value: string) {
  if (typeof document === 'undefined') return;
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing in Safari and Firefox; the value is encoded
  document.cookie = `${name}=${encodeURIComponent(value)}; Path=/; Max-Age=${COOKIE_MAX_AGE}; SameSite=Lax`;
}

/** The remembered filters, validated the same way as a URL (a stale or edited entry cannot break a page). */
export function loadFilters(): Filters {
  const stored = readJson<Partial<PersistedFilters>>(FILTERS_KEY);
  if (!stored || typeof stored !== 'object') return defaultFilters();
  const merged = { ...defaultFilters(), ...stored } as Filters;
  try {
    return filtersFromSearchParams(filtersToSearchParams(merged));
  } catch {
    return defaultFilters();
  }
}

export function saveFilters(filters: Filters) {
  writeJson(FILTERS_KEY, pickPersisted(filters));
  writeCookie(FILTERS_COOKIE, cookieValue(filters));
}

export function loadUserLocation(): UserLocation | null {
  const stored = readJson<UserLocation>(USER_LOCATION_KEY);
  if (!stored || !parseGeoPoint(`${stored.latitude}:${stored.longitude}`)) return null;
  return stored;
}

export function saveUserLocation(location: UserLocation | null) {
  writeJson(USER_LOCATION_KEY, location);
}

/** SPEC §3: the user locale is stored in local storage, taken from the browser language. */
export function rememberLocale(): string {
  const language = (typeof navigator !== 'undefined' && navigator.language) || 'en';
  if (hasStorage()) {
    try {
      window.localStorage.setItem(LOCALE_KEY, language);
    } catch {
      // see writeJson
    }
  }
  writeCookie(LOCALE_COOKIE, language);
  return language;
}
