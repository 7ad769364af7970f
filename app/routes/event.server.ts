import { data, redirect } from 'react-router';
import { TICKET_CATEGORIES, type TicketCategory } from '#contracts/enum-values';
import { getEventAndHeadlinerDates } from '#server/catalogue/index';
import { eventsQuery, originOf, PAGE_READS } from '~/lib/catalogue.server';
import {
  eventVenue,
  genreName,
  meaningfulGenre,
  priceSpan,
  segmentName,
  subGenreName,
  venuePlace,
} from '~/lib/discovery';
import { eventJsonLd } from '~/lib/event-json-ld';
import { defaultFilters, SOURCE_LABELS, TICKET_CATEGORY_LABELS } from '~/lib/filters';
import { countLabel, formatEventDate, formatLocalTime, formatPrice, formatPriceRange } from '~/lib/format';
import { pickHeroImage } from '~/lib/images';
import { ticketCategoryLinks } from '~/lib/page-links';
import { canBuy, sellerSearchLinks } from '~/lib/sellers';
import { excerpt, pageMeta, serializeJsonLd } from '~/lib/seo';
import { artistPath, eventPath, slugify } from '~/lib/slug';
import { statusView, toEventRow } from '~/lib/views';
import type { Route } from './+types/event';

/** How many other dates of the same artist the event page lists. */
export const OTHER_DATES = 6;

/**
 * Event page (SPEC §2 /events/{event}/{id}): the event with the price of the chosen ticket
 * category, and other upcoming dates of its headliner. An unknown id is 'Page Not Found:
 * {path}'; a known id under another slug moves permanently (301) to the canonical one.
 */
export async function loadEventPage({ url, params, context }: Route.LoaderArgs) {
  const { db } = context.services.database;
  const requested = url.searchParams.get('ticketCategory');
  const ticketCategory = TICKET_CATEGORIES.includes(requested as TicketCategory)
    ? (requested as TicketCategory)
    : 'cheapest';
  const { event, headlinerDates: others } = await getEventAndHeadlinerDates(
    db,
    params.id,
    eventsQuery({ sort: 'date,asc', size: OTHER_DATES + 1, ticketCategory }),
    PAGE_READS,
  );
  if (!event) throw data(`Page Not Found: ${url.pathname}`, { status: 404 });
  const path = eventPath(event);
  if (params.eventSlug !== slugify(event.name)) throw redirect(`${path}${url.search}`, 301);

  const headliner = event._embedded.attractions[0];
  const origin = originOf(context);
  const venue = eventVenue(event);
  const start = event.dates.start;
  const date = formatEventDate(start.localDate);
  const time = formatLocalTime(start.localTime);
  const status = event.dates.status.code;
  const span = priceSpan(event);
  const price = event.ticketPrice;
  const genre = meaningfulGenre(genreName(event)) ?? segmentName(event);
  const subGenre = meaningfulGenre(subGenreName(event));
  const where = [venue?.name, venuePlace(venue)].filter(Boolean).join(', ');
  const seller = SOURCE_LABELS[event.source as keyof typeof SOURCE_LABELS];
  const buyable = canBuy(status, start.localDate);

  return {
    // SPEC §8 IP lookup fallback for the first-load location (lib/location-bootstrap.ts).
    ipGeolocationUrl: context.services.env.IP_GEOLOCATION_URL ?? null,
    meta: pageMeta({
      title: `${event.name} · ${date}${venue?.city?.name ? ` · ${venue.city.name}` : ''} tickets · Encore`,
      description: excerpt(
        `${event.name}: ${date}${where ? ` at ${where}` : ''}.${price ? ` Tickets from ${formatPrice(price.amount, price.currency)}.` : ''} ${event.info ?? ''}`,
      ),
      origin,
      path,
      image: pickHeroImage(event.images)?.src,
      type: 'event',
    }),
    jsonLd: serializeJsonLd(eventJsonLd(event, origin, path)),
    event: {
      name: event.name,
      status: statusView(status),
      genres: [genre, subGenre !== genre ? subGenre : undefined].filter((g): g is string => !!g),
      date,
      time: start.localDate ? (time ? `Starts ${time}` : 'Time to be announced') : undefined,
      image: pickHeroImage(event.images),
      info: event.info,
      pleaseNote: event.pleaseNote,
    },
    venue: venue
      ? {
          id: venue.id,
          name: venue.name,
          place: venuePlace(venue),
          lines: [
            venue.address?.line1,
            [venue.city?.name, [venue.state?.stateCode, venue.postalCode].filter(Boolean).join(' ')]
              .filter(Boolean)
              .join(', '),
            venue.country?.name,
          ].filter((line): line is string => !!line),
        }
      : undefined,
    tickets: {
      categories: ticketCategoryLinks(path, { ...defaultFilters(), ticketCategory }),
      lead: price
        ? `${TICKET_CATEGORY_LABELS[ticketCategory]} seats ${price.estimate ? 'from about' : 'from'}`
        : undefined,
      price: price ? formatPrice(price.amount, price.currency) : undefined,
      range: span ? formatPriceRange(span.min, span.max, span.currency) : undefined,
      buy:
        buyable && event.url
          ? { href: event.url, label: seller ? `Buy tickets on ${seller}` : 'Buy tickets' }
          : undefined,
      // No seller page published: search the event at each seller instead (ADR 0024).
      search:
        buyable && !event.url
          ? sellerSearchLinks({ name: event.name, localDate: start.localDate, city: venue?.city?.name })
          : [],
      closed:
        status === 'cancelled'
          ? 'This event is cancelled'
          : status === 'offsale'
            ? 'Tickets are not on sale'
            : 'This event has taken place',
    },
    headliner: headliner
      ? {
          name: headliner.name,
          href: artistPath(headliner),
          all: `All ${countLabel(headliner.upcomingEvents._total, 'date')}`,
        }
      : undefined,
    otherDates: (others ?? [])
      .filter((other) => other.id !== event.id)
      .slice(0, OTHER_DATES)
      .map(toEventRow),
  };
}
