import { HydrateOnUse, onUse } from '~/components/hydrate-on-use';
import { loadSignInDialog, loadTracking } from '~/components/part-code';
import type { Route } from './+types/event';
import { loadEventPage } from './event.server';

export const loader = (args: Route.LoaderArgs) => loadEventPage(args);

export const meta: Route.MetaFunction = ({ data }) => data?.meta ?? [{ title: 'Page not found · Encore' }];

// The page body hydrates on first use (components/hydrate-on-use.tsx): its code is not part
// of the first load. A client navigation loads it with the data.
const loadView = () => import('./event-view');
const body = onUse('event', loadView, [loadSignInDialog, loadTracking]);

export async function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  const [data] = await Promise.all([serverLoader(), loadView()]);
  return data;
}

export default function EventPage({ loaderData }: Route.ComponentProps) {
  return <HydrateOnUse part={body} props={{ page: loaderData }} />;
}
