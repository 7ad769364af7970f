import { useEffect, useRef } from 'react';
import { createPortal } from 'react-dom';
import { useLocation } from 'react-router';
import { Logo } from './logo';
import { NavPageLink } from './nav-page-link';

const LINKS = [
  ['/', 'Home'],
  ['/search', 'Search events'],
  ['/about-us', 'About us'],
  ['/my-encore', 'my Encore'],
] as const;

/**
 * SPEC §9 side menu for screens up to the 1023 px breakpoint: a 300 px drawer, modal while
 * open (focus kept inside, Escape and the backdrop close it, the page does not scroll behind).
 */
export default function SideMenu({ open, onClose }: { open: boolean; onClose: () => void }) {
  const panel = useRef<HTMLDivElement>(null);
  const { pathname } = useLocation();
  const lastPath = useRef(pathname);
  const close = useRef(onClose);
  close.current = onClose;

  useEffect(() => {
    if (lastPath.current !== pathname) {
      lastPath.current = pathname;
      close.current();
    }
  }, [pathname]);

  useEffect(() => {
    if (!open) return;
    const opener = document.activeElement as HTMLElement | null;
    const { overflow } = document.body.style;
    document.body.style.overflow = 'hidden';
    panel.current?.querySelector<HTMLElement>('a, button')?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.preventDefault();
        close.current();
        return;
      }
      if (event.key !== 'Tab' || !panel.current) return;
      const focusable = [...panel.current.querySelectorAll<HTMLElement>('a[href], button')];
      const first = focusable[0];
      const last = focusable[focusable.length - 1];
      if (event.shiftKey && document.activeElement === first) {
        event.preventDefault();
        last?.focus();
      } else if (!event.shiftKey && document.activeElement === last) {
        event.preventDefault();
        first?.focus();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.body.style.overflow = overflow;
      opener?.focus();
    };
  }, [open]);

  if (!open) return null;
  // Portalled to <body>: the header's backdrop blur would otherwise be the drawer's containing block.
  return createPortal(
    <div className="fixed inset-0 z-50 md:hidden">
      <button
        type="button"
        tabIndex={-1}
        aria-hidden="true"
        className="drawer-backdrop absolute inset-0 h-full w-full cursor-default bg-ink/50"
        onClick={onClose}
      />
      <div
        ref={panel}
        id="side-menu"
        role="dialog"
        aria-modal="true"
        aria-label="Menu"
        className="drawer-panel absolute inset-y-0 left-0 flex w-[300px] max-w-[85vw] flex-col bg-white text-ink shadow-2xl"
      >
        <div className="flex h-16 items-center justify-between border-b border-slate-100 px-4">
          <Logo />
          <button
            type="button"
            aria-label="Close menu"
            onClick={onClose}
            className="grid h-10 w-10 place-items-center rounded-full text-slate-600 hover:bg-slate-100"
          >
            <svg aria-hidden="true" viewBox="0 0 20 20" className="h-5 w-5 fill-current">
              <path d="m10 8.94 4.47-4.47 1.06 1.06L11.06 10l4.47 4.47-1.06 1.06L10 11.06l-4.47 4.47-1.06-1.06L8.94 10 4.47 5.53l1.06-1.06z" />
            </svg>
          </button>
        </div>
        <nav aria-label="Side menu" className="flex flex-col gap-1 p-3">
          {LINKS.map(([to, label]) => (
            <NavPageLink
              key={to}
              to={to}
              end
              onClick={onClose}
              className={(isActive) =>
                `rounded-xl px-4 py-3 text-base font-semibold ${isActive ? 'bg-brand-50 text-brand-700' : 'text-slate-800 hover:bg-slate-50'}`
              }
            >
              {label}
            </NavPageLink>
          ))}
        </nav>
        <p className="mt-auto border-t border-slate-100 p-4 text-sm text-slate-500">
          Concerts, games and shows near you, on your dates.
        </p>
      </div>
    </div>,
    document.body,
  );
}
