import { useState } from 'react';
import { NavPageLink } from './nav-page-link';

/**
 * SPEC §9 drawer on screens wider than the 1023 px breakpoint: a 57 px rail of icons beside
 * the page that opens to 300 px with the labels (below the breakpoint the header's side menu
 * serves instead). The server renders it only for screens that show it (viewport cookie).
 */
export const DRAWER_WIDTH = 300;
export const MINI_DRAWER_WIDTH = 57;

const ITEMS = [
  ['/', 'Home', 'M10 3 2.5 9.5V17h5v-4.5h5V17h5V9.5z'],
  [
    '/search',
    'Search events',
    'M8.5 3a5.5 5.5 0 0 1 4.38 8.83l3.65 3.64-1.06 1.06-3.64-3.65A5.5 5.5 0 1 1 8.5 3Zm0 1.5a4 4 0 1 0 0 8 4 4 0 0 0 0-8Z',
  ],
  ['/my-encore', 'my Encore', 'm10 2.5 2.3 4.9 5.2.6-3.9 3.6 1 5.2L10 14.2l-4.6 2.6 1-5.2L2.5 8l5.2-.6z'],
  [
    '/about-us',
    'About us',
    'M10 2.5a7.5 7.5 0 1 1 0 15 7.5 7.5 0 0 1 0-15Zm-.75 6v5.5h1.5V8.5zm.75-3a1 1 0 1 0 0 2 1 1 0 0 0 0-2Z',
  ],
] as const;

// `pathname` is what makes a client navigation re-render the part (use-mini-drawer.tsx); the
// links read the location themselves.
export function MiniDrawer(_props: { pathname: string }) {
  const [open, setOpen] = useState(false);
  return (
    <nav
      aria-label="Side navigation"
      style={{ width: open ? DRAWER_WIDTH : MINI_DRAWER_WIDTH }}
      className={`fixed inset-y-0 left-0 z-40 hidden flex-col overflow-hidden border-r border-slate-200 bg-white transition-[width] duration-200 lg:flex ${open ? 'shadow-2xl' : ''}`}
    >
      <button
        type="button"
        aria-expanded={open}
        aria-label={open ? 'Collapse menu' : 'Expand menu'}
        onClick={() => setOpen(!open)}
        className="mx-[8.5px] mt-3 grid h-10 w-10 shrink-0 place-items-center rounded-md text-slate-700 hover:bg-slate-100"
      >
        <svg aria-hidden="true" viewBox="0 0 20 20" className="h-5 w-5 fill-current">
          <path d="M3 5h14v1.5H3zm0 4.25h14v1.5H3zM3 13.5h14V15H3z" />
        </svg>
      </button>
      <ul className="mt-4 flex flex-col gap-1">
        {ITEMS.map(([to, label, icon]) => (
          <li key={to}>
            <NavPageLink
              to={to}
              end
              title={open ? undefined : label}
              onClick={() => setOpen(false)}
              className={(isActive) =>
                `mx-[8.5px] flex h-10 items-center gap-4 rounded-md px-2.5 text-sm font-semibold whitespace-nowrap ${
                  isActive ? 'bg-brand-50 text-brand-700' : 'text-slate-700 hover:bg-slate-50'
                }`
              }
            >
              <svg aria-hidden="true" viewBox="0 0 20 20" className="h-5 w-5 shrink-0 fill-current">
                <path d={icon} />
              </svg>
              <span className={open ? '' : 'sr-only'}>{label}</span>
            </NavPageLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
