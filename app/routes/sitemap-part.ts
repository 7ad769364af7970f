import { orUnavailable } from '~/lib/auth.server';
import { refuseMalformedInput } from '~/lib/bad-input.server';
import type { Route } from './+types/sitemap-part';
import { entries, type SitemapKind, urlset, xmlResponse } from './sitemap.server';

const PART = /^(static|artists|events)-(\d{1,6})\.xml$/;

/** One part of the sitemap index: /sitemap/{static|artists|events}-{n}.xml, 50,000 URLs at most. */
export async function loader({ params, context }: Route.LoaderArgs) {
  refuseMalformedInput(context);
  const match = PART.exec(params.part);
  const notFound = () =>
    xmlResponse('<?xml version="1.0" encoding="UTF-8"?>\n<error>Sitemap part not found</error>\n', 404);
  if (!match) return notFound();
  const list = await orUnavailable(() =>
    entries(context.services.database.db, match[1] as SitemapKind, Number(match[2])),
  );
  if (list.length === 0) return notFound();
  return xmlResponse(urlset(context.services.env.PUBLIC_ORIGIN, list));
}
