import { filtersToSearchParams } from './filters';
import { FILTERS_COOKIE, filtersFromCookie, readCookie } from './preferences';
import { FALLBACK_VIEWPORT, VIEWPORT_COOKIE } from './viewport';
import { viewportFromCookie } from './viewport.server';

/**
 * The cookies page renders read, each as they read it, as one Cookie header. The page cache
 * (server/page-cache.ts) keys a page on it and renders the page with it alone, so values a
 * render reads as the same (an unknown screen class is the fallback's, filters written in
 * another order are the same filters, a cookie that does not decode is no cookie) share one
 * render, and no cookie value a visitor makes up costs a render of its own.
 * page-cookies.server.test.ts holds every render reading this header as it reads the original.
 */
export function renderedCookies(header: string | null | undefined): string {
  const parts: string[] = [];
  if (readCookie(header, FILTERS_COOKIE) !== undefined) {
    const filters = filtersToSearchParams(filtersFromCookie(header)).toString();
    if (filters) parts.push(`${FILTERS_COOKIE}=${encodeURIComponent(filters)}`);
  }
  const viewport = viewportFromCookie(header);
  if (viewport !== FALLBACK_VIEWPORT) parts.push(`${VIEWPORT_COOKIE}=${viewport}`);
  return parts.join('; ');
}
