/**
 * What the first use of a page part fetches after the part's own code: the popups behind its
 * filter buttons, the search panel, the sign-in dialog a signed-out Follow or Watch opens and
 * the price alert popover Watch opens.
 * Route modules hand these to `onUse` (components/hydration/), which fetches them
 * with the part, in the same round trip, once the page is idle or on the first intent
 * (ADR 0029). The same modules their components import lazily: the same chunks.
 */
export const loadDatePopover = () => import('../date-popover');
export const loadLocationPopover = () => import('../location-popover');
export const loadSearchSettings = () => import('../search-settings-dialog');
export const loadSearchPanel = () => import('../search-panel');
export const loadSignInDialog = () => Promise.all([import('../auth/auth-runtime'), import('../auth/sign-in-dialog')]);
export const loadWatchTarget = () => import('../tracking/watch-target-popover');

/** The discovery pages' filter bar: Dates, location, and on search the settings dialog. */
export const FILTER_POPUPS = [loadDatePopover, loadLocationPopover] as const;
