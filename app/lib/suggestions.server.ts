import { filtersFromCookie } from './preferences';
import { suggestionTemplate } from './suggestions';

/**
 * For the root's data: what every search box on the page asks for its suggestions besides the
 * keyword and the dates, from the filters the visitor's browser remembers (their cookie, which
 * the browser's copy mirrors). ADR 0046.
 */
export function suggestionTemplateOf(cookieHeader: string | null): string | undefined {
  return suggestionTemplate(filtersFromCookie(cookieHeader));
}
