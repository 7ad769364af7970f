import { Outlet } from 'react-router';
import { SiteFooter } from '~/components/site-footer';
import { SiteHeader } from '~/components/site-header';
import { MiniDrawerPart, useMiniDrawer } from '~/components/use-mini-drawer';

/** Layout of the signed-in areas (my Encore, profile, admin). Guards live in each route's loader. */
export default function AuthenticatedLayout() {
  const drawer = useMiniDrawer();
  return (
    <div className={`flex min-h-screen flex-col ${drawer ? 'lg:pl-[57px]' : ''}`}>
      {drawer && <MiniDrawerPart />}
      <SiteHeader />
      <main id="main-content" tabIndex={-1} className="mx-auto w-full max-w-6xl flex-1 px-4 py-8">
        <Outlet />
      </main>
      <SiteFooter />
    </div>
  );
}
