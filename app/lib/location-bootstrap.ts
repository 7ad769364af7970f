import { withCurrentLocation } from './filters.ts';
import { loadFilters, rememberLocale, saveFilters, saveUserLocation } from './preferences.ts';
import { locateUser } from './user-location.ts';

/** Fired on window when the remembered filters change; pages rendered from them reload their data. */
export const FILTERS_CHANGED = 'encore:filters-changed';
const ATTEMPTED = 'encoreLocated';

/**
 * SPEC §4 first load: remember the browser language as the user locale, and with no geoPoint
 * in the filters locate the visitor (browser geolocation → our reverse geocode → IP lookup →
 * null), once per browser session. A found place becomes the location filter unless the
 * visitor already chose a city.
 */
export async function bootstrapLocation(config: { ipGeolocationUrl?: string; apiBaseUrl?: string }) {
  rememberLocale();
  const filters = loadFilters();
  // Re-mirror the cookie the server renders from, in case it was cleared or has expired.
  saveFilters(filters);
  if (filters.location.geoPoint) return;
  try {
    if (sessionStorage.getItem(ATTEMPTED)) return;
    sessionStorage.setItem(ATTEMPTED, '1');
  } catch {
    // No session storage: try once per page load.
  }
  const user = await locateUser(config);
  saveUserLocation(user);
  const latest = loadFilters();
  if (user && !latest.location.geoPoint && !latest.city) {
    saveFilters(withCurrentLocation(latest, user));
    window.dispatchEvent(new CustomEvent(FILTERS_CHANGED));
  }
}
