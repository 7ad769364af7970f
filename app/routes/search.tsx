import type { Route } from './+types/search';

export const meta = () => [{ title: 'Search · Encore' }];

export function loader({ request }: Route.LoaderArgs) {
  return { keyword: new URL(request.url).searchParams.get('keyword') ?? '' };
}

export default function Search({ loaderData }: Route.ComponentProps) {
  return (
    <main className="mx-auto max-w-6xl px-4 py-10">
      <h1 className="text-2xl font-bold">{loaderData.keyword ? `Results for “${loaderData.keyword}”` : 'Search'}</h1>
    </main>
  );
}
