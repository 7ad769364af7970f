import { HydrateOnUse, onUse } from '~/components/hydration';
import type { Route } from './+types/kitchen-sink';
import { kitchenSinkData } from './kitchen-sink.server';

export const loader = () => kitchenSinkData();

export const meta: Route.MetaFunction = () => [
  { title: 'Kitchen sink · Encore' },
  { name: 'robots', content: 'noindex' },
];

// The page body hydrates on first use (components/hydration/): its code is not part
// of the first load. A client navigation loads it with the data.
const loadView = () => import('./kitchen-sink-view');
const body = onUse('kitchen-sink', loadView);

export async function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  const [data] = await Promise.all([serverLoader(), loadView()]);
  return data;
}

export default function KitchenSinkPage({ loaderData }: Route.ComponentProps) {
  return <HydrateOnUse part={body} props={{ page: loaderData }} />;
}
