import { data, redirect } from 'react-router';
import { DEFAULTS } from '#contracts/enum-values';
import { getAttraction, listEvents } from '#server/catalogue/index';
import { eventsQuery, originOf, PAGE_READS } from '~/lib/catalogue.server';
import { aboutText, genreName, meaningfulGenre, segmentName, subGenreName } from '~/lib/discovery';
import { dateWindow, defaultFilters, type Filters, filtersFromSearchParams, locationLabel } from '~/lib/filters';
import { countLabel, dateButtonLabel } from '~/lib/format';
import { pickHeroImage } from '~/lib/images';
import { hrefFor, pageBase, ticketCategoryLinks } from '~/lib/page-links';
import { excerpt, pageMeta } from '~/lib/seo';
import { artistPath, slugify } from '~/lib/slug';
import { toEventRow } from '~/lib/views';
import type { Route } from './+types/artist';

/** Discovery's deep-paging rule (contracts LIMITS.deepPaging): page × size stays below 1000. */
const DEEP_PAGING = 1000;

/**
 * Artist page (SPEC §2 /{name}-tickets/artist/{id}; §7 artist events sorted by date, 20 a
 * page). A path without '-tickets' or an unknown id is 'Page Not Found: {path}'; a known id
 * under another name slug moves permanently (301) to the canonical one.
 */
export async function loadArtistPage({ url, params, context }: Route.LoaderArgs) {
  const notFound = () => data(`Page Not Found: ${url.pathname}`, { status: 404 });
  if (!params.artistSlug.endsWith('-tickets')) throw notFound();
  const { db } = context.services.database;
  const attraction = await getAttraction(db, params.id, PAGE_READS);
  if (!attraction) throw notFound();
  const path = artistPath(attraction);
  if (params.artistSlug !== `${slugify(attraction.name)}-tickets`) throw redirect(`${path}${url.search}`, 301);

  const filters = filtersFromSearchParams(url.searchParams);
  const list = await listEvents(db, eventsQuery(artistEventsQuery(params.id, filters)), PAGE_READS);
  const genre = meaningfulGenre(genreName(attraction)) ?? segmentName(attraction);
  const subGenre = meaningfulGenre(subGenreName(attraction));
  const about = aboutText(attraction);
  const hero = pickHeroImage(attraction.images);
  const total = list.page.totalElements;
  const place = locationLabel(filters);
  const narrowed = filters.dates.length > 0 || !!place;

  return {
    // SPEC §8 IP lookup fallback for the first-load location (lib/location-bootstrap.ts).
    ipGeolocationUrl: context.services.env.IP_GEOLOCATION_URL ?? null,
    meta: pageMeta({
      title: `${attraction.name} tickets${total ? ` · ${countLabel(total, 'upcoming event')}` : ''} · Encore`,
      description: excerpt(about),
      origin: originOf(context),
      path,
      image: hero?.src,
      type: 'profile',
    }),
    artist: {
      name: attraction.name,
      about,
      genres: [genre, subGenre !== genre ? subGenre : undefined].filter((g): g is string => !!g),
      upcoming: countLabel(attraction.upcomingEvents._total, 'upcoming event'),
      hero,
    },
    filters,
    dateLabel: dateButtonLabel(filters.dates),
    locationLabel: place ?? 'Anywhere',
    narrowed,
    events: list._embedded.events.map(toEventRow),
    summary: `${countLabel(total, 'event')}${narrowed ? ' matching your dates and location' : ', soonest first'}`,
    categories: ticketCategoryLinks(path, filters),
    page: list.page.number,
    totalPages: Math.min(list.page.totalPages, Math.ceil(DEEP_PAGING / list.page.size)),
    pageBase: pageBase(path, filters),
    showAllHref: hrefFor(path, { ...defaultFilters(), ticketCategory: filters.ticketCategory }),
  };
}

/**
 * SPEC §7 artist events: attractionId, ticketCategory, sort=date,asc, page, size 20, plus the
 * dates and the place the visitor chose on the page. Without a choice the whole tour shows
 * (no default window or country: an artist's dates next year or abroad are still theirs).
 */
export function artistEventsQuery(attractionId: string, filters: Filters) {
  const hasGeo = !!filters.location.geoPoint;
  const window = filters.dates.length ? dateWindow(filters.dates) : undefined;
  return {
    attractionId: [attractionId],
    sort: DEFAULTS.artistEventsSort,
    page: filters.page,
    size: DEFAULTS.pageSize,
    ticketCategory: filters.ticketCategory,
    startDateTime: window?.startDateTime,
    endDateTime: window?.endDateTime,
    geoPoint: filters.location.geoPoint,
    radius: hasGeo ? filters.radius : undefined,
    unit: hasGeo ? filters.unit : undefined,
    city: hasGeo || !filters.city ? undefined : [filters.city],
    countryCode: !hasGeo && filters.city ? filters.location.countryCode : undefined,
    locale: filters.location.locale,
  };
}
