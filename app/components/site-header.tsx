import { useState } from 'react';
import { NavLink } from 'react-router';
import { AccountButton } from './auth/account-button';
import { Logo } from './logo';
import { SearchBox } from './search-box';

const navLinkClass = ({ isActive }: { isActive: boolean }) =>
  `rounded-md px-3 py-2 text-sm font-medium ${isActive ? 'text-brand-700' : 'text-slate-700 hover:text-brand-700'}`;

export function SiteHeader({ showSearch = true }: { showSearch?: boolean }) {
  const [menuOpen, setMenuOpen] = useState(false);
  return (
    <header className="sticky top-0 z-30 border-b border-slate-200 bg-white/95 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-6xl items-center gap-4 px-4">
        <button
          type="button"
          className="-ml-2 grid h-10 w-10 place-items-center rounded-md text-slate-700 hover:bg-slate-100 md:hidden"
          aria-label="Open menu"
          aria-expanded={menuOpen}
          aria-controls="side-menu"
          onClick={() => setMenuOpen(true)}
        >
          <svg aria-hidden="true" viewBox="0 0 20 20" className="h-5 w-5 fill-current">
            <path d="M3 5h14v1.5H3zm0 4.25h14v1.5H3zM3 13.5h14V15H3z" />
          </svg>
        </button>
        <Logo />
        {showSearch && <SearchBox className="ml-2 hidden max-w-md flex-1 sm:block" />}
        <nav aria-label="Main" className="ml-auto hidden items-center gap-1 md:flex">
          <NavLink to="/about-us" className={navLinkClass}>
            About us
          </NavLink>
          <NavLink to="/my-encore" className={navLinkClass}>
            my Encore
          </NavLink>
        </nav>
        <AccountButton className="ml-auto md:ml-2" />
      </div>
      {showSearch && (
        <div className="px-4 pb-3 sm:hidden">
          <SearchBox />
        </div>
      )}
      {menuOpen && (
        <div className="fixed inset-0 z-40 md:hidden">
          <button
            type="button"
            aria-label="Close menu"
            className="absolute inset-0 bg-black/40"
            onClick={() => setMenuOpen(false)}
          />
          <nav
            id="side-menu"
            aria-label="Side menu"
            className="absolute inset-y-0 left-0 flex w-[300px] flex-col gap-1 bg-white p-4 shadow-xl"
          >
            <div className="mb-4">
              <Logo />
            </div>
            {[
              ['/', 'Home'],
              ['/search', 'Search'],
              ['/about-us', 'About us'],
              ['/my-encore', 'my Encore'],
            ].map(([to, label]) => (
              <NavLink key={to} to={to as string} className={navLinkClass} onClick={() => setMenuOpen(false)}>
                {label}
              </NavLink>
            ))}
          </nav>
        </div>
      )}
    </header>
  );
}
