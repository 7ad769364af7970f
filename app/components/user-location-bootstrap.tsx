import { useEffect } from 'react';
import { useMatches, useRouteLoaderData } from 'react-router';

type RootData = { config?: { ipGeolocationUrl?: string | null; apiBaseUrl?: string | null } } | undefined;

/**
 * Starts the SPEC §4 first-load location lookup once the page is idle, so it never competes
 * with the first paint (lib/location-start.ts).
 */
export function UserLocationBootstrap() {
  const root = useRouteLoaderData('root') as RootData;
  // The IP lookup service (env IP_GEOLOCATION_URL) comes with the public config, or with the
  // data of the discovery pages, which carry it too.
  const matches = useMatches();
  const ipGeolocationUrl =
    root?.config?.ipGeolocationUrl ??
    matches
      .map((match) => (match.data as { ipGeolocationUrl?: string | null } | undefined)?.ipGeolocationUrl)
      .find(Boolean) ??
    undefined;
  const apiBaseUrl = root?.config?.apiBaseUrl ?? undefined;

  useEffect(() => {
    // The start-up code itself is fetched only now: it is not part of the first load.
    const run = () =>
      void import('~/lib/location-start')
        .then(({ startLocation }) => startLocation({ ipGeolocationUrl, apiBaseUrl }))
        .catch(() => undefined);
    if (typeof window.requestIdleCallback === 'function') {
      const handle = window.requestIdleCallback(run, { timeout: 4000 });
      return () => window.cancelIdleCallback(handle);
    }
    const handle = window.setTimeout(run, 1500);
    return () => window.clearTimeout(handle);
  }, [ipGeolocationUrl, apiBaseUrl]);

  return null;
}
