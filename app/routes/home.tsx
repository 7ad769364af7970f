import { useEffect } from 'react';
import { useRevalidator } from 'react-router';
import { FILTER_POPUPS, HydrateOnUse, onUse } from '~/components/hydration';
import { FILTERS_CHANGED } from '~/lib/location-events';
import { sharedPageData } from '~/lib/page-data.server';
import type { Route } from './+types/home';
import { loadHome } from './home.server';

// Public data only: shared with every visitor of the same page for a short while (ADR 0028).
export const loader = (args: Route.LoaderArgs) => sharedPageData('home', args, () => loadHome(args));

export const meta: Route.MetaFunction = ({ data }) => data?.meta ?? [];

// The page body hydrates on first use (components/hydration/): its code is not part
// of the first load. A client navigation loads it with the data, or takes both from a
// prefetch (lib/page-prefetch.ts, itself fetched on the first intent).
const pagePrefetch = () => import('~/lib/page-prefetch');
const loadView = () => import('./home-view');
const body = onUse('home', loadView, [...FILTER_POPUPS, 'sign-in', 'watch-target']);

export async function clientLoader({ serverLoader, request }: Route.ClientLoaderArgs) {
  const [data] = await (await pagePrefetch()).prefetchedOrLoad(request, () =>
    Promise.all([serverLoader(), loadView()]),
  );
  return data;
}

export default function HomePage({ loaderData }: Route.ComponentProps) {
  const revalidator = useRevalidator();
  // The first-load location lookup (SPEC §4) may find the visitor after this page rendered.
  useEffect(() => {
    const reload = () => void revalidator.revalidate();
    window.addEventListener(FILTERS_CHANGED, reload);
    return () => window.removeEventListener(FILTERS_CHANGED, reload);
  }, [revalidator]);

  return <HydrateOnUse part={body} props={{ page: loaderData }} />;
}
