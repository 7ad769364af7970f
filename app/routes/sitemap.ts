import { orUnavailable } from '~/lib/auth.server';
import { refuseMalformedInput } from '~/lib/bad-input.server';
import type { Route } from './+types/sitemap';
import {
  catalogueCounts,
  entries,
  lastChange,
  partNames,
  SITEMAP_LIMIT,
  STATIC_PATHS,
  sitemapIndex,
  urlset,
  xmlResponse,
} from './sitemap.server';

/**
 * /sitemap.xml: every artist and event page and the static pages. Up to 50,000 URLs it is one
 * urlset; beyond, an index of /sitemap/{kind}-{n}.xml parts (routes/sitemap-part.ts).
 */
export async function loader({ context }: Route.LoaderArgs) {
  refuseMalformedInput(context);
  const { db } = context.services.database;
  const origin = context.services.env.PUBLIC_ORIGIN;
  return orUnavailable(async () => {
    const counts = await catalogueCounts(db);
    if (STATIC_PATHS.length + counts.artists + counts.events <= SITEMAP_LIMIT) {
      const [artists, events] = await Promise.all([entries(db, 'artists', 0), entries(db, 'events', 0)]);
      return xmlResponse(urlset(origin, [...(await entries(db, 'static', 0)), ...artists, ...events]));
    }
    return xmlResponse(sitemapIndex(origin, partNames(counts), await lastChange(db)));
  });
}
