import { useRouteLoaderData } from 'react-router';
import { apiUrl } from '~/lib/auth/config';
import { defaultDateWindow } from '~/lib/date-window';

/** Typing pauses this long before a search is sent: before the box has code, and after. */
export const SEARCH_DEBOUNCE_MS = 250;

/**
 * A search box's suggestions asked for before the box has code (ADR 0046). The server writes
 * on the box's input what the request asks besides the keyword and the date window
 * (`data-suggest`, lib/suggestions.ts `suggestionTemplate`); a keystroke then costs one round
 * trip, shared with the box's code, instead of the code's and then the request's. The box takes
 * the answer when it asks the same question (`takeSuggestionAhead`), and asks again otherwise.
 */
export type SuggestionAhead = {
  keyword: string;
  /** The moment the default date window started from. */
  at: Date;
  url: string;
  answer: Promise<unknown>;
  cancel: () => void;
};

/** The root's `suggest`: what a search box writes in `data-suggest` for its first keystrokes. */
export function useSuggestQuery(): string | undefined {
  return (useRouteLoaderData('root') as { suggest?: string } | undefined)?.suggest;
}

let ahead: SuggestionAhead | undefined;
let timer: ReturnType<typeof setTimeout> | undefined;

/** The request for `keyword` from a box's template, with the default date window from `at`. */
export function suggestionAheadUrl(template: string, keyword: string, at: Date): string {
  return `${apiUrl('/events/search')}?${new URLSearchParams({ keyword, ...defaultDateWindow(at) })}&${template}`;
}

/**
 * A keystroke in a box not hydrated yet. `waitedOn` marks the request as what the visitor
 * waits for, so downloads nobody asked for hold back until it is answered.
 */
export function suggestAhead(input: HTMLInputElement, waitedOn: (work: Promise<unknown>) => void): void {
  const template = input.dataset.suggest;
  if (!template) return;
  clearTimeout(timer);
  ahead?.cancel();
  ahead = undefined;
  const keyword = input.value.trim();
  // SPEC §5: the search query is sent only if non-empty.
  if (!keyword) return;
  timer = setTimeout(() => {
    const at = new Date();
    const url = suggestionAheadUrl(template, keyword, at);
    const controller = new AbortController();
    // Same origin, and the API answers JSON: the request the box sends, without its headers.
    const answer = fetch(url, { signal: controller.signal }).then((response) =>
      response.ok ? response.json() : Promise.reject(response.status),
    );
    waitedOn(answer);
    ahead = { keyword, at, url, answer, cancel: () => controller.abort() };
  }, SEARCH_DEBOUNCE_MS);
}

/** The answer asked for ahead for this keyword, if any: given once. */
export function takeSuggestionAhead(keyword: string): SuggestionAhead | undefined {
  clearTimeout(timer); // the box, hydrated, asks from now on
  const found = ahead?.keyword === keyword ? ahead : undefined;
  if (found) ahead = undefined;
  return found;
}
