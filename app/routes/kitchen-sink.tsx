import { lazy } from 'react';
import type { Route } from './+types/kitchen-sink';
import { kitchenSinkData } from './kitchen-sink.server';

export const loader = () => kitchenSinkData();

export const meta: Route.MetaFunction = () => [
  { title: 'Kitchen sink · Encore' },
  { name: 'robots', content: 'noindex' },
];

// The page body is its own chunk (ADR 0006): the route module stays a few hundred bytes of
// first-load JavaScript. Its download starts as soon as this module runs; hydration waits for
// it with the server's HTML in place, and client navigations wait for it with the data. No
// Suspense boundary on purpose: React streams a large boundary after the shell, which would
// paint the footer first and shift it.
const loadView = () => import('./kitchen-sink-view');
const View = lazy(loadView);
void loadView();

export async function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  const [data] = await Promise.all([serverLoader(), loadView()]);
  return data;
}

export default function KitchenSinkPage({ loaderData }: Route.ComponentProps) {
  return <View page={loaderData} />;
}
