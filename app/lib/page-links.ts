import { TICKET_CATEGORIES } from '#contracts/enum-values';
import { type Filters, filtersToSearchParams, TICKET_CATEGORY_LABELS } from './filters.ts';

/**
 * Links a page offers for its filters, built where the filters are parsed (the loader) so the
 * components only render hrefs.
 */
export type ChoiceLink = { value: string; label: string; href: string; current: boolean };

/** A choice the page applies itself when picked (the sort): it builds its address then (search-view.tsx). */
export type SortChoice = Omit<ChoiceLink, 'href'>;

export function hrefFor(path: string, filters: Filters): string {
  const query = filtersToSearchParams(filters).toString();
  return query ? `${path}?${query}` : path;
}

/** Paging links: the URL without its page, pages appended by Pagination. */
export function pageBase(path: string, filters: Filters): { path: string; query: string } {
  return { path, query: filtersToSearchParams({ ...filters, page: 0 }).toString() };
}

export function ticketCategoryLinks(path: string, filters: Filters): ChoiceLink[] {
  return TICKET_CATEGORIES.map((category) => ({
    value: category,
    label: TICKET_CATEGORY_LABELS[category],
    href: hrefFor(path, { ...filters, ticketCategory: category, page: 0 }),
    current: filters.ticketCategory === category,
  }));
}
