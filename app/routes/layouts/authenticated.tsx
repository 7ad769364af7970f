import { Outlet } from 'react-router';

/**
 * Layout of the signed-in areas (my Encore, profile, admin), nested in the default layout:
 * the header, the drawer and the footer are the default frame's, so they stay mounted, and
 * what the fan typed in the search box stays, on the way between a public page and these.
 * Guards live in each route's loader.
 */
export default function AuthenticatedLayout() {
  return (
    <main className="mx-auto w-full max-w-6xl px-4 py-8">
      <Outlet />
    </main>
  );
}
