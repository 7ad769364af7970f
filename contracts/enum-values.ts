/**
 * SPEC §3 enumerations, shared by the browser forms, the API validation and the database.
 * Values are kept word for word; their order is the order SPEC lists them in. Plain
 * constants, without zod: the browser imports them from here, since a module that builds
 * schemas at module level would bring zod (≈ 16 KB gzip) to every page; enums.ts builds them.
 */

export const COUNTRY_CODES = ['US', 'AD', 'AI', 'AR', 'AU', 'AT', 'GB', 'DE', 'FR', 'ES', 'IT', 'JP', 'CA'] as const;
export type CountryCode = (typeof COUNTRY_CODES)[number];

/** SPEC §3 sources (tmr is the resale marketplace). */
export const SOURCES = ['ticketmaster', 'universe', 'frontgate', 'tmr'] as const;
export type Source = (typeof SOURCES)[number];

/**
 * Where a catalogue row came from. `demo` is our deterministic generator; it is not a
 * SPEC source and never a filter value clients send.
 */
export const CATALOGUE_SOURCES = [...SOURCES, 'demo'] as const;
export type CatalogueSource = (typeof CATALOGUE_SOURCES)[number];

export const UNITS = ['miles', 'km'] as const;
export type Unit = (typeof UNITS)[number];

export const TICKET_CATEGORIES = ['cheapest', 'good_view', 'great_view', 'front_row'] as const;
export type TicketCategory = (typeof TICKET_CATEGORIES)[number];
/** How a ticket category reads: on pages, in alerts and in calendar entries. */
export const TICKET_CATEGORY_LABELS: Record<TicketCategory, string> = {
  cheapest: 'Cheapest',
  good_view: 'Good view',
  great_view: 'Great view',
  front_row: 'Front row',
};

export const VENDORS = ['Ticketmaster', 'StubHub', 'SeatGeek', 'TickPick'] as const;
export type Vendor = (typeof VENDORS)[number];

export const REFERRAL_SOURCES = [
  'friend',
  'social_media',
  'article',
  'search',
  'advertisement',
  'event_website',
  'other',
] as const;
export type ReferralSource = (typeof REFERRAL_SOURCES)[number];

/** Discovery API v2 segment ids (the top classification level). */
export const SEGMENTS = {
  music: { id: 'KZFzniwnSyZfZ7v7nJ', name: 'Music' },
  sports: { id: 'KZFzniwnSyZfZ7v7nE', name: 'Sports' },
  artsTheatre: { id: 'KZFzniwnSyZfZ7v7na', name: 'Arts & Theatre' },
  film: { id: 'KZFzniwnSyZfZ7v7nn', name: 'Film' },
  miscellaneous: { id: 'KZFzniwnSyZfZ7v7n1', name: 'Miscellaneous' },
} as const;
export const SEGMENT_IDS = [
  SEGMENTS.music.id,
  SEGMENTS.sports.id,
  SEGMENTS.artsTheatre.id,
  SEGMENTS.film.id,
  SEGMENTS.miscellaneous.id,
] as const;
export type SegmentId = (typeof SEGMENT_IDS)[number];
export type Segment = (typeof SEGMENTS)[keyof typeof SEGMENTS];

/** Event status codes the Discovery API sends (SPEC §4 badges; anything else is shown raw). */
export const EVENT_STATUS_CODES = ['onsale', 'offsale', 'cancelled', 'postponed', 'rescheduled'] as const;
export type EventStatusCode = (typeof EVENT_STATUS_CODES)[number];

/** Sort orders of GET /events (Discovery names; SPEC §3 default 'relevance,desc'). */
export const EVENT_SORTS = ['relevance,desc', 'date,asc', 'date,desc', 'name,asc', 'distance,asc'] as const;
export type EventSort = (typeof EVENT_SORTS)[number];

/** SPEC §3 / §9 defaults for event search params. */
export const DEFAULTS = {
  radius: 100,
  unit: 'miles',
  locale: 'en',
  countryCode: 'US',
  source: 'ticketmaster',
  ticketCategory: 'cheapest',
  sort: 'relevance,desc',
  searchSize: 5,
  pageSize: 20,
  artistEventsSort: 'date,asc',
} as const satisfies {
  radius: number;
  unit: Unit;
  locale: string;
  countryCode: CountryCode;
  source: Source;
  ticketCategory: TicketCategory;
  sort: EventSort;
  searchSize: number;
  pageSize: number;
  artistEventsSort: EventSort;
};
