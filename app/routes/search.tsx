import { lazy } from 'react';
import { FILTER_POPUPS, HydrateOnUse, onUse } from '~/components/hydration';
import { errorHeadersPassed } from '~/lib/auth.server';
import { sharedPageData } from '~/lib/page-data.server';
import { STORE_MESSAGES, withStoreFallback } from '~/lib/store-errors';
import type { Route } from './+types/search';
import { loadSearch } from './search.server';

// Public data only: shared with every visitor of the same page for a short while (ADR 0028).
export const loader = (args: Route.LoaderArgs) => sharedPageData('search', args, () => loadSearch(args));

// Without data the page is an error, titled by the error page.
export const meta: Route.MetaFunction = ({ data }) => data?.meta ?? [];

// The page body hydrates on first use (components/hydration/): its code is not part
// of the first load. A client navigation loads it with the data, or takes both from a
// prefetch (lib/page-prefetch.ts, itself fetched on the first intent).
const pagePrefetch = () => import('~/lib/page-prefetch');
const loadView = () => import('./search-view');
const body = onUse('search', loadView, [...FILTER_POPUPS, 'search-settings', 'sign-in', 'watch-target']);

export async function clientLoader({ serverLoader, request }: Route.ClientLoaderArgs) {
  const [data] = await withStoreFallback(
    async () => (await pagePrefetch()).prefetchedOrLoad(request, () => Promise.all([serverLoader(), loadView()])),
    STORE_MESSAGES.searchEvents,
  );
  return data;
}

// Only error screens need it: a failed fetch with Retry, or the error page.
const StoreErrorBoundary = lazy(() =>
  import('~/components/store-failure').then((module) => ({ default: module.StoreErrorBoundary })),
);
/** This page shows its own errors: a thrown answer's headers (Retry-After on a 503) are its to pass on. */
export const headers = errorHeadersPassed;

export function ErrorBoundary() {
  return <StoreErrorBoundary />;
}

export default function SearchPage({ loaderData }: Route.ComponentProps) {
  return <HydrateOnUse part={body} props={{ page: loaderData }} />;
}
