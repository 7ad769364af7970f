import { data } from 'react-router';
import type { Route } from './+types/not-found';

// SPEC §2/§8: an unmatched route gives a 404 'Page not found: {path}'.
export function loader({ url }: Route.LoaderArgs) {
  throw data(`Page not found: ${url.pathname}`, { status: 404 });
}

export default function NotFound() {
  return null;
}
