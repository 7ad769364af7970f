import { DEFAULTS } from '#contracts/enum-values';
import { takeSuggestionAhead } from '~/components/hydration';
import { apiUrl } from '~/lib/auth/config';
import type { DiscoveryAttraction, DiscoveryEvent } from '~/lib/discovery';
import { eventQuery, type Filters, searchHref } from '~/lib/filters';
import { buildQuery, request } from '~/lib/http';
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
function suggestionQuery(filters: Filters, keyword: string, now: Date) {
  return { ...eventQuery({ ...filters, keyword, page: 0 }, now), size: DEFAULTS.searchSize, page: undefined };
}

/** The suggestions' request for these filters, asked at `now` (the default window starts then). */
export function suggestionUrl(filters: Filters, keyword: string, now: Date): string {
  return apiUrl('/events/search') + buildQuery(suggestionQuery(filters, keyword, now));
}

/**
 * What the server writes on a search box for its first keystrokes (`data-suggest`, ADR 0046):
 * the request's query without the keyword and the date window, which the browser adds
 * (`suggestionAheadUrl`) in the order `suggestionUrl` writes them. Chosen dates are not sent
 * ahead: a range starting today starts at the visitor's now, which the server cannot know.
 */
export function suggestionTemplate(filters: Filters): string | undefined {
  if (filters.dates.length > 0) return undefined;
  const query = { ...suggestionQuery(filters, '', new Date(0)), startDateTime: undefined, endDateTime: undefined };
  return buildQuery(query).slice(1);
}

export async function suggest(keyword: string, signal: AbortSignal): Promise<Suggestions> {
  const filters = loadFilters();
  const ahead = takeSuggestionAhead(keyword);
  const url = suggestionUrl(filters, keyword, ahead?.at ?? new Date());
  let body: SearchResponse | undefined;
  if (ahead?.url === url) body = (await ahead.answer.catch(() => undefined)) as SearchResponse | undefined;
  else ahead?.cancel();
  body ??= await request<SearchResponse>(url, { signal });
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
