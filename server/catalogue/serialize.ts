import type { Attraction, Classification, Event, Image, PriceRange, UpcomingEvents, Venue } from '#contracts/catalogue';
import { type CatalogueSource, SEGMENTS, type TicketCategory, type Unit } from '#contracts/enums';
import type { CatalogueImage, PriceRange as StoredPriceRange } from '../db/schema.ts';
import { ticketPrice } from './ticket-category.ts';

/**
 * Rows as the catalogue queries select them (explicit columns, text for dates, float8 for
 * numbers, so node-postgres and PGlite hand back the same JS values), and their
 * Discovery-shaped JSON (SPEC §3).
 */

export const API_BASE = '/api';
/** Discovery's locale for our one interface language (SPEC §1: English). */
const LOCALE = 'en-us';

export type ClassificationColumns = {
  segment_id: string | null;
  genre_id: string | null;
  sub_genre_id: string | null;
};

/** Classification names by id (the classifications table, cached by queries.ts). */
export type Names = ReadonlyMap<string, string>;

export type EventRow = ClassificationColumns & {
  id: string;
  source: CatalogueSource;
  name: string;
  url: string | null;
  info: string | null;
  please_note: string | null;
  local_date: string | null;
  local_time: string | null;
  /** ISO UTC without milliseconds (SPEC §3). */
  starts_at: string | null;
  timezone: string | null;
  status_code: string;
  venue_id: string | null;
  price_ranges: StoredPriceRange[];
  price_min: number | null;
  price_max: number | null;
  currency: string | null;
  images: CatalogueImage[];
  distance: number | null;
};

export type VenueRow = {
  id: string;
  source: CatalogueSource;
  name: string;
  url: string | null;
  address: string | null;
  city: string | null;
  state_code: string | null;
  state_name: string | null;
  country_code: string | null;
  country_name: string | null;
  postal_code: string | null;
  timezone: string | null;
  latitude: number | null;
  longitude: number | null;
  images: CatalogueImage[];
  /** Denormalised by counts.ts refreshUpcomingCounts. */
  upcoming_events: number;
};

export type AttractionRow = ClassificationColumns & {
  id: string;
  source: CatalogueSource;
  name: string;
  url: string | null;
  description: string | null;
  images: CatalogueImage[];
  upcoming_events: number;
};

const segmentNames: Record<string, string> = Object.fromEntries(Object.values(SEGMENTS).map((s) => [s.id, s.name]));

const present = <T>(value: T | null | undefined): value is T => value !== null && value !== undefined && value !== '';

function images(list: CatalogueImage[]): Image[] {
  return list.map(({ ratio, url, width, height, fallback }) => ({ ratio, url, width, height, fallback }));
}

export function classificationsOf(row: ClassificationColumns, names: Names): Classification[] {
  if (!row.segment_id && !row.genre_id && !row.sub_genre_id) return [];
  const level = (id: string | null, fallback?: string) => {
    const name = id ? (names.get(id) ?? fallback) : undefined;
    return id && name ? { id, name } : undefined;
  };
  // Segment names are fixed (contracts/enums.ts) even when the classifications table lacks them.
  const segment = level(row.segment_id, row.segment_id ? segmentNames[row.segment_id] : undefined);
  const genre = level(row.genre_id);
  const subGenre = level(row.sub_genre_id);
  return [
    { primary: true, ...(segment ? { segment } : {}), ...(genre ? { genre } : {}), ...(subGenre ? { subGenre } : {}) },
  ];
}

export function serializeVenue(row: VenueRow, upcoming: UpcomingEvents): Venue {
  return {
    id: row.id,
    name: row.name,
    type: 'venue',
    ...(present(row.url) ? { url: row.url } : {}),
    locale: LOCALE,
    source: row.source,
    ...(present(row.postal_code) ? { postalCode: row.postal_code } : {}),
    ...(present(row.timezone) ? { timezone: row.timezone } : {}),
    ...(present(row.city) ? { city: { name: row.city } } : {}),
    ...(present(row.state_code) || present(row.state_name)
      ? {
          state: {
            ...(present(row.state_name) ? { name: row.state_name } : {}),
            ...(present(row.state_code) ? { stateCode: row.state_code } : {}),
          },
        }
      : {}),
    ...(present(row.country_code) || present(row.country_name)
      ? {
          country: {
            ...(present(row.country_name) ? { name: row.country_name } : {}),
            ...(present(row.country_code) ? { countryCode: row.country_code } : {}),
          },
        }
      : {}),
    ...(present(row.address) ? { address: { line1: row.address } } : {}),
    ...(row.latitude !== null && row.longitude !== null
      ? { location: { latitude: String(row.latitude), longitude: String(row.longitude) } }
      : {}),
    images: images(row.images),
    upcomingEvents: upcoming,
    _links: { self: { href: `${API_BASE}/events/venue/${encodeURIComponent(row.id)}` } },
  };
}

export function serializeAttraction(row: AttractionRow, upcoming: UpcomingEvents, names: Names): Attraction {
  return {
    id: row.id,
    name: row.name,
    type: 'attraction',
    ...(present(row.url) ? { url: row.url } : {}),
    locale: LOCALE,
    source: row.source,
    ...(present(row.description) ? { description: row.description } : {}),
    images: images(row.images),
    classifications: classificationsOf(row, names),
    upcomingEvents: upcoming,
    _links: { self: { href: `${API_BASE}/events/attraction/${encodeURIComponent(row.id)}` } },
  };
}

function priceRanges(list: StoredPriceRange[]): PriceRange[] {
  return list.map(({ type, currency, min, max }) => ({
    type,
    currency,
    ...(min !== undefined && min !== null ? { min } : {}),
    ...(max !== undefined && max !== null ? { max } : {}),
  }));
}

export type EventContext = {
  venue: Venue | undefined;
  /** Headliner first. */
  attractions: Attraction[];
  ticketCategory: TicketCategory;
  unit: Unit;
  names: Names;
};

export function serializeEvent(row: EventRow, context: EventContext): Event {
  const { venue, attractions } = context;
  const dateTBA = row.local_date === null && row.starts_at === null;
  const timeTBA = !dateTBA && row.local_time === null;
  return {
    id: row.id,
    name: row.name,
    type: 'event',
    ...(present(row.url) ? { url: row.url } : {}),
    locale: LOCALE,
    source: row.source,
    ...(present(row.info) ? { info: row.info } : {}),
    ...(present(row.please_note) ? { pleaseNote: row.please_note } : {}),
    images: images(row.images),
    dates: {
      start: {
        ...(row.local_date ? { localDate: row.local_date } : {}),
        ...(row.local_time ? { localTime: row.local_time } : {}),
        // Discovery leaves dateTime out when the time is not known.
        ...(row.starts_at && !timeTBA ? { dateTime: row.starts_at } : {}),
        dateTBD: false,
        dateTBA,
        timeTBA,
        noSpecificTime: timeTBA,
      },
      ...(present(row.timezone) ? { timezone: row.timezone } : {}),
      status: { code: row.status_code },
    },
    classifications: classificationsOf(row, context.names),
    ...(row.price_ranges.length > 0 ? { priceRanges: priceRanges(row.price_ranges) } : {}),
    ticketPrice: ticketPrice(context.ticketCategory, {
      min: row.price_min,
      max: row.price_max,
      currency: row.currency,
    }),
    ...(row.distance !== null
      ? { distance: Math.round(row.distance * 100) / 100, units: context.unit === 'km' ? 'KILOMETERS' : 'MILES' }
      : {}),
    _links: {
      self: { href: `${API_BASE}/events/${encodeURIComponent(row.id)}` },
      ...(venue ? { venues: [venue._links.self] } : {}),
      ...(attractions.length > 0 ? { attractions: attractions.map((a) => a._links.self) } : {}),
    },
    _embedded: { venues: venue ? [venue] : [], attractions },
  };
}
