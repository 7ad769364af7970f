import { redirect } from 'react-router';
import { PRIVATE_HEADERS } from '~/lib/auth.server';
import { namedMiddleware } from '~/lib/route-middleware.server';
import type { Route } from './+types/index';

// SPEC §6: admins only (others go to /); the admin area opens on its dashboard.
export const middleware: Route.MiddlewareFunction[] = namedMiddleware('requireAdmin');

export async function loader() {
  throw redirect('/admin/dashboard', { headers: PRIVATE_HEADERS });
}

export default function AdminIndex() {
  return null;
}
