import type {
  CountryCode,
  EventSort,
  ReferralSource,
  DEFAULTS as SharedDefaults,
  SEGMENTS as SharedSegments,
  Source,
  TicketCategory,
  Unit,
  Vendor,
} from '../../contracts/enums.ts';

/**
 * The SPEC §3 enumerations the browser needs, as plain constants. contracts/enums.ts builds
 * zod schemas at module level, which no bundler can drop, so importing its values would ship
 * zod (≈ 16 KB gzip) to every page; only its types are imported here, and enums.test.ts
 * proves both lists stay equal.
 */
export const COUNTRY_CODES = [
  'US',
  'AD',
  'AI',
  'AR',
  'AU',
  'AT',
  'GB',
  'DE',
  'FR',
  'ES',
  'IT',
  'JP',
  'CA',
] as const satisfies readonly CountryCode[];

export const SOURCES = ['ticketmaster', 'universe', 'frontgate', 'tmr'] as const satisfies readonly Source[];
export const UNITS = ['miles', 'km'] as const satisfies readonly Unit[];
export const TICKET_CATEGORIES = [
  'cheapest',
  'good_view',
  'great_view',
  'front_row',
] as const satisfies readonly TicketCategory[];
export const VENDORS = ['Ticketmaster', 'StubHub', 'SeatGeek', 'TickPick'] as const satisfies readonly Vendor[];
export const REFERRAL_SOURCES = [
  'friend',
  'social_media',
  'article',
  'search',
  'advertisement',
  'event_website',
  'other',
] as const satisfies readonly ReferralSource[];
export const EVENT_SORTS = [
  'relevance,desc',
  'date,asc',
  'date,desc',
  'name,asc',
  'distance,asc',
] as const satisfies readonly EventSort[];

export const SEGMENTS = {
  music: { id: 'KZFzniwnSyZfZ7v7nJ', name: 'Music' },
  sports: { id: 'KZFzniwnSyZfZ7v7nE', name: 'Sports' },
  artsTheatre: { id: 'KZFzniwnSyZfZ7v7na', name: 'Arts & Theatre' },
  film: { id: 'KZFzniwnSyZfZ7v7nn', name: 'Film' },
  miscellaneous: { id: 'KZFzniwnSyZfZ7v7n1', name: 'Miscellaneous' },
} as const satisfies typeof SharedSegments;

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
} as const satisfies typeof SharedDefaults;

export type { CountryCode, EventSort, ReferralSource, Source, TicketCategory, Unit, Vendor };
