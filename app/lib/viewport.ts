/**
 * SPEC §9 viewport breakpoints: xs 320, sm 600, md 1024, lg 1440, xl 1920, fallback lg. The
 * browser keeps its class in a cookie for 365 days so the server renders the layout of the
 * visitor's screen on the first request (the mini drawer from md up, app/routes/layouts).
 */
export const VIEWPORT_COOKIE = 'encoreViewport';
export const VIEWPORT_BREAKPOINTS = { xs: 320, sm: 600, md: 1024, lg: 1440, xl: 1920 } as const;
export type Viewport = keyof typeof VIEWPORT_BREAKPOINTS;
export const FALLBACK_VIEWPORT: Viewport = 'lg';
const VIEWPORT_COOKIE_MAX_AGE = 365 * 24 * 60 * 60;
const ORDER = Object.keys(VIEWPORT_BREAKPOINTS) as Viewport[];

/** The class of a screen this wide: the largest breakpoint it reaches (below 320 still xs). */
export function viewportOf(width: number): Viewport {
  let found: Viewport = 'xs';
  for (const name of ORDER) if (width >= VIEWPORT_BREAKPOINTS[name]) found = name;
  return found;
}

export function parseViewport(value: string | undefined): Viewport {
  return value && (ORDER as string[]).includes(value) ? (value as Viewport) : FALLBACK_VIEWPORT;
}

/** Wide enough for the mini drawer beside the page (SPEC §9 drawer breakpoint 1023). */
export const hasMiniDrawer = (viewport: Viewport) => VIEWPORT_BREAKPOINTS[viewport] > 1023;

/** Browser side: store the current class (only when it changed, so the cookie is not rewritten on every resize). */
export function rememberViewport() {
  const value = viewportOf(window.innerWidth);
  if (document.cookie.split(/;\s*/).includes(`${VIEWPORT_COOKIE}=${value}`)) return;
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing in Safari and Firefox
  document.cookie = `${VIEWPORT_COOKIE}=${value}; Path=/; Max-Age=${VIEWPORT_COOKIE_MAX_AGE}; SameSite=Lax`;
}
