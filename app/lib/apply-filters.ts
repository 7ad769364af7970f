import { useCallback } from 'react';
import { useLocation, useNavigate, useRevalidator } from 'react-router';
import { type Filters, filtersToSearchParams, type UserLocation } from './filters.ts';
import { loadFilters, saveFilters, saveUserLocation } from './preferences.ts';

/**
 * How a popup's choice takes effect:
 * - 'url': pages whose filters live in their URL (search, artist): the URL is rewritten, so
 *   the result can be shared and reloaded and is rendered on the server;
 * - 'preferences': pages built from the remembered filters (home): they are saved (local
 *   storage and the cookie the server reads) and the page data is loaded again.
 * Either way the visitor's place and dates become their defaults (SPEC §3 persisted filters).
 */
export type ApplyMode = 'url' | 'preferences';

export function useApplyFilters(mode: ApplyMode) {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const revalidator = useRevalidator();
  return useCallback(
    (next: Filters, userLocation?: UserLocation | null) => {
      if (userLocation !== undefined) saveUserLocation(userLocation);
      remember(next);
      if (mode === 'preferences') {
        void revalidator.revalidate();
        return;
      }
      const query = filtersToSearchParams(next).toString();
      navigate(`${pathname}${query ? `?${query}` : ''}`, { preventScrollReset: true });
    },
    [mode, navigate, pathname, revalidator],
  );
}

/** Keeps the place and dates the visitor chose as their defaults everywhere. */
export function remember(next: Filters) {
  saveFilters({
    ...loadFilters(),
    location: next.location,
    city: next.city,
    postalCode: next.postalCode,
    dates: next.dates,
    radius: next.radius,
    unit: next.unit,
    source: next.source,
  });
}
