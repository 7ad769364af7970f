import type { AppLoadContext } from 'react-router';
import { Cache } from '#server/cache';
import { readQuery } from '#server/page-query';
import { orUnavailable } from './auth.server';
import { FILTERS_COOKIE } from './preferences';

/**
 * The public data of a discovery page (home, search, artist, event), shared by every visitor
 * who asks for the same page within the page cache's TTL (ADR 0028). Anonymous visitors get
 * whole pages from the page cache (ADR 0009); a signed-in fan's page is rendered for them
 * alone, but its loader reads nothing personal (Follow and Watch states load in the browser),
 * so it is read once and the render is theirs. Kept per page as the render reads it: path,
 * the query parameters pages read, the filters cookie, the origin; and per catalogue version
 * (the load context's, bumped by every catalogue write in this process, as the page cache is
 * emptied). Failures (404, redirects) are not kept.
 */
const MAX_PAGES = 300;

// Each entry lives PAGE_CACHE_TTL_MS (the env's, given at `set`), like the page cache's.
const pages = new Cache<string, Promise<unknown>>({ ttlMs: 0, maxEntries: MAX_PAGES });
let version = 0;

export function sharedPageData<T>(
  name: string,
  { url, request, context }: { url: URL; request: Request; context: AppLoadContext },
  load: () => Promise<T>,
): Promise<T> {
  const ttl = context.services.env.PAGE_CACHE_TTL_MS;
  if (ttl <= 0) return orUnavailable(load);
  if ((context.catalogueVersion ?? 0) !== version) {
    // The catalogue changed: nothing kept is of use any more.
    version = context.catalogueVersion ?? 0;
    pages.clear();
  }
  const filters = readFiltersCookie(request.headers.get('cookie'));
  const key = JSON.stringify([
    name,
    context.catalogueVersion ?? 0,
    url.origin,
    readQuery(url.pathname + url.search),
    filters,
  ]);
  const kept = pages.get(key);
  if (kept) return kept as Promise<T>;
  const value = orUnavailable(load);
  pages.set(key, value, Date.now() + ttl);
  value.catch(() => pages.delete(key, value));
  return value;
}

/** Every raw value of the filters cookie: two requests share data only if a loader cannot tell them apart. */
function readFiltersCookie(header: string | null): string[] {
  if (!header) return [];
  return header
    .split(';')
    .map((part) => part.trim())
    .filter((part) => part.split('=')[0] === FILTERS_COOKIE);
}
