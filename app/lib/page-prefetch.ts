import { isRouteErrorResponse, matchPath } from 'react-router';
import { getAccount } from './auth/account-store';

/**
 * SPEC §9 payload prefetch of the catalogue pages (ADR 0036). Their data comes through a
 * `clientLoader` (the view code loads with it, a failed fetch becomes a store message), and
 * React Router prefetches no data for such routes. So 1 s after the intent the app shell has
 * the router run the page's own clientLoader ahead (a fetcher, marked PREFETCH_PARAM); the
 * clientLoader keeps what that call started here, and the click that follows takes it
 * instead of fetching again. Not first-load code: the app shell and the clientLoaders import
 * it on use.
 */

/** Marks the app shell's prefetch call. The server ignores it (server/page-query.ts). */
export const PREFETCH_PARAM = '_prefetch';

/**
 * A prefetch is used only within 10 s of its request (ADR 0036): a click usually follows the
 * pointer within a few seconds, and the server's own answer may already be up to one
 * page-cache TTL (30 s) old; an older prefetch is dropped and the click fetches anew.
 */
export const PREFETCH_TTL_MS = 10_000;

/** The catalogue pages of app/routes.ts: the routes whose clientLoaders use prefetchedOrLoad. */
export const CATALOGUE_PAGES = ['/', '/search', '/:artistSlug/artist/:id', '/events/:eventSlug/:id'] as const;

type Kept = { value: Promise<unknown>; at: number };
const kept = new Map<string, Kept>();

/**
 * The key of a page's data: its path and query (without the marks the router and the prefetch
 * add), the signed-in account (a prefetch made for one fan is never shown to the next one
 * signed in on this browser) and the cookies (the filters: a page's data depends on them).
 */
function keyOf(url: URL): string {
  const query = new URLSearchParams(url.search);
  query.delete(PREFETCH_PARAM);
  query.delete('index');
  return JSON.stringify([url.pathname, query.toString(), getAccount().uid, document.cookie]);
}

/** The router's fetcher calls (the app shell's data router). */
export type FetcherRouter = {
  fetch(key: string, routeId: string, href: string): Promise<void>;
  deleteFetcher(key: string): void;
};

/**
 * Runs the clientLoader of the catalogue page at `path` (others are left to React Router's
 * own prefetch) as a fetcher that is let go at once: the router then drops its result, error
 * included (never an error on the page on screen), and never loads it again on a
 * revalidation. `index` targets the home page itself rather than its layout.
 */
export function prefetchPageData(router: FetcherRouter, path: string) {
  const url = new URL(path, window.location.origin);
  if (!CATALOGUE_PAGES.some((pattern) => matchPath(pattern, url.pathname))) return;
  url.searchParams.set('index', '');
  url.searchParams.set(PREFETCH_PARAM, '');
  const key = `prefetch ${path}`;
  void router.fetch(key, 'root', url.pathname + url.search);
  router.deleteFetcher(key);
}

/**
 * A catalogue page's clientLoader body: on the app shell's prefetch call, starts `load` and
 * keeps it; on a navigation, takes what a prefetch kept for this page if it was requested
 * within PREFETCH_TTL_MS (arrived or still on its way), else loads. Each prefetch serves one click.
 * A prefetch that failed without an answer (connection lost, or cut off by a revalidation) is
 * never the click's fate: the click then loads on its own, and only that failure is shown.
 */
export function prefetchedOrLoad<T>(request: Request, load: () => Promise<T>): Promise<T> {
  const url = new URL(request.url);
  const key = keyOf(url);
  if (url.searchParams.has(PREFETCH_PARAM)) {
    const entry: Kept = { value: load(), at: Date.now() };
    kept.set(key, entry);
    entry.value.catch(() => {
      if (kept.get(key) === entry) kept.delete(key);
    });
    // The router drops this result: the fetcher that asked was let go (prefetchPageData).
    return entry.value as Promise<T>;
  }
  const entry = kept.get(key);
  kept.delete(key);
  if (!entry || Date.now() - entry.at >= PREFETCH_TTL_MS) return load();
  return (entry.value as Promise<T>).catch((error: unknown) => {
    if (isRouteErrorResponse(error) || error instanceof Response) throw error;
    return load();
  });
}
