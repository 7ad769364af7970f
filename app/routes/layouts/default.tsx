import { Outlet } from 'react-router';
import { SiteFooter } from '~/components/site-footer';
import { SiteHeader } from '~/components/site-header';
import { MiniDrawerPart, useMiniDrawer } from '~/components/use-mini-drawer';

export default function DefaultLayout() {
  const drawer = useMiniDrawer();
  return (
    <div className={`flex min-h-screen flex-col ${drawer ? 'lg:pl-[57px]' : ''}`}>
      {drawer && <MiniDrawerPart />}
      <SiteHeader />
      <div id="main-content" tabIndex={-1} className="flex-1 focus:outline-none">
        <Outlet />
      </div>
      <SiteFooter />
    </div>
  );
}
