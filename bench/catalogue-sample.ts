/**
 * Real URLs and names picked from the running catalogue through its public API
 * (SPEC §7 GET /events, /events/search), the way a visitor reaches them: a popular
 * artist's page, one of its events, a search for its name, and a few hundred names to
 * type into the search box. Picks are deterministic for a given catalogue.
 */
import { createHash } from 'node:crypto';
import { artistPath, eventPath } from '../app/lib/slug.ts';
import type { ReplayStep } from './load.ts';

type Named = { id: string; name: string };
type ApiAttraction = Named & { upcomingEvents?: { _total?: number } };
type ApiEvent = Named & { _embedded?: { attractions?: ApiAttraction[] } };
type EventList = { _embedded?: { events?: ApiEvent[] }; page?: { totalElements?: number } };

export type CataloguePick = {
  /** Events the catalogue reports (GET /events page.totalElements), when the API answers. */
  totalEvents?: number;
  artist?: { id: string; name: string; upcoming: number; path: string };
  event?: { id: string; name: string; path: string };
  searchKeyword: string;
  /** Attraction and event names, stable pseudo-random order. */
  names: string[];
  /** Why artist/event/names are missing, when they are. */
  problem?: string;
};

async function getJson<T>(origin: string, path: string): Promise<{ status: number; body?: T }> {
  const response = await fetch(`${origin}${path}`, { signal: AbortSignal.timeout(30_000) });
  const text = await response.text();
  if (!response.ok) return { status: response.status };
  return { status: response.status, body: JSON.parse(text) as T };
}

const stableOrder = (value: string) => createHash('sha1').update(value).digest('hex');

export async function pickFromCatalogue(origin: string, wantedNames: number): Promise<CataloguePick> {
  const attractions = new Map<string, ApiAttraction>();
  const eventNames = new Set<string>();
  let totalEvents: number | undefined;
  // Spread the sample over the catalogue: three orders, three pages each (Discovery's paging limit applies).
  for (const sort of ['relevance,desc', 'date,asc', 'date,desc']) {
    for (const page of [0, 2, 4]) {
      const { status, body } = await getJson<EventList>(origin, `/api/events?size=200&page=${page}&sort=${sort}`);
      if (status !== 200 || !body) {
        if (page === 0 && sort === 'relevance,desc') {
          return {
            searchKeyword: 'music',
            names: [],
            problem: `GET /api/events answered HTTP ${status}: no catalogue to pick pages and names from`,
          };
        }
        continue;
      }
      totalEvents ??= body.page?.totalElements;
      for (const event of body._embedded?.events ?? []) {
        eventNames.add(event.name);
        for (const attraction of event._embedded?.attractions ?? []) attractions.set(attraction.id, attraction);
      }
    }
  }
  if (eventNames.size === 0) {
    return { totalEvents, searchKeyword: 'music', names: [], problem: 'the catalogue has no events' };
  }

  // The most popular artist: most upcoming events, ties by id so the pick is stable.
  const artist = [...attractions.values()].sort(
    (a, b) => (b.upcomingEvents?._total ?? 0) - (a.upcomingEvents?._total ?? 0) || a.id.localeCompare(b.id),
  )[0];
  let event: Named | undefined;
  if (artist) {
    const { body } = await getJson<EventList>(
      origin,
      `/api/events?attractionId=${encodeURIComponent(artist.id)}&sort=date,asc&size=20`,
    );
    event = body?._embedded?.events?.[0];
  }
  const firstWord = artist?.name.split(/\s+/).find((word) => /\p{L}{3,}/u.test(word));

  // Artists and events alternately (both are typed into the search box), each list in a
  // stable pseudo-random order, a name typed once even when an event is named after its act.
  const stable = (values: Iterable<string>) =>
    [...new Set(values)].sort((a, b) => stableOrder(a).localeCompare(stableOrder(b)));
  const lists = [stable([...attractions.values()].map((a) => a.name)), stable(eventNames)];
  const names: string[] = [];
  const seen = new Set<string>();
  const cursor = [0, 0];
  while (names.length < wantedNames && lists.some((list, k) => cursor[k]! < list.length)) {
    const k = (names.length % 2 === 0 && cursor[0]! < lists[0]!.length) || cursor[1]! >= lists[1]!.length ? 0 : 1;
    const name = lists[k]![cursor[k]!++]!;
    if (seen.has(name.toLowerCase())) continue;
    seen.add(name.toLowerCase());
    names.push(name);
  }

  return {
    totalEvents,
    artist: artist && {
      id: artist.id,
      name: artist.name,
      upcoming: artist.upcomingEvents?._total ?? 0,
      path: artistPath(artist),
    },
    event: event && { id: event.id, name: event.name, path: eventPath(event) },
    searchKeyword: (firstWord ?? artist?.name ?? 'music').toLowerCase(),
    names,
  };
}

/** Longest prefix typed per name: past this a visitor picks a suggestion instead of typing on. */
export const MAX_TYPED = 32;

/**
 * 'Taylor Swift' → t, ta, tay, …: one request per keystroke as the search box sends it
 * (trimmed, so a typed space repeats no request).
 */
export function typedPrefixes(name: string): ReplayStep[] {
  const steps: ReplayStep[] = [];
  let previous = '';
  const chars = [...name.toLowerCase()].slice(0, MAX_TYPED);
  for (let i = 1; i <= chars.length; i++) {
    const keyword = chars.slice(0, i).join('').trim();
    if (!keyword || keyword === previous) continue;
    previous = keyword;
    steps.push({ path: `/api/events/search?keyword=${encodeURIComponent(keyword)}`, typed: [...keyword].length });
  }
  return steps;
}

export type LongTail = { artists: string[]; events: string[]; searches: string[]; problem?: string };

async function sitemapLocs(origin: string, path: string): Promise<string[]> {
  const response = await fetch(`${origin}${path}`, { signal: AbortSignal.timeout(60_000) });
  if (!response.ok) throw new Error(`GET ${path} answered HTTP ${response.status}`);
  const xml = await response.text();
  return [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!.replace(/&amp;/g, '&'));
}

/**
 * Distinct pages for the long tail, as search engines and shared links bring visitors:
 * artist and event pages from the sitemap (every part of it), and searches for words of
 * catalogue names (each word alone, then with each sort order: other pages of results). Each
 * list in a stable pseudo-random order, `wanted` at most.
 */
export async function longTailPaths(origin: string, names: string[], wanted: number): Promise<LongTail> {
  try {
    const parts = await sitemapLocs(origin, '/sitemap.xml');
    const artists: string[] = [];
    const events: string[] = [];
    const add = (path: string) => {
      if (path.includes('/artist/')) artists.push(path);
      else if (path.startsWith('/events/')) events.push(path);
    };
    // A sitemap index names its parts; a small catalogue's sitemap lists its pages itself.
    for (const part of parts) {
      const pathname = new URL(part).pathname;
      if (!/\/(artists|events)-\d+\.xml$/.test(pathname)) {
        add(pathname);
        continue;
      }
      for (const loc of await sitemapLocs(origin, pathname)) add(new URL(loc).pathname);
    }
    const stable = (values: string[]) =>
      [...new Set(values)].sort((a, b) => stableOrder(a).localeCompare(stableOrder(b))).slice(0, wanted);
    const words = new Set<string>();
    for (const path of artists)
      for (const word of path
        .split('/')[1]!
        .replace(/-tickets$/, '')
        .split('-')) {
        if (/^\p{L}{3,}$/u.test(word)) words.add(word);
      }
    for (const name of names)
      for (const word of name.toLowerCase().split(/[^\p{L}\p{N}]+/u)) {
        if (/^\p{L}{3,}$/u.test(word)) words.add(word);
      }
    const keywords = stable([...words]);
    const searches: string[] = [];
    for (const sort of ['', 'date,asc', 'name,asc']) {
      for (const word of keywords) {
        searches.push(`/search?keyword=${encodeURIComponent(word)}${sort ? `&sort=${encodeURIComponent(sort)}` : ''}`);
      }
    }
    return { artists: stable(artists), events: stable(events), searches: searches.slice(0, wanted) };
  } catch (error) {
    return { artists: [], events: [], searches: [], problem: error instanceof Error ? error.message : String(error) };
  }
}
