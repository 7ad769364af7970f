import { type SQL, sql } from 'drizzle-orm';
import type { TrackedEventSummary } from '#contracts/tracking';
import { type Geo, withinRadius } from '../catalogue/geo.ts';
import type { CatalogueImage } from '../db/schema.ts';
import { eventPath } from './paths.ts';
import { isoOrNull } from './sql.ts';

/**
 * The few event columns "my Encore" shows, selected with an explicit list over `events e`
 * and `venues v` (left joined by the caller), with types both drivers return alike.
 */
export const eventSummaryColumns = sql`e.id as event_id, e.name as event_name, e.local_date::text as local_date,
  e.local_time::text as local_time, e.starts_at, e.timezone, e.status_code, e.images as event_images,
  v.name as venue_name, v.city as venue_city, v.state_code as venue_state_code, v.country_code as venue_country_code,
  e.price_min::float8 as price_min, e.price_max::float8 as price_max, e.currency`;

export type EventSummaryRow = {
  event_id: string;
  event_name: string;
  local_date: string | null;
  local_time: string | null;
  starts_at: Date | string | null;
  timezone: string | null;
  status_code: string;
  event_images: CatalogueImage[];
  venue_name: string | null;
  venue_city: string | null;
  venue_state_code: string | null;
  venue_country_code: string | null;
  price_min: number | null;
  price_max: number | null;
  currency: string | null;
};

export function toEventSummary(row: EventSummaryRow): TrackedEventSummary {
  return {
    id: row.event_id,
    name: row.event_name,
    url: eventPath({ id: row.event_id, name: row.event_name }),
    localDate: row.local_date,
    localTime: row.local_time,
    startsAt: isoOrNull(row.starts_at),
    timezone: row.timezone,
    statusCode: row.status_code,
    venue: row.venue_name
      ? {
          name: row.venue_name,
          city: row.venue_city,
          stateCode: row.venue_state_code,
          countryCode: row.venue_country_code,
        }
      : null,
    images: (row.event_images ?? []).map(({ url, width, height, ratio }) => ({ url, width, height, ratio })),
  };
}

/** Events `e` within `near` of a point: the catalogue's own radius rule and index (ADR 0003). */
export function withinSql(near: Geo | null): SQL {
  return near ? withinRadius('e', near) : sql`true`;
}
