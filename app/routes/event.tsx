import { lazy, Suspense } from 'react';
import type { Route } from './+types/event';
import { loadEventPage } from './event.server';

export const loader = (args: Route.LoaderArgs) => loadEventPage(args);

export const meta: Route.MetaFunction = ({ data }) => data?.meta ?? [{ title: 'Page not found · Encore' }];

// The page body is its own chunk, hydrated progressively (ADR 0006): the route module stays a
// few hundred bytes of first-load JavaScript. Its download starts as soon as this module runs,
// and client navigations wait for it with the data, so nothing flashes.
const loadView = () => import('./event-view');
const View = lazy(loadView);
void loadView();

export async function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  const [data] = await Promise.all([serverLoader(), loadView()]);
  return data;
}

export default function EventPage({ loaderData }: Route.ComponentProps) {
  return (
    <Suspense fallback={null}>
      <View page={loaderData} />
    </Suspense>
  );
}
