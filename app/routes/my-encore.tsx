import { MyEncoreTracking } from '~/components/tracking/my-encore-tracking';
import { useBrowserGuard } from '~/lib/auth/guard';
import { orUnavailable, PRIVATE_HEADERS } from '~/lib/auth.server';
import { namedMiddleware } from '~/lib/route-middleware.server';
import type { Route } from './+types/my-encore';
import { loadMyEncorePage } from './my-encore.server';

export const meta = () => [{ title: 'my Encore · Encore' }, { name: 'robots', content: 'noindex' }];
export const headers = () => PRIVATE_HEADERS;

// SPEC §6: signed-in users only; an anonymous visitor is sent home with the sign-in dialog
// open, and lands back here after signing in.
export const middleware: Route.MiddlewareFunction[] = namedMiddleware('requireUserOrSignIn');

export async function loader({ url, context }: Route.LoaderArgs) {
  return orUnavailable(() => loadMyEncorePage(url, context));
}

/** The personal area: alerts, watched events, followed artists, calendar and notifications (ADR 0008). */
export default function MyEncore({ loaderData }: Route.ComponentProps) {
  useBrowserGuard();
  return (
    <div className="flex flex-col gap-8">
      <div>
        <h1 className="text-3xl font-bold text-ink">{loaderData.name ? `Hi ${loaderData.name}` : 'Hi there'}</h1>
        <p className="mt-1 text-slate-600">This is my Encore: your own corner for the shows you care about.</p>
      </div>
      <MyEncoreTracking data={loaderData.tracking} now={loaderData.now} apiBase={loaderData.apiBase} />
    </div>
  );
}
