import { DEFAULTS } from '#contracts/enum-values';
import { apiUrl } from '~/lib/auth/config';
import type { DiscoveryAttraction, DiscoveryEvent } from '~/lib/discovery';
import { eventQuery, searchHref } from '~/lib/filters';
import { request } from '~/lib/http';
import { loadFilters } from '~/lib/preferences';
import { type AttractionCardView, type EventCardView, toAttractionCard, toEventCard } from '~/lib/views';

/**
 * The search box's suggestions: the request and its answer. With the box's own code (the
 * page-parts file, fetched when the page is idle), so a search typed then waits for its answer
 * only, not for code first (ADR 0039); the panel that shows them is fetched on focus.
 */
export type Suggestions = { artists: AttractionCardView[]; events: EventCardView[]; didYouMean?: string };

type SearchResponse = {
  _embedded?: { attractions?: DiscoveryAttraction[]; events?: DiscoveryEvent[] };
  didYouMean?: string;
};

/** 'emmett calloway' → 'Emmett Calloway': the close spelling as a name reads. */
export const titleCase = (text: string) =>
  text.replace(/(^|\s)(\p{L})/gu, (_, space, letter) => space + letter.toUpperCase());

/** SPEC §7 GET /events/search: keyword, size 5 and the remembered search params. */
export async function suggest(keyword: string, signal: AbortSignal): Promise<Suggestions> {
  const filters = loadFilters();
  const body = await request<SearchResponse>(apiUrl('/events/search'), {
    query: { ...eventQuery({ ...filters, keyword, page: 0 }), size: DEFAULTS.searchSize, page: undefined },
    signal,
  });
  return {
    artists: (body?._embedded?.attractions ?? []).map(toAttractionCard),
    events: (body?._embedded?.events ?? []).map(toEventCard),
    ...(body?.didYouMean ? { didYouMean: titleCase(body.didYouMean) } : {}),
  };
}

/** The full results page for a keyword, keeping the visitor's place and dates. */
export function searchPageHref(keyword: string): string {
  return searchHref({ ...loadFilters(), keyword, page: 0 });
}
