import { Link } from 'react-router';
import { useBrowserGuard } from '~/lib/auth/guard';
import { PRIVATE_HEADERS, requireUser } from '~/lib/auth.server';
import { getAccountDetails } from '../../server/accounts/accounts';
import type { Route } from './+types/my-encore';

export const meta = () => [{ title: 'my Encore · Encore' }, { name: 'robots', content: 'noindex' }];
export const headers = () => PRIVATE_HEADERS;

// SPEC §6: signed-in users only; an anonymous visitor is sent home with the sign-in dialog
// open, and lands back here after signing in.
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireUser(request, context, { openSignIn: true });
  const details = await getAccountDetails(context.services.database.db, user.uid);
  const name = details?.firstName || details?.displayName || user.email?.split('@')[0] || '';
  return { name };
}

/**
 * The personal area. What it will hold (followed artists, watched events, price alerts)
 * arrives with a later release; until then the page says so plainly rather than showing
 * made-up items.
 */
export default function MyEncore({ loaderData }: Route.ComponentProps) {
  useBrowserGuard();
  return (
    <div className="flex flex-col gap-8">
      <div>
        <h1 className="text-3xl font-bold text-ink">{loaderData.name ? `Hi ${loaderData.name}` : 'Hi there'}</h1>
        <p className="mt-1 text-slate-600">This is my Encore: your own corner for the shows you care about.</p>
      </div>
      <section
        aria-labelledby="my-encore-empty"
        className="rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-10 text-center"
      >
        <h2 id="my-encore-empty" className="text-xl font-semibold text-ink">
          Nothing here yet
        </h2>
        <p className="mx-auto mt-2 max-w-prose text-slate-600">
          Artists you follow, events you watch and the price alerts you set will be listed here, with their next dates
          and the latest prices. Following and watching are coming soon; in the meantime, find what is on near you.
        </p>
        <Link
          to="/search"
          className="mt-6 inline-block rounded-full bg-brand-600 px-5 py-2.5 font-semibold text-white hover:bg-brand-700"
        >
          Search events
        </Link>
      </section>
    </div>
  );
}
