import { type APIRequestContext, expect, type Locator, type Page } from '@playwright/test';
import { DEFAULTS } from '#contracts/enum-values';
import { defaultFilters, eventQuery } from '../../app/lib/filters';
import { buildQuery } from '../../app/lib/http';
import { artistPath, eventPath } from '../../app/lib/slug';

/**
 * Helpers of the discovery specs: they pick real items of the test server's demo catalogue
 * through the product API (the catalogue is generated, so ids are never hard-coded).
 */
export type ApiAttraction = { id: string; name: string; upcomingEvents: { _total: number } };
export type ApiEvent = {
  id: string;
  name: string;
  url?: string;
  dates: { start: { localDate?: string; localTime?: string }; status: { code: string } };
  _embedded: { venues: { name: string; city?: { name: string } }[]; attractions: ApiAttraction[] };
};

export async function popularArtists(request: APIRequestContext): Promise<ApiAttraction[]> {
  const response = await request.get('/api/events/search', { params: { size: '10' } });
  expect(response.ok()).toBe(true);
  return (await response.json())._embedded.attractions as ApiAttraction[];
}

/**
 * What the search box shows for `keyword` to a visitor with the default filters (SPEC §3:
 * country US, now to the default window's end): the same query the page sends
 * (app/components/search-panel.tsx), so a fixture never depends on today's date.
 */
export async function suggestionsFor(
  request: APIRequestContext,
  keyword: string,
): Promise<{ attractions: ApiAttraction[]; events: ApiEvent[] }> {
  const query = { ...eventQuery({ ...defaultFilters(), keyword }), size: DEFAULTS.searchSize, page: undefined };
  const response = await request.get(`/api/events/search${buildQuery(query)}`);
  expect(response.ok()).toBe(true);
  const body = await response.json();
  return { attractions: body._embedded?.attractions ?? [], events: body._embedded?.events ?? [] };
}

/**
 * Artists a visitor finds by typing the first `prefixLength` letters of their name: the
 * artist is the first suggestion and upcoming events are suggested with it, under the
 * default filters as they are at the moment the test runs (chosen by these properties, not
 * by popularity: the most popular artist may have nothing in the default window).
 */
export async function searchableArtists(
  request: APIRequestContext,
  { count = 1, prefixLength = 6 } = {},
): Promise<ApiAttraction[]> {
  const found: ApiAttraction[] = [];
  const response = await request.get('/api/events/search', { params: { size: '50' } });
  expect(response.ok()).toBe(true);
  const candidates = ((await response.json())._embedded?.attractions ?? []) as ApiAttraction[];
  for (const artist of candidates) {
    if (artist.name.length < prefixLength) continue;
    const { attractions, events } = await suggestionsFor(request, artist.name.slice(0, prefixLength));
    if (attractions[0]?.id === artist.id && events.length > 0) found.push(artist);
    if (found.length === count) return found;
  }
  throw new Error(`fewer than ${count} artists are found by their first ${prefixLength} letters with events`);
}

/** A popular artist with more than one page (20) of upcoming events. */
export async function busyArtist(request: APIRequestContext): Promise<ApiAttraction> {
  const artist = (await popularArtists(request)).find((a) => a.upcomingEvents._total > 20);
  expect(artist, 'an artist with more than 20 upcoming events').toBeDefined();
  return artist!;
}

export async function events(request: APIRequestContext, params: Record<string, string> = {}): Promise<ApiEvent[]> {
  const response = await request.get('/api/events', { params: { size: '200', sort: 'date,asc', ...params } });
  expect(response.ok()).toBe(true);
  return (await response.json())._embedded.events as ApiEvent[];
}

/** An upcoming event with a headliner, a venue and a date. */
export async function datedEvent(request: APIRequestContext): Promise<ApiEvent> {
  const event = (await events(request)).find(
    (e) => e.dates.start.localDate && e._embedded.attractions.length && e._embedded.venues.length,
  );
  expect(event).toBeDefined();
  return event!;
}

export async function eventWithStatus(request: APIRequestContext, code: string): Promise<ApiEvent> {
  for (const page of ['0', '1', '2', '3']) {
    const found = (await events(request, { page })).find((e) => e.dates.status.code === code);
    if (found) return found;
  }
  throw new Error(`no ${code} event in the first 800 upcoming events`);
}

export const artistUrl = (artist: { id: string; name: string }) => artistPath(artist);
export const eventUrl = (event: { id: string; name: string }) => eventPath(event);

/** The search box the visitor sees (the header's, or the home page's own on phones). */
export function searchBox(page: Page): Locator {
  return page.getByRole('combobox', { name: 'Search' }).filter({ visible: true }).first();
}

/** Navigates and waits for the page to be hydrated (its scripts loaded and run). */
export async function open(page: Page, path: string) {
  const response = await page.goto(path);
  await page.waitForLoadState('networkidle');
  return response;
}

/** The calendar day buttons of the open date popup, by day of month. */
export function calendarDay(page: Page, day: number): Locator {
  return page
    .getByRole('dialog', { name: 'Choose dates' })
    .locator('td:not([data-outside]) button:not([disabled])')
    .getByText(String(day), { exact: true });
}

/** The search page's filters; on phones they wait behind the 'Filters' button. */
export async function showFilters(page: Page) {
  const filters = page.getByRole('button', { name: /^Filters/ });
  if ((await filters.isVisible()) && (await filters.getAttribute('aria-expanded')) === 'false') {
    await filters.click();
    await expect(filters).toHaveAttribute('aria-expanded', 'true');
  }
}

/** The Search settings button; on phones it waits behind the 'Filters' button. */
export async function openSearchSettings(page: Page) {
  await showFilters(page);
  await page.getByRole('button', { name: /^Search settings/ }).click();
}
