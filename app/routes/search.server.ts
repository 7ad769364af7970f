import type { SearchQuery } from '#contracts/catalogue';
import { DEFAULTS, EVENT_SORTS, SEGMENTS } from '#contracts/enum-values';
import { listEvents, searchCatalogue } from '#server/catalogue/index';
import { eventsQuery, genresWithEvents, originOf, PAGE_READS } from '~/lib/catalogue.server';
import {
  activeFilterCount,
  defaultFilters,
  eventQuery,
  type Filters,
  filtersFromSearchParams,
  locationLabel,
  PRICE_RANGES,
  SORT_LABELS,
  settingsChangedCount,
} from '~/lib/filters';
import { countLabel, dateButtonLabel } from '~/lib/format';
import { type ChoiceLink, hrefFor, pageBase, type SortChoice, ticketCategoryLinks } from '~/lib/page-links';
import { pageMeta } from '~/lib/seo';
import { toAttractionCard, toEventGridCard } from '~/lib/views';
import type { Route } from './+types/search';

const PATH = '/search';
/** Artists shown above the events on a keyword search. */
export const SEARCH_ARTISTS = 5;
const GENRE_CHIPS = 12;
/** Discovery's deep-paging rule (contracts LIMITS.deepPaging): page × size stays below 1000. */
const DEEP_PAGING = 1000;

const toggle = (list: string[], value: string) =>
  list.includes(value) ? list.filter((item) => item !== value) : [...list, value];

/**
 * Search page (SPEC §2, §3): every filter comes from the URL, so a search can be shared,
 * reloaded and rendered on the server. 'Artists & Attractions' for a keyword, 'Upcoming
 * Events' 20 a page, and the links that change each filter.
 */
export async function loadSearch({ url, context }: Route.LoaderArgs) {
  const { db } = context.services.database;
  const filters = filtersFromSearchParams(url.searchParams);
  // Parsed once (contracts' schema): the artists above the list are the same search, 5 of them.
  const query = eventsQuery({ ...eventQuery(filters), size: DEFAULTS.pageSize });
  const { page: _page, sort: _sort, ...searched } = query;
  const artists: SearchQuery = { ...searched, size: SEARCH_ARTISTS };
  const [list, found, genres] = await Promise.all([
    listEvents(db, query, PAGE_READS),
    filters.keyword ? searchCatalogue(db, artists) : undefined,
    genresWithEvents(db),
  ]);
  // Nothing matched the words as typed: the search found close spellings instead.
  const fuzzy = list.page.totalElements === 0 && !!found?.fuzzy;
  const events = fuzzy ? found!._embedded.events : list._embedded.events;
  const place = locationLabel(filters);
  const link = (next: Filters) => hrefFor(PATH, { ...next, page: 0 });

  const segmentGenres = genres.filter((genre) => !filters.segmentId || genre.segmentId === filters.segmentId);
  const chosenGenres = genres.filter((genre) => filters.genres.includes(genre.id));
  const genreChoices = [...chosenGenres, ...segmentGenres.filter((genre) => !filters.genres.includes(genre.id))].slice(
    0,
    Math.max(GENRE_CHIPS, chosenGenres.length),
  );

  const total = fuzzy ? events.length : list.page.totalElements;
  const title = filters.keyword ? `Results for “${filters.keyword}”` : 'Find events';
  return {
    // SPEC §8 IP lookup fallback for the first-load location (lib/location-bootstrap.ts).
    ipGeolocationUrl: context.services.env.IP_GEOLOCATION_URL ?? null,
    meta: [
      ...pageMeta({
        title: `${filters.keyword ? `${filters.keyword} tickets and events` : 'Search events'} · Encore`,
        description: `${countLabel(total, 'upcoming event')}${place ? ` near ${place}` : ''}${filters.keyword ? ` for “${filters.keyword}”` : ''}. Compare dates, venues and ticket prices on Encore.`,
        origin: originOf(context),
        path: hrefFor(PATH, filters),
      }),
      // Result pages are for people; search engines get the artist and event pages instead.
      { name: 'robots', content: 'noindex, follow' },
    ],
    title,
    filters,
    summary: [
      countLabel(total, 'event'),
      place ? `near ${place}` : undefined,
      filters.dates.length ? dateButtonLabel(filters.dates) : undefined,
    ]
      .filter(Boolean)
      .join(' · '),
    fuzzy,
    didYouMean:
      fuzzy && found?.didYouMean
        ? found.didYouMean.replace(
            /(^|\s)(\p{L})/gu,
            (_, space: string, letter: string) => space + letter.toUpperCase(),
          )
        : undefined,
    didYouMeanHref: fuzzy && found?.didYouMean ? link({ ...filters, keyword: found.didYouMean }) : undefined,
    dateLabel: dateButtonLabel(filters.dates),
    locationLabel: place ?? 'Anywhere',
    settingsChanged: settingsChangedCount(filters),
    artists: (found?._embedded.attractions ?? []).map(toAttractionCard),
    events: events.map(toEventGridCard),
    page: fuzzy ? 0 : list.page.number,
    totalPages: fuzzy ? 1 : Math.min(list.page.totalPages, Math.ceil(DEEP_PAGING / list.page.size)),
    pageBase: pageBase(PATH, filters),
    segments: [
      {
        value: '',
        label: 'All',
        href: link({ ...filters, segmentId: undefined, genres: [] }),
        current: !filters.segmentId,
      },
      ...Object.values(SEGMENTS).map((segment) => ({
        value: segment.id,
        label: segment.name,
        href: link({ ...filters, segmentId: segment.id, genres: [] }),
        current: filters.segmentId === segment.id,
      })),
    ] satisfies ChoiceLink[],
    genres: genreChoices.map((genre) => ({
      value: genre.id,
      label: genre.name,
      href: link({ ...filters, genres: toggle(filters.genres, genre.id) }),
      current: filters.genres.includes(genre.id),
    })) satisfies ChoiceLink[],
    prices: PRICE_RANGES.map((range) => ({
      value: range.id,
      label: range.label,
      href: link({ ...filters, priceRanges: toggle(filters.priceRanges, range.id) }),
      current: filters.priceRanges.includes(range.id),
    })) satisfies ChoiceLink[],
    categories: ticketCategoryLinks(PATH, filters),
    sorts: EVENT_SORTS.filter((sort) => sort !== 'distance,asc' || !!filters.location.geoPoint).map((sort) => ({
      value: sort,
      label: SORT_LABELS[sort],
      current: filters.sort === sort,
    })) satisfies SortChoice[],
    clearHref:
      activeFilterCount(filters) || filters.dates.length || place
        ? hrefFor(PATH, { ...defaultFilters(), keyword: filters.keyword })
        : undefined,
  };
}
