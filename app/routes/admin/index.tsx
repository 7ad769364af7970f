import { redirect } from 'react-router';
import { PRIVATE_HEADERS, requireAdmin } from '~/lib/auth.server';
import type { Route } from './+types/index';

// SPEC §6: admins only (others go to /); the admin area opens on its dashboard.
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  throw redirect('/admin/dashboard', { headers: PRIVATE_HEADERS });
}

export default function AdminIndex() {
  return null;
}
