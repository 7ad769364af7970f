import { Outlet } from 'react-router';
import { SiteFooter } from '~/components/site-footer';
import { SiteHeader } from '~/components/site-header';

/** Layout of the signed-in areas (my Encore, profile, admin). Guards live in each route's loader. */
export default function AuthenticatedLayout() {
  return (
    <div className="flex min-h-screen flex-col">
      <SiteHeader />
      <main id="main-content" tabIndex={-1} className="mx-auto w-full max-w-6xl flex-1 px-4 py-8">
        <Outlet />
      </main>
      <SiteFooter />
    </div>
  );
}
