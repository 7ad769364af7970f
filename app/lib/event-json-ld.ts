import { type DiscoveryEvent, eventAttractions, eventVenue, segmentName } from './discovery.ts';
import { pickHeroImage, pickListThumbnail } from './images.ts';
import { absoluteUrl } from './seo.ts';

const STATUS: Record<string, string> = {
  onsale: 'EventScheduled',
  offsale: 'EventScheduled',
  cancelled: 'EventCancelled',
  postponed: 'EventPostponed',
  rescheduled: 'EventRescheduled',
};

/** schema.org Event for an event page (search engines show dates, venue and prices from it). */
export function eventJsonLd(event: DiscoveryEvent & { url?: string | null }, origin: string, path: string) {
  const venue = eventVenue(event);
  const start = event.dates?.start;
  const startDate =
    start?.dateTime ||
    (start?.localDate ? `${start.localDate}${start.localTime ? `T${start.localTime}` : ''}` : undefined);
  const images = [pickHeroImage(event.images), pickListThumbnail(event.images)]
    .filter((image) => !!image)
    .map((image) => absoluteUrl(origin, image!.src));
  const status = event.dates?.status?.code ?? '';
  const price = event.ticketPrice;
  return {
    '@context': 'https://schema.org',
    '@type': segmentName(event) === 'Music' ? 'MusicEvent' : 'Event',
    name: event.name,
    url: absoluteUrl(origin, path),
    ...(startDate ? { startDate } : {}),
    eventStatus: `https://schema.org/${STATUS[status] ?? 'EventScheduled'}`,
    eventAttendanceMode: 'https://schema.org/OfflineEventAttendanceMode',
    ...(images.length ? { image: [...new Set(images)] } : {}),
    ...(event.info ? { description: event.info } : {}),
    ...(venue
      ? {
          location: {
            '@type': 'Place',
            name: venue.name,
            address: {
              '@type': 'PostalAddress',
              ...(venue.address?.line1 ? { streetAddress: venue.address.line1 } : {}),
              ...(venue.city?.name ? { addressLocality: venue.city.name } : {}),
              ...(venue.state?.stateCode || venue.state?.name
                ? { addressRegion: venue.state?.stateCode || venue.state?.name }
                : {}),
              ...(venue.postalCode ? { postalCode: venue.postalCode } : {}),
              ...(venue.country?.countryCode ? { addressCountry: venue.country.countryCode } : {}),
            },
          },
        }
      : {}),
    ...(eventAttractions(event).length
      ? {
          performer: eventAttractions(event).map((attraction) => ({
            '@type': 'PerformingGroup',
            name: attraction.name,
          })),
        }
      : {}),
    ...(price
      ? {
          offers: {
            '@type': 'Offer',
            price: price.amount.toFixed(2),
            priceCurrency: price.currency || 'USD',
            availability: `https://schema.org/${status === 'onsale' ? 'InStock' : status === 'offsale' ? 'SoldOut' : 'LimitedAvailability'}`,
            ...(event.url ? { url: event.url } : {}),
          },
        }
      : {}),
  };
}
