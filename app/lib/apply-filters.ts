import { useCallback } from 'react';
import { useLocation, useNavigate, useNavigation, useRevalidator } from 'react-router';
import { useDataRouter } from '~/components/hydration';
import { type Filters, filtersFromSearchParams, type UserLocation } from './filters.ts';
import { hrefFor } from './page-links.ts';
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

/** A choice, as what it changes in the filters it is applied to. */
export type FiltersChange = (base: Filters) => Filters;

/**
 * The page a choice on a page whose filters live in its URL applies to, as the router has it at
 * the moment of the choice: the page a tapped filter is loading (or has just loaded), else the
 * page the router is on. What the last render saw can be older: the discovery pages' bodies are
 * parts hydrated on use, React roots of their own, told of the router's updates after the page
 * has rendered them; and on a slow link a tapped chip's page takes seconds to come. A sort or
 * dates chosen from what the render saw would undo that chip.
 */
export function useChoiceTarget(): () => { pathname: string; filters: Filters } {
  const router = useDataRouter();
  const navigation = useNavigation();
  const location = useLocation();
  return useCallback(() => {
    const now = router?.state;
    const shown = now?.location ?? location;
    const pending = (now?.navigation ?? navigation).location;
    const target = pending && pending.pathname === shown.pathname ? pending : shown;
    return { pathname: target.pathname, filters: filtersFromSearchParams(new URLSearchParams(target.search)) };
  }, [router, navigation, location]);
}

/**
 * Applies a popup's choice. `shown` are the filters the popup was rendered with: those the
 * change applies to on pages of remembered filters; on URL pages it applies to the filters of
 * the page the router is on or loading at that moment (useChoiceTarget).
 */
export function useApplyFilters(mode: ApplyMode, shown: Filters) {
  const navigate = useNavigate();
  const target = useChoiceTarget();
  const revalidator = useRevalidator();
  return useCallback(
    (change: FiltersChange, userLocation?: UserLocation | null) => {
      if (userLocation !== undefined) saveUserLocation(userLocation);
      if (mode === 'preferences') {
        remember(change(shown));
        void revalidator.revalidate();
        return;
      }
      const { pathname, filters } = target();
      const next = change(filters);
      remember(next);
      navigate(hrefFor(pathname, next), { preventScrollReset: true });
    },
    [mode, shown, navigate, target, revalidator],
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
