import { sql } from 'drizzle-orm';
import { type AppLoadContext, data } from 'react-router';
import type { z } from 'zod';
import { type EventsQuery, EventsQuerySchema, type SearchQuery, SearchQuerySchema } from '#contracts/catalogue';
import { cachePerOwner } from '#server/cache';
import type { ReadOptions } from '#server/catalogue/index';
import type { Db } from '#server/db/client';
import { inputIssue } from '#server/errors';
import type { QueryValue } from './http.ts';

/**
 * Server-side glue between the page filters and the catalogue domain functions: the same
 * query schemas as the /api routes validate what the pages ask for, so a page and the API
 * never disagree about a filter.
 */

/** Query values as the API receives them from a URL (strings, arrays repeated). */
function asQueryInput(record: Record<string, QueryValue>): Record<string, string | string[]> {
  const input: Record<string, string | string[]> = {};
  for (const [key, value] of Object.entries(record)) {
    if (value === undefined || value === null || value === '') continue;
    if (Array.isArray(value)) {
      const items = value.map(String).filter(Boolean);
      if (items.length) input[key] = items;
    } else {
      input[key] = String(value);
    }
  }
  return input;
}

/** A page's bad filter is a 400 worded as the API words it (server/errors.ts). */
function parseOr400<S extends z.ZodType>(schema: S, record: Record<string, QueryValue>): z.output<S> {
  const result = schema.safeParse(asQueryInput(record));
  if (result.success) return result.data;
  throw data(inputIssue(result.error, 'query').message, { status: 400 });
}

export const eventsQuery = (record: Record<string, QueryValue>): EventsQuery => parseOr400(EventsQuerySchema, record);

export const searchQuery = (record: Record<string, QueryValue>): SearchQuery => parseOr400(SearchQuerySchema, record);

export type GenreOption = { id: string; name: string; segmentId: string; upcoming: number };

const GENRE_TTL_MS = 5 * 60 * 1000;
const genreCache = cachePerOwner<'genres', Promise<GenreOption[]>>({ ttlMs: GENRE_TTL_MS, maxEntries: 1 });

/**
 * Genres that have upcoming events, per segment, busiest first. Changes only with an ingest,
 * so each process keeps it for a few minutes instead of counting on every page view.
 */
export function genresWithEvents(db: Db, now = new Date()): Promise<GenreOption[]> {
  const cached = genreCache(db).get('genres');
  if (cached) return cached;
  const value = (async () => {
    const result = await db.execute(sql`
      select c.id, c.name, c.parent_id as "segmentId", count(e.id)::int as upcoming
      from classifications c
      join events e on e.genre_id = c.id
      where c.level = 'genre' and c.parent_id is not null
        and (e.starts_at >= ${now.toISOString()}::timestamptz or e.starts_at is null)
        and lower(c.name) not in ('undefined', 'other')
      group by c.id, c.name, c.parent_id
      order by upcoming desc, c.name`);
    const rows = (result as unknown as { rows: GenreOption[] }).rows;
    return rows.map((row) => ({ ...row, upcoming: Number(row.upcoming) }));
  })();
  value.catch(() => genreCache(db).delete('genres', value));
  genreCache(db).set('genres', value);
  return value;
}

/**
 * The site origin for canonical links, JSON-LD and the sitemap: configured (PUBLIC_ORIGIN),
 * never taken from the request, so a forged Host or X-Forwarded-Host cannot reach a page.
 */
export function originOf(context: AppLoadContext): string {
  return context.services.env.PUBLIC_ORIGIN;
}

/**
 * How pages read the catalogue: events' line-ups and artists' lists of events come from the
 * search snapshot, not from statements of their own (ADR 0034, 0041). A page's catalogue data
 * is already shared for up to a TTL (page-data.server.ts, ADR 0028); the snapshot is at most
 * seconds old.
 */
export const PAGE_READS = { fromSnapshot: true } as const satisfies ReadOptions;
