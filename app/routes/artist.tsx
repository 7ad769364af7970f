import { data } from 'react-router';
import type { Route } from './+types/artist';

export function loader({ request }: Route.LoaderArgs) {
  throw data(`Page Not Found: ${new URL(request.url).pathname}`, { status: 404 });
}

export default function Page() {
  return null;
}
