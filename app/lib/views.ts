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

/**
 * A grid card with only what it shows, for pages that list events as cards alone (home): every
 * field is written into the page's HTML twice, once rendered and once in its data.
 */
export function toEventGridCard(event: DiscoveryEvent): EventGridCardView {
  const card = toEventCard(event);
  const shown: Partial<EventGridCardView> = {};
  for (const field of GRID_CARD_FIELDS) if (card[field] !== undefined) Object.assign(shown, { [field]: card[field] });
  return shown as EventGridCardView;
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
