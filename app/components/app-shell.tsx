import { type ComponentType, useEffect, useRef, useState } from 'react';
import { PrefetchPageLinks, useLocation, useRouteLoaderData } from 'react-router';
import type { PublicConfig } from '~/lib/auth/config';
import { startPlatform } from '~/lib/platform';
import { createPreloadQueue } from '~/lib/preload-queue';
import { afterWantedCode, useDataRouter, whenPageIdle } from './hydration';

const HOUR = 3_600_000;
const pagePrefetch = () => import('~/lib/page-prefetch');
type ShellWatch = typeof import('~/lib/shell-idle');

/** The link an event happened in, if it opens a page of ours in this tab. */
function ourLink(event: Event, selector: string): HTMLAnchorElement | undefined {
  const link = (event.target as Element | null)?.closest?.<HTMLAnchorElement>(selector);
  return link && !link.target && link.origin === window.location.origin ? link : undefined;
}

/**
 * What every page does in the browser besides rendering (SPEC §2, §4, §9): tag-manager page
 * views, the viewport cookie, new-build detection, the chunk reload guard, route preloads on
 * intent and, inside the native shell, push. Small by design: it ships with every page.
 */
export function AppShell() {
  const root = useRouteLoaderData('root') as { config?: PublicConfig } | undefined;
  const gtmId = root?.config?.gtmId ?? null;
  const buildCheckMs = root?.config?.buildCheckMs ?? HOUR;
  const { pathname, search } = useLocation();
  const [prefetched, setPrefetched] = useState<string[]>([]);
  const router = useDataRouter();

  useEffect(startPlatform, []);

  // The chunk reload guard, new-build detection, the viewport cookie and the location lookup
  // start once the page is idle: their code is not first-load code (lib/shell-idle.ts says why
  // the first two are not needed sooner, app-shell-idle.tsx the others).
  const watch = useRef<ShellWatch | null>(null);
  const [AtIdle, setAtIdle] = useState<ComponentType | null>(null);
  useEffect(() => {
    let stop: (() => void) | undefined;
    let ended = false;
    whenPageIdle(() => {
      void import('~/lib/shell-idle').then((module) => {
        if (ended) return;
        watch.current = module;
        stop = module.startShellWatch(buildCheckMs);
      });
      void import('./app-shell-idle').then(
        (module) => ended || setAtIdle(() => module.AppShellIdle),
        () => undefined,
      );
    });
    return () => {
      ended = true;
      stop?.();
    };
  }, [buildCheckMs]);

  const firstPage = useRef(true);
  useEffect(() => {
    // SPEC §4: on a build newer than this code, the next navigation loads the page anew.
    if (!firstPage.current && watch.current?.isStaleBuild()) {
      window.location.reload();
      return;
    }
    firstPage.current = false;
    // Only with a container configured: the page-view code is not first-load code (ADR 0036).
    if (gtmId) {
      const path = pathname + search;
      void import('~/lib/page-views').then(({ trackPageView }) => trackPageView(gtmId, path));
    }
  }, [pathname, search, gtmId]);

  useEffect(() => {
    const queue = createPreloadQueue((path) => {
      setPrefetched((list) => [...list, path]);
      if (router) void pagePrefetch().then(({ prefetchPageData }) => prefetchPageData(router, path));
    });
    let warmed = false;
    const onIntent = (event: Event) => {
      // The catalogue pages' clientLoaders need it on the next navigation (ADR 0036); after
      // the code a press waits on (ADR 0039).
      if (!warmed) afterWantedCode(() => void pagePrefetch());
      warmed = true;
      const link = ourLink(event, 'a[href]');
      const path = link && link.pathname + link.search;
      if (path && path !== window.location.pathname + window.location.search) queue.add(path);
    };
    // A plain click on a page link is a client navigation, as on a <Link> (ui/page-link.tsx),
    // busy until the page is there. Capturing, before React's listeners: React stops a click
    // inside a part still waiting for its code.
    const onClick = (event: MouseEvent) => {
      const link = ourLink(event, 'a[data-page-link]:not([download])');
      if (!link || !router || event.defaultPrevented || event.button) return;
      if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      event.preventDefault();
      link.ariaBusy = 'true';
      void router
        .navigate(link.pathname + link.search + link.hash, {
          // As <Link>: the address on screen again replaces its entry instead of adding one.
          replace: !!link.dataset.pageLink || link.href === window.location.href,
          preventScrollReset: 'keepScroll' in link.dataset,
        })
        .finally(() => (link.ariaBusy = null));
    };
    window.addEventListener('pointerover', onIntent, { passive: true });
    window.addEventListener('focusin', onIntent);
    window.addEventListener('click', onClick, true);
    return () => {
      window.removeEventListener('pointerover', onIntent);
      window.removeEventListener('focusin', onIntent);
      window.removeEventListener('click', onClick, true);
      queue.clear();
    };
  }, [router]);

  return (
    <>
      {AtIdle && <AtIdle />}
      {prefetched.map((page) => (
        <div key={page} hidden data-preload={page}>
          <PrefetchPageLinks page={page} />
        </div>
      ))}
    </>
  );
}
