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

/** What a list row (components/event-card.tsx EventRow) shows: the rest is for grid cards. */
export type EventRowView = Pick<
  EventCardView,
  'id' | 'href' | 'name' | 'when' | 'tile' | 'buyable' | 'line' | 'status' | 'price' | 'thumb'
>;

/** Sets `key` only when there is a value: fields without one are left out, not written as undefined. */
function put<T extends object, K extends keyof T>(view: T, key: K, value: T[K] | undefined): void {
  if (value !== undefined) view[key] = value;
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

/** What every view of an event is computed from. */
function eventFacts(event: DiscoveryEvent) {
  const venue = eventVenue(event);
  const start = event.dates?.start;
  const tile = dateTile(start?.localDate);
  const span = priceSpan(event);
  const lowest = event.ticketPrice?.category === 'cheapest' ? event.ticketPrice.amount : span?.min;
  const from =
    lowest !== undefined ? `From ${formatPrice(lowest, event.ticketPrice?.currency ?? span?.currency)}` : undefined;
  return { venue, start, tile, from };
}

type EventFacts = ReturnType<typeof eventFacts>;

const whenOf = (start: EventFacts['start']) => formatEventDateTime(start?.localDate, start?.localTime);

function tileView(tile: EventFacts['tile']): EventCardView['tile'] {
  if (!tile) return undefined;
  const { month, day, weekday, year } = tile;
  return { month, day, weekday, ...(year !== String(new Date().getUTCFullYear()) ? { year } : {}) };
}

/**
 * A grid card or a list row with only what it shows, for the pages that list events as one or
 * the other: every field is written into the page twice, once rendered and once in its data,
 * and each is encoded for the page on the server and decoded by the browser (ADR 0042, 0064).
 * Each computes only its own fields: a long-tail page lists 20 to 50 of them.
 */
export const toEventGridCard = (event: DiscoveryEvent): EventGridCardView => gridCard(event, eventFacts(event));

export const toEventRow = (event: DiscoveryEvent): EventRowView => row(event, eventFacts(event));

function gridCard(event: DiscoveryEvent, facts: EventFacts): EventGridCardView {
  const { start, venue, tile, from } = facts;
  const card: EventGridCardView = { id: event.id, href: eventPath(event), name: event.name, when: whenOf(start) };
  put(card, 'tile', tileView(tile));
  put(card, 'status', statusView(event.dates?.status?.code));
  put(card, 'genre', meaningfulGenre(genreName(event)) ?? segmentName(event));
  put(card, 'venue', venueLine(venue));
  put(card, 'from', from);
  put(card, 'image', pickListThumbnail(event.images));
  return card;
}

function row(event: DiscoveryEvent, facts: EventFacts): EventRowView {
  const { start, venue, tile, from } = facts;
  const time = formatLocalTime(start?.localTime);
  // In the order a row always had its fields (the page's data is the same bytes).
  const view = { id: event.id, href: eventPath(event), name: event.name, when: whenOf(start) } as EventRowView;
  put(view, 'tile', tileView(tile));
  view.buyable = canBuy(event.dates?.status?.code, start?.localDate);
  put(
    view,
    'line',
    [tile ? [tile.weekday, time].filter(Boolean).join(' ') : undefined, venue?.name, venuePlace(venue)]
      .filter(Boolean)
      .join(' · ') || undefined,
  );
  put(view, 'status', statusView(event.dates?.status?.code));
  put(view, 'price', ticketPriceLabel(event.ticketPrice) ?? from);
  put(view, 'thumb', pickEventThumbnail(event.images));
  return view;
}

/** Every field, for the search panel's suggestions, which show events both ways. */
export function toEventCard(event: DiscoveryEvent): EventCardView {
  const facts = eventFacts(event);
  const card: EventCardView = { ...gridCard(event, facts), ...row(event, facts) };
  put(card, 'venueName', facts.venue?.name || undefined);
  put(card, 'place', venuePlace(facts.venue));
  return card;
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
