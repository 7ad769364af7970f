import { SEGMENTS } from '#contracts/enum-values';
import { eventsByIds, listEventHeadliners, searchCatalogue } from '#server/catalogue/index';
import { eventsQuery, genresWithEvents, originOf, PAGE_READS, searchQuery } from '~/lib/catalogue.server';
import { defaultFilters, eventQuery, type Filters, locationLabel, searchHref } from '~/lib/filters';
import { dateButtonLabel } from '~/lib/format';
import { filtersFromCookie } from '~/lib/preferences';
import { pageMeta } from '~/lib/seo';
import { toAttractionCard, toEventGridCard } from '~/lib/views';
import type { Route } from './+types/home';

export const UPCOMING_SIZE = 8;
/** Candidates fetched for the upcoming shelf, so it can show different artists. */
const UPCOMING_CANDIDATES = 32;
export const POPULAR_ARTISTS = 10;
const GENRES_PER_SEGMENT = 6;

/**
 * Home page: upcoming events near the visitor on their dates (the remembered filters, read
 * from the cookie lib/preferences.ts mirrors), popular artists, and browsing by segment and
 * genre. When nothing is on near them, the most popular events anywhere fill the space.
 */
export async function loadHome({ request, context }: Route.LoaderArgs) {
  const { db } = context.services.database;
  const filters = filtersFromCookie(request.headers.get('Cookie'));
  const place = locationLabel(filters);
  // The shelf shows no total, and only the candidates it picks are read whole.
  let shelf = eventsQuery({ ...eventQuery(filters), size: UPCOMING_CANDIDATES });
  const [nearby, popular, genres] = await Promise.all([
    listEventHeadliners(db, shelf),
    searchCatalogue(db, searchQuery({ size: POPULAR_ARTISTS, source: filters.source })),
    genresWithEvents(db),
  ]);
  let candidates = nearby;
  let widened = false;
  if (nearby.length === 0 && place) {
    // Nothing near them on these dates: show what is on anywhere rather than an empty shelf.
    const anywhere: Filters = { ...defaultFilters(), dates: filters.dates, source: filters.source };
    shelf = eventsQuery({ ...eventQuery(anywhere), size: UPCOMING_CANDIDATES });
    candidates = await listEventHeadliners(db, shelf);
    widened = true;
  }
  const shown = oneEachFirst(candidates, UPCOMING_SIZE, (event) => event.headliner ?? event.id);
  const upcoming = await eventsByIds(
    db,
    shown.map((event) => event.id),
    shelf,
    PAGE_READS,
  );

  // Segments with something on; the tile shows no count, so none is sent.
  const segments = Object.values(SEGMENTS).flatMap((segment) => {
    const inSegment = genres.filter((genre) => genre.segmentId === segment.id);
    if (!inSegment.some((genre) => genre.upcoming > 0)) return [];
    return [
      {
        id: segment.id,
        name: segment.name,
        href: searchHref({ ...filters, segmentId: segment.id }),
        genres: inSegment.slice(0, GENRES_PER_SEGMENT).map((genre) => ({
          name: genre.name,
          href: searchHref({ ...filters, segmentId: segment.id, genres: [genre.id] }),
        })),
      },
    ];
  });

  return {
    // SPEC §8 IP lookup fallback for the first-load location (lib/location-bootstrap.ts).
    ipGeolocationUrl: context.services.env.IP_GEOLOCATION_URL ?? null,
    meta: pageMeta({
      title: 'Encore · Concerts, games and shows near you',
      description:
        'Find concerts, sports, theatre and family shows near you, on your dates. Compare ticket prices by seat category and follow the artists you love.',
      origin: originOf(context),
      path: '/',
    }),
    filters,
    dateLabel: dateButtonLabel(filters.dates),
    locationLabel: place ?? 'Anywhere',
    upcomingTitle: widened || !place ? 'Upcoming events' : `Upcoming near ${place}`,
    widenedFrom: widened ? place : undefined,
    // Picked for popularity, shown in date order: a shelf of dates reads top to bottom in time.
    upcoming: [...upcoming].sort((a, b) => startKey(a).localeCompare(startKey(b))).map(toEventGridCard),
    upcomingHref: searchHref(widened ? { ...defaultFilters(), dates: filters.dates } : filters),
    artists: popular._embedded.attractions.map(toAttractionCard),
    segments,
  };
}

/** 'YYYY-MM-DDTHH:MM:SS' of the venue-local start; dates to be announced sort last. */
const startKey = (event: { dates?: { start?: { localDate?: string | null; localTime?: string | null } } }) =>
  `${event.dates?.start?.localDate ?? '9999-12-31'}T${event.dates?.start?.localTime ?? '99'}`;

/**
 * The most popular events, one per headliner first (a shelf of eight dates of the same tour
 * says less than eight different shows), then the rest in their order.
 */
export function oneEachFirst<T>(events: T[], size: number, headlinerOf: (event: T) => string): T[] {
  const seen = new Set<string>();
  const first: T[] = [];
  const rest: T[] = [];
  for (const event of events) {
    const key = headlinerOf(event);
    (seen.has(key) ? rest : first).push(event);
    seen.add(key);
  }
  return [...first, ...rest].slice(0, size);
}
