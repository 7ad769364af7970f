import { type ComponentProps, lazy, Suspense, useState } from 'react';
import { useLocation, useMatches } from 'react-router';
import type { AccountButton } from './auth/account-button';
import { HydrateOnUse, onUse, useSuggestQuery } from './hydration';
import { Logo } from './logo';
import { NavPageLink } from './nav-page-link';
import type { SearchBox } from './search-box';
import { useFanSignedIn } from './tracking/use-fan';

// The drawer is fetched on first use: most visitors never open it.
const loadSideMenu = () => import('./side-menu');
const SideMenu = lazy(loadSideMenu);
// The alerts bell is a signed-in fan's: visitors never fetch it.
const UnreadAlertsBadge = lazy(() =>
  import('./tracking/unread-badge').then((module) => ({ default: module.UnreadAlertsBadge })),
);
// The search box hydrates on first use (focus, pointer, key: components/hydration/);
// text typed before its code is there is kept and searched.
const searchBox = onUse<ComponentProps<typeof SearchBox>>(
  'site-search',
  () => import('./search-box').then((module) => ({ default: module.SearchBox })),
  ['search-panel'],
);

// The header's Sign in button hydrates on first use too: a press before its code is replayed
// and fetches the sign-in dialog with it (data-opens). A signed-in fan's hydrates at once.
const accountButton = onUse<ComponentProps<typeof AccountButton>>(
  'account-button',
  () => import('./auth/account-button').then((module) => ({ default: module.AccountButton })),
  ['sign-in'],
);

const navLinkClass = (hero: boolean) => (isActive: boolean) =>
  `rounded-md px-3 py-2 text-sm font-medium ${
    hero
      ? isActive
        ? 'text-white'
        : 'text-white hover:underline'
      : isActive
        ? 'text-brand-700'
        : 'text-slate-700 hover:text-brand-700'
  }`;

/**
 * A route opts into the hero header (SPEC §2: artist pages) with `handle = { hero: true }`;
 * only while it shows its data (an error screen in its place has no hero image behind the header).
 */
export function useHeroMode(): boolean {
  return useMatches().some(
    (match) => (match.handle as { hero?: boolean } | undefined)?.hero === true && match.data != null,
  );
}

export function SiteHeader({ showSearch = true }: { showSearch?: boolean }) {
  const [menuOpen, setMenuOpen] = useState(false);
  const hero = useHeroMode();
  const signedIn = useFanSignedIn();
  const { pathname, search } = useLocation();
  const suggestQuery = useSuggestQuery();
  // SPEC §2: the search box is hidden on artist hero pages.
  const searchShown = showSearch && !hero;
  const keyword = pathname === '/search' ? (new URLSearchParams(search).get('keyword') ?? '') : '';
  // Its own row on phones; phones see the home page's own search box first (one box is enough).
  const searchClass = `order-last mb-3 w-full sm:order-none sm:mb-0 sm:ml-2 sm:w-auto sm:max-w-md sm:flex-1 ${
    pathname === '/' ? 'max-sm:hidden' : ''
  }`;
  return (
    <header
      className={
        hero
          ? 'absolute inset-x-0 top-0 z-30 text-white'
          : 'sticky top-0 z-30 border-b border-slate-200 bg-white/95 backdrop-blur'
      }
    >
      <div className="mx-auto flex min-h-16 max-w-6xl flex-wrap items-center gap-x-3 gap-y-0 px-4 sm:gap-x-4">
        <button
          type="button"
          className={`-ml-2 grid h-10 w-10 place-items-center rounded-md md:hidden ${hero ? 'text-white hover:bg-white/15' : 'text-slate-700 hover:bg-slate-100'}`}
          aria-label="Open menu"
          aria-expanded={menuOpen}
          aria-controls="side-menu"
          onPointerEnter={() => void loadSideMenu()}
          onClick={() => setMenuOpen(true)}
        >
          <svg aria-hidden="true" viewBox="0 0 20 20" className="h-5 w-5 fill-current">
            <path d="M3 5h14v1.5H3zm0 4.25h14v1.5H3zM3 13.5h14V15H3z" />
          </svg>
        </button>
        <div className="flex h-16 items-center">
          <Logo tone={hero ? 'light' : 'dark'} />
        </div>
        {searchShown && (
          <HydrateOnUse
            key={keyword}
            part={searchBox}
            props={{ id: 'site-search', defaultValue: keyword, className: searchClass, suggestQuery }}
          />
        )}
        <nav aria-label="Main" className="ml-auto hidden items-center gap-1 md:flex">
          <NavPageLink to="/about-us" className={navLinkClass(hero)}>
            About us
          </NavPageLink>
          <NavPageLink to="/my-encore" className={navLinkClass(hero)}>
            my Encore
          </NavPageLink>
        </nav>
        <HydrateOnUse part={accountButton} props={{ className: 'ml-auto md:ml-2', tone: hero ? 'hero' : 'light' }} />
        {signedIn && (
          <Suspense fallback={null}>
            <UnreadAlertsBadge tone={hero ? 'hero' : 'default'} />
          </Suspense>
        )}
      </div>
      {menuOpen && (
        <Suspense fallback={null}>
          <SideMenu open onClose={() => setMenuOpen(false)} />
        </Suspense>
      )}
    </header>
  );
}
