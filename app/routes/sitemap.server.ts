import { asc, count, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client';
import { attractions, events } from '#server/db/schema';
import { artistPath, eventPath } from '~/lib/slug';

/**
 * sitemaps.org: at most 50,000 URLs per file. A catalogue that fits is one <urlset>; a larger
 * one is a <sitemapindex> of parts /sitemap/{kind}-{n}.xml (static-0, artists-n, events-n).
 */
export const SITEMAP_LIMIT = 50_000;
export const STATIC_PATHS = ['/', '/search', '/about-us', '/privacy-policy', '/terms-of-service', '/cookie-settings'];
export type SitemapKind = 'static' | 'artists' | 'events';
type Entry = { path: string; lastmod?: string };

const XML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };
const escapeXml = (text: string) => text.replace(/[&<>"']/g, (c) => XML_ESCAPES[c]!);
/** A <loc> is a full URL: non-ASCII slug letters percent-encoded (RFC 3986), then XML-escaped. */
const loc = (origin: string, path: string) => escapeXml(encodeURI(decodeURI(`${origin}${path}`)));
const day = (value: Date | string | null | undefined) =>
  value ? new Date(value).toISOString().slice(0, 10) : undefined;

export async function catalogueCounts(db: Db) {
  const [[a], [e]] = await Promise.all([
    db.select({ n: count() }).from(attractions),
    db.select({ n: count() }).from(events),
  ]);
  return { artists: Number(a?.n ?? 0), events: Number(e?.n ?? 0) };
}

export function partNames(counts: { artists: number; events: number }): string[] {
  const parts = ['static-0'];
  for (let n = 0; n * SITEMAP_LIMIT < counts.artists; n++) parts.push(`artists-${n}`);
  for (let n = 0; n * SITEMAP_LIMIT < counts.events; n++) parts.push(`events-${n}`);
  return parts;
}

export async function entries(db: Db, kind: SitemapKind, part: number, limit = SITEMAP_LIMIT): Promise<Entry[]> {
  if (kind === 'static') return part === 0 ? STATIC_PATHS.map((path) => ({ path })) : [];
  const table = kind === 'artists' ? attractions : events;
  const rows = await db
    .select({ id: table.id, name: table.name, updatedAt: table.updatedAt })
    .from(table)
    .orderBy(asc(table.id))
    .limit(limit)
    .offset(part * limit);
  const pathOf = kind === 'artists' ? artistPath : eventPath;
  return rows.map((row) => ({ path: pathOf(row), lastmod: day(row.updatedAt) }));
}

export function urlset(origin: string, list: Entry[]): string {
  const urls = list
    .map(
      (entry) =>
        `<url><loc>${loc(origin, entry.path)}</loc>${entry.lastmod ? `<lastmod>${entry.lastmod}</lastmod>` : ''}</url>`,
    )
    .join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
}

export function sitemapIndex(origin: string, parts: string[], lastmod: string): string {
  const items = parts
    .map((part) => `<sitemap><loc>${loc(origin, `/sitemap/${part}.xml`)}</loc><lastmod>${lastmod}</lastmod></sitemap>`)
    .join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${items}\n</sitemapindex>\n`;
}

export const xmlResponse = (body: string, status = 200) =>
  new Response(body, {
    status,
    headers: { 'Content-Type': 'application/xml; charset=utf-8', 'Cache-Control': 'public, max-age=3600' },
  });

/** Latest change in the catalogue, the index's lastmod. */
export async function lastChange(db: Db): Promise<string> {
  const result = await db.execute(
    sql`select greatest((select max(updated_at) from attractions), (select max(updated_at) from events)) as at`,
  );
  const at = (result as unknown as { rows: { at: string | Date | null }[] }).rows[0]?.at;
  return day(at) ?? new Date().toISOString().slice(0, 10);
}
