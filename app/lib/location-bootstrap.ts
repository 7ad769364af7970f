import type { UserLocation } from './filters.ts';
import { FILTERS_CHANGED, type LocationConfig, USER_LOCATION_CHANGED } from './location-events.ts';
import { locateFrom } from './user-location.ts';

/**
 * SPEC §4 first load, once the browser answered (lib/location-start.ts asked it): our
 * reverse geocode of its position → IP lookup → null. A place found becomes the location
 * filter unless the visitor already chose a city. It edits the stored filters
 * (lib/preferences.ts keys and formats) without loading the filters module.
 */
const YEAR = 365 * 24 * 60 * 60;

type StoredFilters = { city?: string; postalCode?: string; location?: Record<string, unknown> };

const readJson = <T>(key: string): T | undefined => {
  try {
    return JSON.parse(localStorage.getItem(key) ?? 'null') ?? undefined;
  } catch {
    return undefined;
  }
};

function cookie(name: string): string {
  const found = document.cookie.split('; ').find((part) => part.startsWith(`${name}=`));
  return found ? decodeURIComponent(found.slice(name.length + 1)) : '';
}

function setCookie(name: string, value: string) {
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing in Safari and Firefox; the value is encoded
  document.cookie = `${name}=${encodeURIComponent(value)}; Path=/; Max-Age=${YEAR}; SameSite=Lax`;
}

/** Makes the located place the visitor's location filter, in storage and in the server's cookie. */
export function adoptLocation(user: UserLocation) {
  const geoPoint = `${user.latitude.toFixed(4)}:${user.longitude.toFixed(4)}`;
  const stored = readJson<StoredFilters>('encoreFilters') ?? {};
  const { city: _city, postalCode: _postalCode, ...rest } = stored;
  localStorage.setItem(
    'encoreFilters',
    JSON.stringify({ ...rest, location: { ...stored.location, ...user, geoPoint } }),
  );
  const params = new URLSearchParams(cookie('encoreFilters'));
  params.delete('city');
  params.delete('postalCode');
  params.set('geoPoint', geoPoint);
  if (user.city) params.set('near', user.city);
  else params.delete('near');
  setCookie('encoreFilters', params.toString());
}

export async function settleLocation(
  point: { latitude: number; longitude: number } | undefined,
  config: LocationConfig,
) {
  const user = await locateFrom(point, config);
  localStorage.setItem('encoreUserLocation', JSON.stringify(user));
  window.dispatchEvent(new CustomEvent(USER_LOCATION_CHANGED));
  const latest = readJson<StoredFilters>('encoreFilters');
  if (user && !latest?.location?.geoPoint && !latest?.city) {
    adoptLocation(user);
    window.dispatchEvent(new CustomEvent(FILTERS_CHANGED));
  }
}
