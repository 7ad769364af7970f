import { data } from 'react-router';
import type { Route } from './+types/not-found';

// SPEC §2/§8: an unmatched route gives a 404 'Page not found: {path}'.
export function loader({ request }: Route.LoaderArgs) {
  const { pathname } = new URL(request.url);
  throw data(`Page not found: ${pathname}`, { status: 404 });
}

export default function NotFound() {
  return null;
}
