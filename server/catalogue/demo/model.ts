import type { CountryCode } from '#contracts/enums';
import type { PriceRange } from '../../db/schema.ts';
import type { ImageTheme } from '../images.ts';
import type { Place } from '../places.ts';
import type { Genre, GenreKey, SegmentKey, SubGenre } from './taxonomy.ts';

/** The shapes the demo catalogue is made of, before they become database rows (rows.ts). */

export const DEMO_SIZES = { small: 20_000, medium: 100_000, large: 1_000_000 } as const;
export type DemoSize = keyof typeof DEMO_SIZES;
export const DEFAULT_SEED = 20_240_601;

export type DemoOptions = {
  /** Number of events to generate. */
  events: number;
  seed?: number;
  /** "Now" the dates are relative to (tests pass a fixed instant). */
  now?: Date;
};

export type VenueKind =
  | 'stadium'
  | 'ballpark'
  | 'arena'
  | 'amphitheatre'
  | 'theatre'
  | 'club'
  | 'comedy'
  | 'convention'
  | 'cinema';

export type DemoVenue = {
  id: string;
  name: string;
  kind: VenueKind;
  /** 1 club … 4 stadium: drives which acts play there and ticket prices. */
  tier: 1 | 2 | 3 | 4;
  place: Place;
  address: string;
  postalCode: string | null;
  latitude: number;
  longitude: number;
  weight: number;
};

export type AttractionKind =
  | 'artist'
  | 'team'
  | 'touringSport'
  | 'show'
  | 'comedian'
  | 'company'
  | 'magician'
  | 'circus'
  | 'familyShow'
  | 'iceShow'
  | 'speaker'
  | 'film';

export type DemoAttraction = {
  id: string;
  name: string;
  kind: AttractionKind;
  segment: SegmentKey;
  genre: Genre;
  subGenre: SubGenre;
  /** 0 to 100 (schema: blended with text relevance in search). */
  popularity: number;
  /** Relative number of bookings. */
  weight: number;
  description: string | null;
  tourName: string | null;
  /** Teams: home venue and league; companies: home city venue. */
  homeVenue: DemoVenue | null;
  league: League | null;
};

export type DemoEvent = {
  id: string;
  name: string;
  localDate: string | null;
  localTime: string | null;
  startsAt: Date | null;
  statusCode: 'onsale' | 'offsale' | 'cancelled' | 'postponed' | 'rescheduled';
  segment: SegmentKey;
  genre: Genre;
  subGenre: SubGenre;
  venue: DemoVenue;
  attractions: DemoAttraction[];
  priceRanges: PriceRange[];
  priceMin: number | null;
  priceMax: number | null;
  currency: string | null;
  popularity: number;
  info: string | null;
  pleaseNote: string | null;
  /** The artwork the event shows: its headliner's, else its own. */
  imageTheme: ImageTheme;
  imageName: string;
};

export type League = {
  key: string;
  genre: GenreKey;
  sub: string;
  teams: number;
  venueKinds: VenueKind[];
  countries: CountryCode[];
  homeGames: number;
  months: number[];
  naming: 'mascot' | 'college' | 'club';
  popularity: [number, number];
};

/** Where events happen: mostly the US, the rest in the other SPEC §3 countries. */
export const COUNTRY_SHARES: readonly [CountryCode, number][] = [
  ['US', 0.8],
  ['GB', 0.045],
  ['CA', 0.04],
  ['AU', 0.025],
  ['DE', 0.02],
  ['FR', 0.015],
  ['ES', 0.012],
  ['IT', 0.012],
  ['JP', 0.012],
  ['AT', 0.006],
  ['AR', 0.006],
  ['AD', 0.0015],
  ['AI', 0.0015],
];
