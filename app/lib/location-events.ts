/** Window events of the SPEC §4 location start-up, in a module of their own so pages can listen
 * without shipping the start-up code (lib/location-start.ts, fetched once the page is idle). */

/** Dispatched on window when a located place became the location filter (pages reload their data). */
export const FILTERS_CHANGED = 'encore:filters-changed';
/** Dispatched on window when the user location was stored (the location popup shows its city). */
export const USER_LOCATION_CHANGED = 'encore:user-location';

export type LocationConfig = { ipGeolocationUrl?: string; apiBaseUrl?: string };
