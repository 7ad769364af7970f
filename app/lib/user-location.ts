import type { UserLocation } from './filters.ts';
import { request } from './http.ts';

/**
 * SPEC §4 / §8 locating the visitor: browser geolocation, reverse geocoded by our API; when
 * geolocation is unsupported or denied, or the reverse geocode fails, an IP lookup (only when
 * a service is configured); when that fails too the user location is null and pages keep
 * their defaults. Loaded on demand after the page is interactive (not in the first bundle).
 */
export type LocateOptions = {
  apiBaseUrl?: string;
  ipGeolocationUrl?: string;
  /** Test seams; default to the browser's. */
  geolocation?: Pick<Geolocation, 'getCurrentPosition'> | undefined;
  timeoutMs?: number;
  log?: (message: string, detail?: unknown) => void;
};

type Loose = Record<string, unknown>;

const str = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : undefined);
const num = (value: unknown) => {
  const n = typeof value === 'string' ? Number(value) : value;
  return typeof n === 'number' && Number.isFinite(n) ? n : undefined;
};

/**
 * Reads a location from our API (camelCase), a reverse-geocoding answer (city/town/village,
 * state, country_code, postcode: SPEC §7) or a common IP service shape (lat/lon, region_code…).
 */
export function toUserLocation(
  value: unknown,
  fallback?: { latitude: number; longitude: number },
): UserLocation | null {
  if (!value || typeof value !== 'object') return null;
  const body = value as Loose;
  const address = (body.address && typeof body.address === 'object' ? body.address : {}) as Loose;
  const latitude = num(body.latitude) ?? num(body.lat) ?? fallback?.latitude;
  const longitude = num(body.longitude) ?? num(body.lon) ?? num(body.lng) ?? fallback?.longitude;
  if (latitude === undefined || longitude === undefined) return null;
  if (Math.abs(latitude) > 90 || Math.abs(longitude) > 180) return null;
  const countryCode = str(body.countryCode) ?? str(body.country_code) ?? str(address.country_code) ?? str(body.country);
  return {
    latitude,
    longitude,
    city:
      str(body.city) ?? str(address.city) ?? str(address.town) ?? str(address.village) ?? str(body.town) ?? undefined,
    stateCode: str(body.stateCode) ?? str(body.region_code) ?? str(body.state) ?? str(address.state),
    countryCode: countryCode && countryCode.length === 2 ? countryCode.toUpperCase() : undefined,
    postalCode:
      str(body.postalCode) ?? str(body.postcode) ?? str(address.postcode) ?? str(body.postal) ?? str(body.zip),
  };
}

function currentPosition(
  geolocation: Pick<Geolocation, 'getCurrentPosition'>,
  timeoutMs: number,
): Promise<{ latitude: number; longitude: number }> {
  return new Promise((resolve, reject) => {
    geolocation.getCurrentPosition(
      (position) => resolve({ latitude: position.coords.latitude, longitude: position.coords.longitude }),
      (error) => reject(new Error(error.message || `geolocation error ${error.code}`)),
      { enableHighAccuracy: false, timeout: timeoutMs, maximumAge: 30 * 60 * 1000 },
    );
  });
}

export async function reverseGeocode(
  point: { latitude: number; longitude: number },
  apiBaseUrl = '/api',
): Promise<UserLocation | null> {
  // Four decimals, as SPEC §3 geoPoints (≈ 11 m): enough for a city, and cache-friendly.
  const body = await request<unknown>(`${apiBaseUrl}/events/user-location/reverse`, {
    query: { latitude: point.latitude.toFixed(4), longitude: point.longitude.toFixed(4) },
  });
  // Keep the visitor's own coordinates: the answer names the place around them.
  const located = toUserLocation(body, point);
  return located ? { ...located, latitude: point.latitude, longitude: point.longitude } : null;
}

/** GET /events/user-location?city= (SPEC §7): where a typed city is, or null when unknown. */
export async function lookupCity(city: string, apiBaseUrl = '/api'): Promise<UserLocation | null> {
  try {
    return toUserLocation(await request<unknown>(`${apiBaseUrl}/events/user-location`, { query: { city } }));
  } catch {
    return null;
  }
}

export async function ipLookup(url: string | undefined): Promise<UserLocation | null> {
  if (!url) return null;
  return toUserLocation(await request<unknown>(url, { timeoutMs: 8000 }));
}

const defaultLog = (message: string, detail?: unknown) => console.info(`[location] ${message}`, detail ?? '');

export async function locateUser(options: LocateOptions = {}): Promise<UserLocation | null> {
  const log = options.log ?? defaultLog;
  const geolocation =
    'geolocation' in options
      ? options.geolocation
      : typeof navigator !== 'undefined'
        ? navigator.geolocation
        : undefined;
  let point: { latitude: number; longitude: number } | undefined;
  if (geolocation) {
    try {
      point = await currentPosition(geolocation, options.timeoutMs ?? 10_000);
    } catch (error) {
      log('geolocation denied or failed, trying IP lookup', error instanceof Error ? error.message : error);
    }
  } else {
    log('geolocation unsupported, trying IP lookup');
  }
  return locateFrom(point, options);
}

/**
 * The rest of locateUser once the browser answered: reverse geocode its position, else the
 * IP lookup, else null. The first-load lookup (location-start.ts) asks the browser itself and
 * fetches this module only when there is an answer to process.
 */
export async function locateFrom(
  point: { latitude: number; longitude: number } | undefined,
  options: Pick<LocateOptions, 'apiBaseUrl' | 'ipGeolocationUrl' | 'log'> = {},
): Promise<UserLocation | null> {
  const log = options.log ?? defaultLog;
  if (point) {
    try {
      const located = await reverseGeocode(point, options.apiBaseUrl);
      if (located) return located;
      log('reverse geocode gave no place, trying IP lookup');
    } catch (error) {
      log('reverse geocode failed, trying IP lookup', error instanceof Error ? error.message : error);
    }
  }
  try {
    return await ipLookup(options.ipGeolocationUrl);
  } catch (error) {
    log('IP lookup failed', error instanceof Error ? error.message : error);
    return null;
  }
}
