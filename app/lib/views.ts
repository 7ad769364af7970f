import {
  type DiscoveryAttraction,
  type DiscoveryEvent,
  eventVenue,
  genreName,
  meaningfulGenre,
  priceSpan,
  segmentName,
  ticketPriceLabel,
  venueLine,
  venuePlace,
} from './discovery.ts';
import { dateTile, formatEventDateTime, formatLocalTime, formatPrice, upcomingLabel } from './format.ts';
import { type ImageChoice, pickEventThumbnail, pickListThumbnail } from './images.ts';
import { canBuy } from './sellers.ts';
import { artistPath, eventPath } from './slug.ts';
import { eventStatus, type StatusBadgeInfo } from './status.ts';

/**
 * What a card or row shows, computed once where the data is (the server for pages, the
 * search panel's lazily loaded chunk in the browser). Page components render these strings
 * as they are, so the formatting code never ships in a page's first-load JavaScript.
 */
export type StatusView = StatusBadgeInfo & { code: string };

export type EventCardView = {
  id: string;
  href: string;
  name: string;
  /** 'Sat, Dec 5, 2026 · 8:00 PM' or 'Date TBA'. */
  when: string;
  /** The year only when it is not this year's. */
  tile?: { month: string; day: string; weekday: string; year?: string };
  /** Tickets can still be bought (not cancelled, off sale or over): lists offer 'See tickets'. */
  buyable: boolean;
  /** 'Sat · 8:00 PM · Moody Center · Austin, TX' for list rows. */
  line?: string;
  venue?: string;
  venueName?: string;
  place?: string;
  status?: StatusView;
  genre?: string;
  /** 'From USD 45.00' on cards. */
  from?: string;
  /** 'Cheapest · USD 45.00' on rows (the chosen ticket category). */
  price?: string;
  image?: ImageChoice;
  thumb?: ImageChoice;
};

/** What a grid card (components/event-card.tsx EventCard) shows: the rest is for list rows. */
export type EventGridCardView = Pick<
  EventCardView,
  'id' | 'href' | 'name' | 'when' | 'tile' | 'status' | 'genre' | 'venue' | 'from' | 'image'
>;

const GRID_CARD_FIELDS = ['id', 'href', 'name', 'when', 'tile', 'status', 'genre', 'venue', 'from', 'image'] as const;

/** What a list row (components/event-card.tsx EventRow) shows: the rest is for grid cards. */
export type EventRowView = Pick<
  EventCardView,
  'id' | 'href' | 'name' | 'when' | 'tile' | 'buyable' | 'line' | 'status' | 'price' | 'thumb'
>;

const ROW_FIELDS = ['id', 'href', 'name', 'when', 'tile', 'buyable', 'line', 'status', 'price', 'thumb'] as const;

function shownOf<K extends keyof EventCardView>(card: EventCardView, fields: readonly K[]): Pick<EventCardView, K> {
  const shown: Partial<Pick<EventCardView, K>> = {};
  for (const field of fields) if (card[field] !== undefined) shown[field] = card[field];
  return shown as Pick<EventCardView, K>;
}

/**
 * A grid card or a list row with only what it shows, for the pages that list events as one or
 * the other: every field is written into the page twice, once rendered and once in its data,
 * and each is encoded for the page on the server and decoded by the browser (ADR 0042, 0064).
 */
export function toEventGridCard(event: DiscoveryEvent): EventGridCardView {
  return shownOf(toEventCard(event), GRID_CARD_FIELDS);
}

export function toEventRow(event: DiscoveryEvent): EventRowView {
  return shownOf(toEventCard(event), ROW_FIELDS);
}

export type AttractionCardView = {
  id: string;
  href: string;
  name: string;
  genre?: string;
  /** SPEC §2 badge '{n} upcoming'. */
  upcoming: string;
  image?: ImageChoice;
};

export function statusView(code: string | null | undefined): StatusView | undefined {
  const status = eventStatus(code);
  return status && code ? { ...status, code } : undefined;
}

export function toEventCard(event: DiscoveryEvent): EventCardView {
  const venue = eventVenue(event);
  const start = event.dates?.start;
  const tile = dateTile(start?.localDate);
  const time = formatLocalTime(start?.localTime);
  const span = priceSpan(event);
  const lowest = event.ticketPrice?.category === 'cheapest' ? event.ticketPrice.amount : span?.min;
  return {
    id: event.id,
    href: eventPath(event),
    name: event.name,
    when: formatEventDateTime(start?.localDate, start?.localTime),
    ...(tile
      ? {
          tile: {
            month: tile.month,
            day: tile.day,
            weekday: tile.weekday,
            ...(tile.year !== String(new Date().getUTCFullYear()) ? { year: tile.year } : {}),
          },
        }
      : {}),
    buyable: canBuy(event.dates?.status?.code, start?.localDate),
    line:
      [tile ? [tile.weekday, time].filter(Boolean).join(' ') : undefined, venue?.name, venuePlace(venue)]
        .filter(Boolean)
        .join(' · ') || undefined,
    venue: venueLine(venue),
    venueName: venue?.name || undefined,
    place: venuePlace(venue),
    status: statusView(event.dates?.status?.code),
    genre: meaningfulGenre(genreName(event)) ?? segmentName(event),
    from:
      lowest !== undefined ? `From ${formatPrice(lowest, event.ticketPrice?.currency ?? span?.currency)}` : undefined,
    price:
      ticketPriceLabel(event.ticketPrice) ??
      (lowest !== undefined ? `From ${formatPrice(lowest, event.ticketPrice?.currency ?? span?.currency)}` : undefined),
    image: pickListThumbnail(event.images),
    thumb: pickEventThumbnail(event.images),
  };
}

export function toAttractionCard(attraction: DiscoveryAttraction): AttractionCardView {
  return {
    id: attraction.id,
    href: artistPath(attraction),
    name: attraction.name,
    genre: meaningfulGenre(genreName(attraction)) ?? segmentName(attraction),
    upcoming: upcomingLabel(attraction.upcomingEvents?._total ?? 0),
    image: pickListThumbnail(attraction.images),
  };
}
