import { Outlet } from 'react-router';
import { Logo } from '~/components/logo';

/** Split layout: brand panel on the left (hidden on phones), the form on the right. */
export default function SplitLayout() {
  return (
    <div className="grid min-h-screen md:grid-cols-2">
      <aside className="hidden flex-col justify-between bg-gradient-to-br from-brand-900 via-brand-700 to-brand-500 p-10 text-white md:flex">
        <Logo tone="light" />
        <div>
          <p className="text-3xl leading-tight font-bold">Never miss the show you would have loved.</p>
          <p className="mt-4 max-w-sm text-brand-100">
            Follow artists, watch prices and get told when it matters: Encore keeps track so you don't have to.
          </p>
        </div>
        <p className="text-sm text-brand-200">Concerts · Sports · Arts &amp; Theatre · Family</p>
      </aside>
      <main id="main-content" tabIndex={-1} className="flex flex-col items-center justify-center px-4 py-12">
        <div className="mb-8 md:hidden">
          <Logo />
        </div>
        <div className="w-full max-w-md">
          <Outlet />
        </div>
      </main>
    </div>
  );
}
