import { orUnavailable } from '~/lib/auth.server';
import type { Route } from './+types/tracking';
import { trackedLoader, trackingAction } from './tracking.server';

/**
 * POST /resources/tracking: the web's my Encore writes (ADR 0033). No page: fetchers and
 * forms on every page post here; native clients use /api/me, which calls the same domain code.
 */
export async function action({ request, context }: Route.ActionArgs) {
  return orUnavailable(() => trackingAction(request, context));
}

/** GET: what the signed-in fan tracks and the unread count, for the header badge's minute poll. */
export async function loader({ context }: Route.LoaderArgs) {
  return orUnavailable(() => trackedLoader(context));
}
