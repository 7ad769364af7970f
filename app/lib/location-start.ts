import type { LocationConfig } from './location-events.ts';

/**
 * SPEC §4 first load, fetched by every page once it is idle (kept tiny): remember
 * the browser language as the user locale and, with no geoPoint in the stored filters, ask
 * the browser where the visitor is, once per browser session. The answer (a position, or a
 * refusal when an IP lookup service is configured, SPEC §8) is processed by
 * lib/location-bootstrap.ts, fetched only then; with nothing to process the user location
 * is null (SPEC §8).
 */
const YEAR = 365 * 24 * 60 * 60;

export async function startLocation(config: LocationConfig) {
  try {
    const language = navigator.language || 'en';
    localStorage.setItem('encoreLocale', language);
    // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing in Safari and Firefox; the value is encoded
    document.cookie = `encoreLocale=${encodeURIComponent(language)}; Path=/; Max-Age=${YEAR}; SameSite=Lax`;
    const stored = JSON.parse(localStorage.getItem('encoreFilters') ?? 'null') as {
      location?: { geoPoint?: string };
    } | null;
    if (stored?.location?.geoPoint || sessionStorage.getItem('encoreLocated')) return;
    sessionStorage.setItem('encoreLocated', '1');
  } catch {
    return; // storage disabled (or unreadable): nothing could be remembered anyway
  }
  const point = await new Promise<{ latitude: number; longitude: number } | undefined>((resolve) => {
    if (!navigator.geolocation) {
      console.info('[location] geolocation unsupported, trying IP lookup');
      resolve(undefined);
      return;
    }
    navigator.geolocation.getCurrentPosition(
      ({ coords }) => resolve({ latitude: coords.latitude, longitude: coords.longitude }),
      (error) => {
        console.info('[location] geolocation denied or failed, trying IP lookup', error.message || error.code);
        resolve(undefined);
      },
      { enableHighAccuracy: false, timeout: 10_000, maximumAge: 30 * 60 * 1000 },
    );
  });
  if (!point && !config.ipGeolocationUrl) {
    localStorage.setItem('encoreUserLocation', 'null');
    return;
  }
  const { settleLocation } = await import('./location-bootstrap');
  await settleLocation(point, config);
}
