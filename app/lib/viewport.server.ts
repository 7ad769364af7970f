import { readCookie } from './preferences';
import { parseViewport, VIEWPORT_COOKIE, type Viewport } from './viewport';

/** The visitor's screen class from the request (fallback lg). The page cache keys on this cookie. */
export function viewportFromCookie(header: string | null | undefined): Viewport {
  return parseViewport(readCookie(header, VIEWPORT_COOKIE));
}
