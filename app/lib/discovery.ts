import { TICKET_CATEGORY_LABELS } from '#contracts/enum-values';
import { formatPrice } from './format.ts';
import type { ImageLike } from './images.ts';

/**
 * The parts of the Discovery v2 shapes (SPEC §3) the screens read. Every field is optional
 * as the API may omit it; these helpers are the one place that digs into the nesting.
 */
export type DiscoveryClassification = {
  segment?: { id?: string; name?: string } | null;
  genre?: { id?: string; name?: string } | null;
  subGenre?: { id?: string; name?: string } | null;
};

export type DiscoveryVenue = {
  id?: string;
  name?: string;
  url?: string | null;
  address?: { line1?: string | null } | null;
  city?: { name?: string | null } | null;
  state?: { stateCode?: string | null; name?: string | null } | null;
  country?: { countryCode?: string | null; name?: string | null } | null;
  postalCode?: string | null;
  location?: { latitude?: string | number | null; longitude?: string | number | null } | null;
  timezone?: string | null;
  images?: ImageLike[] | null;
};

export type DiscoveryPriceRange = { type?: string; currency?: string; min?: number | null; max?: number | null };

export type TicketPrice = { category: string; amount: number; currency: string; estimate: boolean };

export type DiscoveryAttraction = {
  id: string;
  name: string;
  url?: string | null;
  description?: string | null;
  images?: ImageLike[] | null;
  classifications?: DiscoveryClassification[] | null;
  upcomingEvents?: { _total?: number | null } | null;
};

export type DiscoveryEvent = {
  id: string;
  name: string;
  url?: string | null;
  info?: string | null;
  pleaseNote?: string | null;
  images?: ImageLike[] | null;
  dates?: {
    start?: { localDate?: string | null; localTime?: string | null; dateTime?: string | null } | null;
    timezone?: string | null;
    status?: { code?: string | null } | null;
  } | null;
  classifications?: DiscoveryClassification[] | null;
  priceRanges?: DiscoveryPriceRange[] | null;
  /** The price of a seat in the requested ticket category (contracts/catalogue.ts, ADR 0002). */
  ticketPrice?: TicketPrice | null;
  _embedded?: { venues?: DiscoveryVenue[] | null; attractions?: DiscoveryAttraction[] | null } | null;
};

export const eventVenue = (event: DiscoveryEvent) => event._embedded?.venues?.[0] ?? undefined;
export const eventAttractions = (event: DiscoveryEvent) => event._embedded?.attractions ?? [];
export const genreName = (item: { classifications?: DiscoveryClassification[] | null }) =>
  item.classifications?.[0]?.genre?.name || undefined;
export const subGenreName = (item: { classifications?: DiscoveryClassification[] | null }) =>
  item.classifications?.[0]?.subGenre?.name || undefined;
export const segmentName = (item: { classifications?: DiscoveryClassification[] | null }) =>
  item.classifications?.[0]?.segment?.name || undefined;

/** 'Austin, TX', 'London, United Kingdom' or the city alone. */
export function venuePlace(venue: DiscoveryVenue | undefined): string | undefined {
  if (!venue) return undefined;
  const city = venue.city?.name || undefined;
  const region = venue.state?.stateCode || venue.state?.name || venue.country?.name || undefined;
  return [city, region].filter(Boolean).join(', ') || undefined;
}

/** 'Moody Center · Austin, TX'. */
export function venueLine(venue: DiscoveryVenue | undefined): string | undefined {
  if (!venue) return undefined;
  return [venue.name, venuePlace(venue)].filter(Boolean).join(' · ') || undefined;
}

/**
 * Generic genres ('Undefined', 'Other') say nothing to a reader, so they are not shown
 * (the Discovery API uses them for unclassified items).
 */
export const meaningfulGenre = (name: string | undefined) =>
  name && !/^(undefined|other|miscellaneous)$/i.test(name) ? name : undefined;

/** SPEC §2 hero: the description, or a generic text built from the genre name. */
export function aboutText(attraction: DiscoveryAttraction): string {
  const description = attraction.description?.trim();
  if (description) return description;
  const genre = meaningfulGenre(genreName(attraction));
  const subGenre = meaningfulGenre(subGenreName(attraction));
  // 'Alternative Rock' already says rock; 'Pop Rock' under Pop does not say pop.
  const style = !genre
    ? 'live'
    : subGenre && subGenre !== genre
      ? subGenre.toLowerCase().includes(genre.toLowerCase())
        ? subGenre
        : `${subGenre} ${genre.toLowerCase()}`
      : genre.toLowerCase();
  return `${attraction.name} brings ${startsWithVowel(style) ? 'an' : 'a'} ${style} show to stages near you. Find upcoming dates, compare ticket prices by category and pick the seats that suit you, then buy from the official seller.`;
}

const startsWithVowel = (text: string) => /^[aeiou]/i.test(text);

/** Lowest and highest price of the 'standard' ranges (fees excluded), and their currency. */
export function priceSpan(event: DiscoveryEvent): { min?: number; max?: number; currency: string } | undefined {
  const ranges = (event.priceRanges ?? []).filter(
    (range) => typeof range.min === 'number' || typeof range.max === 'number',
  );
  if (!ranges.length) return undefined;
  const standard = ranges.filter((range) => range.type !== 'standard including fees');
  const use = standard.length ? standard : ranges;
  const mins = use.map((range) => range.min).filter((n): n is number => typeof n === 'number');
  const maxs = use.map((range) => range.max).filter((n): n is number => typeof n === 'number');
  return {
    min: mins.length ? Math.min(...mins) : undefined,
    max: maxs.length ? Math.max(...maxs) : undefined,
    currency: use[0]?.currency || 'USD',
  };
}

const CATEGORY_NAMES: Record<string, string> = TICKET_CATEGORY_LABELS;

/** 'Cheapest · USD 45.00', or 'Great view · about USD 98.00' when the price is estimated. */
export function ticketPriceLabel(price: TicketPrice | null | undefined): string | undefined {
  if (!price) return undefined;
  const name = CATEGORY_NAMES[price.category] ?? price.category;
  return `${name} · ${price.estimate ? 'about ' : ''}${formatPrice(price.amount, price.currency || 'USD')}`;
}
