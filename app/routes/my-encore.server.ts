import { greetingName } from '~/lib/display-name';
import { guardedUser } from '~/lib/route-middleware.server';
import { loadMyEncore } from '~/lib/tracking.server';
import type { Route } from './+types/my-encore';

/** my Encore: the greeting and the tracking sections (ADR 0008), read again after every write (ADR 0033). */
export async function loadMyEncorePage(url: URL, context: Route.LoaderArgs['context']) {
  const user = guardedUser(context);
  const now = new Date().toISOString();
  const { names, ...tracking } = await loadMyEncore(url, context, user.uid, now);
  const name =
    greetingName({
      firstName: names?.firstName,
      displayName: names?.displayName,
      email: user.email ?? names?.email,
      uid: user.uid,
    }) ?? '';
  const apiBase = context.services.env.PUBLIC_API_BASE_URL;
  return { name, tracking, apiBase, now };
}
