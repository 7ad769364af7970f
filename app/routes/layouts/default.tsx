import { Outlet } from 'react-router';
import { SiteFooter } from '~/components/site-footer';
import { SiteHeader } from '~/components/site-header';

export default function DefaultLayout() {
  return (
    <div className="flex min-h-screen flex-col">
      <SiteHeader />
      <div id="main-content" tabIndex={-1} className="flex-1 focus:outline-none">
        <Outlet />
      </div>
      <SiteFooter />
    </div>
  );
}
