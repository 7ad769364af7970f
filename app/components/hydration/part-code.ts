/**
 * What the first use of a page part fetches after the part's own code: the popups behind its
 * filter buttons, the search panel, the sign-in dialog a signed-out Follow or Watch opens and
 * the price alert popover Watch opens.
 * Route modules name these to `onUse` (components/hydration/), which fetches them on the
 * first intent (ADR 0029, 0039). The same modules their components import lazily: the same
 * chunks, kept once they have arrived (lib/kept-import.ts): a popup rendered after its code came
 * opens at once.
 */
import { keptImport } from '~/lib/kept-import';

export const loadDatePopover = keptImport(() => import('../date-popover'));
export const loadLocationPopover = keptImport(() => import('../location-popover'));
export const loadSearchSettings = keptImport(() => import('../search-settings-dialog'));
export const loadSearchPanel = keptImport(() => import('../search-panel'));
// The dialog's chunk holds its host (auth-runtime) too (vite.config.ts): one import fetches both.
export const loadSignInDialog = keptImport(() => import('../auth/sign-in-dialog'));
export const loadWatchTarget = keptImport(() => import('../tracking/watch-target-popover'));

/**
 * What a control opens, named by its `data-opens` attribute: a press on it fetches that code
 * with its part's, alone; the rest of a part's list follows once both are there, so on a slow
 * link nothing else shares the round trip the press waits on (ADR 0039).
 */
export const OPENS = {
  dates: loadDatePopover,
  location: loadLocationPopover,
  'search-settings': loadSearchSettings,
  'search-panel': loadSearchPanel,
  'sign-in': loadSignInDialog,
  'watch-target': loadWatchTarget,
} as const;
export type Opens = keyof typeof OPENS;

/** The discovery pages' filter bar: Dates and location (on search also the settings dialog). */
export const FILTER_POPUPS = ['dates', 'location'] as const satisfies readonly Opens[];
