/**
 * Query parameters page renders read (app/**: the filters of lib/filters.ts, the sign-in
 * continuation, the sign-in and password-reset links) and React Router's own (`_routes` of
 * .data requests, `index`, `paths` and `version` of route discovery). Any other parameter cannot change a page, so it is left out of
 * the page-cache key and of the rendered URL (ADR 0028): `?x=1` no longer buys a render.
 * server/page-cache.test.ts checks app/ reads no other parameter.
 */
export const PAGE_KEY_QUERY = [
  'keyword',
  'startDateTime',
  'endDateTime',
  'geoPoint',
  'near',
  'city',
  'postalCode',
  'countryCode',
  'locale',
  'radius',
  'unit',
  'source',
  'sort',
  'ticketCategory',
  'segmentId',
  'genreId',
  'venueId',
  'priceRanges',
  'page',
  'signin',
  'mode',
  'oobCode',
  'redirectTo',
  // my Encore: every watched event, every followed artist (kept for the fan alone, ADR 0049).
  'watching',
  'following',
  '_routes',
  'index',
  // React Router's route discovery (GET /__manifest): which routes, for which build.
  'paths',
  'version',
] as const;

const READ = new Set<string>(PAGE_KEY_QUERY);

/**
 * The path with only the parameters in `read`, in their order and raw spelling: a render
 * cannot tell such requests apart.
 */
export function readQuery(url: string, read: ReadonlySet<string> = READ): string {
  const mark = url.indexOf('?');
  if (mark < 0) return url;
  const kept: string[] = [];
  for (const pair of url.slice(mark + 1).split('&')) {
    if (!pair) continue;
    const eq = pair.indexOf('=');
    const rawName = eq < 0 ? pair : pair.slice(0, eq);
    let name: string;
    try {
      name = decodeURIComponent(rawName.replace(/\+/g, ' '));
    } catch {
      // Undecodable: kept as typed, so the render decides what it means.
      kept.push(pair);
      continue;
    }
    if (read.has(name)) kept.push(pair);
  }
  return kept.length ? `${url.slice(0, mark)}?${kept.join('&')}` : url.slice(0, mark);
}
