import { sql } from 'drizzle-orm';
import { parsePriceBand, resolveLocation, type SearchQuery } from '../../contracts/catalogue.ts';
import { DEFAULTS, TICKET_CATEGORIES, type Unit } from '../../contracts/enums.ts';
import { onCatalogueChanged } from './changes.ts';
import { EARTH_KM, KM_PER, type Queryable, rows, sourcesFor, type TextQuery } from './queries.ts';
import { ticketPrice } from './ticket-category.ts';

/**
 * The search box's matching and ranking, in memory (ADR 0010). On PGlite every statement
 * runs on the server's one thread and planning alone took 5–13 ms for the ranked search
 * statements, so eight people typing queued behind each other; here a keystroke is a few
 * binary searches and a walk of at most a few hundred rows. The database stays the source:
 * the index is a read-only copy of the columns search needs, rebuilt when an ingest
 * changes names and patched in place when only prices, dates or statuses move.
 *
 * Semantics are ADR 0003's, unchanged: every typed word is a prefix of some word of the
 * name; score = 1.0 for the whole name, 0.6 for a name that starts with what was typed,
 * else 0, plus popularity / 100; each way of matching contributes its most popular
 * candidates; events show one date of each show before a second date of any.
 */

export type Picks = { attractions: string[]; events: string[] };

/** Filters as search reads them: every event filter of SPEC §3 (size is the caller's). */
export type IndexQuery = Omit<SearchQuery, 'size'>;

/** Each way of matching keeps this many candidates, as the SQL lists do (ADR 0003). */
export const CANDIDATES = 20;
/** Venues whose names match lend their events to the event list, most active first. */
export const RELATED = 20;
/**
 * How many rows of the popularity order to walk before reading the candidates' own list
 * (ADR 0010). A step of either tests one row; the list also pays a native sort, cheap per
 * row. The walk is expected to take limit × rows ÷ matches steps (several words match fewer
 * rows than the rarest one holds, so their densities multiply, as if independent): it runs
 * only when that beats the list, and for at most twice that.
 */
function walkBudget(listed: number, densities: number[], limit: number, rows: number): number {
  const matches = Math.max(
    1,
    densities.reduce((rest, density) => rest * Math.min(1, density), rows),
  );
  const expected = (limit * rows) / matches;
  if (listed * (1 + Math.log2(listed + 1) / 16) <= expected) return 0;
  return Math.min(rows, Math.ceil(2 * expected) + 256);
}

/** The same haversine as queries.ts distanceOf, over the same constants. */
const RADIANS = Math.PI / 180;

export function haversine(lat1: number, lon1: number, lat2: number, lon2: number, unit: Unit): number {
  const a =
    Math.sin(((lat2 - lat1) * RADIANS) / 2) ** 2 +
    Math.cos(lat1 * RADIANS) * Math.cos(lat2 * RADIANS) * Math.sin(((lon2 - lon1) * RADIANS) / 2) ** 2;
  return ((2 * EARTH_KM) / KM_PER[unit]) * Math.asin(Math.min(1, Math.sqrt(a)));
}

// ─── Building blocks ─────────────────────────────────────────────────────────

/** Index of the first element ≥ key in a sorted string array (code-unit order, as `<`). */
function lowerBound(sorted: readonly string[], key: string, at: (i: number) => string = (i) => sorted[i]!): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (at(mid) < key) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Past every string that starts with a prefix: names hold letters, digits and spaces only. */
const PAST = '\uffff';

/**
 * Words → rows holding a word that starts with them. Postings are popularity ranks in
 * ascending order, so the first accepted ones are the most popular.
 */
class WordIndex {
  private readonly words: string[];
  private readonly offsets: Int32Array;
  private readonly postings: Int32Array;

  constructor(textsByRank: readonly string[]) {
    const byWord = new Map<string, number[]>();
    textsByRank.forEach((text, rank) => {
      for (const word of new Set(text.split(' '))) {
        if (!word) continue;
        const list = byWord.get(word);
        if (list) list.push(rank);
        else byWord.set(word, [rank]);
      }
    });
    this.words = [...byWord.keys()].sort();
    this.offsets = new Int32Array(this.words.length + 1);
    let total = 0;
    this.words.forEach((word, i) => {
      this.offsets[i] = total;
      total += byWord.get(word)!.length;
    });
    this.offsets[this.words.length] = total;
    this.postings = new Int32Array(total);
    this.words.forEach((word, i) => {
      this.postings.set(byWord.get(word)!, this.offsets[i]!);
    });
  }

  /** How many postings the words starting with `prefix` hold (an upper bound of matching rows). */
  count(prefix: string): number {
    const [from, to] = this.range(prefix);
    return this.offsets[to]! - this.offsets[from]!;
  }

  /** Ranks of rows with a word starting with `prefix`, ascending, each once. */
  ranks(prefix: string): Int32Array {
    const [from, to] = this.range(prefix);
    if (to - from === 1) return this.postings.subarray(this.offsets[from]!, this.offsets[to]!);
    const all = this.postings.slice(this.offsets[from]!, this.offsets[to]!).sort();
    let n = 0;
    for (let i = 0; i < all.length; i++) if (i === 0 || all[i] !== all[i - 1]) all[n++] = all[i]!;
    return all.subarray(0, n);
  }

  private range(prefix: string): [number, number] {
    return [lowerBound(this.words, prefix), lowerBound(this.words, prefix + PAST)];
  }
}

/** Every typed word is a prefix of some word of the name (names are single-spaced). */
function holdsEvery(text: string, words: readonly string[]): boolean {
  for (const word of words) {
    if (!text.startsWith(word) && !text.includes(` ${word}`)) return false;
  }
  return true;
}

/**
 * Rows of one table in popularity order, with the text tiers search ranks by.
 * `rank` r is the r-th most popular row; everything below is addressed by rank.
 */
class Ranked {
  readonly words: WordIndex;
  /** Ranks sorted by text, for whole-name and starts-with lookups. */
  private readonly byText: Int32Array;

  constructor(readonly texts: readonly string[]) {
    this.words = new WordIndex(texts);
    this.byText = Int32Array.from(texts.keys()).sort((a, b) =>
      texts[a]! < texts[b]! ? -1 : texts[a]! > texts[b]! ? 1 : a - b,
    );
  }

  get size(): number {
    return this.texts.length;
  }

  /**
   * The `limit` most popular rows passing `accept` among those matching `way`, in rank
   * order. A dense match is found by walking the popularity order (a one-letter prefix
   * finds its rows within the first few); a sparse one by reading the candidates' own list.
   * The walk has a budget: matches can sit deeper than their density promises (an obscure
   * artist's shows share its low popularity), and past the budget the list finishes the job.
   */
  top(q: TextQuery, way: 'exact' | 'prefix' | 'words', accept: Accept, limit: number): number[] {
    let listed: number;
    let densities: number[];
    let list: () => Iterable<number>;
    let holds: (text: string) => boolean;
    if (way === 'words') {
      // Rows holding every word are among those holding the rarest one.
      const counts = q.words.map((word) => this.words.count(word));
      listed = Math.min(...counts);
      const rarest = q.words[counts.indexOf(listed)]!;
      densities = counts.map((count) => count / Math.max(1, this.size));
      list = () => this.words.ranks(rarest);
      holds = (text) => holdsEvery(text, q.words);
    } else {
      const at = (i: number) => this.texts[this.byText[i]!]!;
      const from = lowerBound(this.texts, q.text, at);
      const to = lowerBound(this.texts, way === 'exact' ? `${q.text}\u0000` : q.text + PAST, at);
      listed = to - from;
      densities = [listed / Math.max(1, this.size)];
      list = () => this.byText.slice(from, to).sort();
      holds = way === 'exact' ? (text) => text === q.text : (text) => text.startsWith(q.text);
    }
    const picked: number[] = [];
    const walk = walkBudget(listed, densities, limit, this.size);
    for (let rank = 0; rank < walk; rank++) {
      if (holds(this.texts[rank]!) && accept(rank) && picked.push(rank) >= limit) return picked;
    }
    if (walk >= this.size) return picked;
    for (const rank of list()) {
      if (rank >= walk && holds(this.texts[rank]!) && accept(rank) && picked.push(rank) >= limit) break;
    }
    return picked;
  }
}

type Accept = (rank: number) => boolean;

// ─── The snapshot ────────────────────────────────────────────────────────────

type AttractionRow = {
  id: string;
  search_text: string;
  popularity: number;
  upcoming_events: number;
  segment_id: string | null;
  genre_id: string | null;
  sub_genre_id: string | null;
  source: string;
};

type VenueRow = {
  id: string;
  search_text: string;
  upcoming_events: number;
  city: string | null;
  state_code: string | null;
  postal_code: string | null;
};

export type EventFields = {
  id: string;
  search_text: string;
  popularity: number;
  starts_at: number | null;
  venue_id: string | null;
  latitude: number | null;
  longitude: number | null;
  country_code: string | null;
  segment_id: string | null;
  genre_id: string | null;
  sub_genre_id: string | null;
  source: string;
  price_min: number | null;
  price_max: number | null;
  currency: string | null;
};

const byPopularity = <T extends { id: string; popularity: number }>(a: T, b: T) =>
  b.popularity - a.popularity || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

export type IndexRows = {
  attractions: AttractionRow[];
  venues: VenueRow[];
  events: EventFields[];
  /** Line-ups: [event id, attraction id, position]. */
  lineUps: Array<[string, string, number]>;
  /** Classification id → name, for genre filters given by name. */
  classifications: Array<{ id: string; name: string }>;
};

/** An immutable-text, mutable-fields copy of what search reads. */
export class SearchIndex {
  private readonly attractions: AttractionRow[];
  private readonly attractionText: Ranked;
  private readonly venues: VenueRow[];
  private readonly venueText: Ranked;
  private readonly events: EventFields[];
  private readonly eventText: Ranked;
  private readonly eventRank = new Map<string, number>();
  private readonly venueEvents = new Map<string, number[]>();
  private readonly attractionEvents = new Map<string, number[]>();
  /** Line-ups by event rank, headliner first: ids lineUpIds[lineUpStart[r] … lineUpStart[r + 1]). */
  private readonly lineUpStart: Int32Array;
  private readonly lineUpIds: string[] = [];
  private readonly classificationIds = new Map<string, string[]>();

  constructor(source: IndexRows) {
    this.attractions = [...source.attractions].sort(byPopularity);
    this.attractionText = new Ranked(this.attractions.map((a) => a.search_text));
    // Venues rank by how many upcoming events they hold (relatedEvents), then name.
    this.venues = [...source.venues].sort(
      (a, b) => b.upcoming_events - a.upcoming_events || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
    );
    this.venueText = new Ranked(this.venues.map((v) => v.search_text));
    this.events = [...source.events].sort(byPopularity);
    this.eventText = new Ranked(this.events.map((e) => e.search_text));
    this.events.forEach((event, rank) => {
      this.eventRank.set(event.id, rank);
      if (event.venue_id) push(this.venueEvents, event.venue_id, rank);
    });
    // Headliner first, as the API lists them (position, then id).
    const ordered = source.lineUps
      .map(([eventId, attractionId, position]) => ({ rank: this.eventRank.get(eventId) ?? -1, attractionId, position }))
      .filter((link) => link.rank >= 0)
      .sort((a, b) => a.rank - b.rank || a.position - b.position || compareIds(a.attractionId, b.attractionId));
    // One flat list for a million events instead of a million small arrays for the collector to trace.
    this.lineUpStart = new Int32Array(this.events.length + 1);
    let at = 0;
    for (let rank = 0; rank < this.events.length; rank++) {
      this.lineUpStart[rank] = this.lineUpIds.length;
      while (at < ordered.length && ordered[at]!.rank === rank) {
        const { attractionId } = ordered[at++]!;
        this.lineUpIds.push(attractionId);
        push(this.attractionEvents, attractionId, rank);
      }
    }
    this.lineUpStart[this.events.length] = this.lineUpIds.length;
    for (const list of this.attractionEvents.values()) list.sort((a, b) => a - b);
    for (const c of source.classifications) {
      push(this.classificationIds, c.id, c.id);
      push(this.classificationIds, c.name.toLowerCase(), c.id);
    }
  }

  get eventCount(): number {
    return this.events.length;
  }

  /**
   * Whether `fields` can be written over the indexed event in place: same name, popularity,
   * venue and line-up, so no word list, order or relation changes.
   */
  patchable(fields: EventFields, lineUp: readonly string[]): boolean {
    const rank = this.eventRank.get(fields.id);
    if (rank === undefined) return false;
    const current = this.events[rank]!;
    const indexed = this.lineUpAt(rank);
    return (
      current.search_text === fields.search_text &&
      current.popularity === fields.popularity &&
      current.venue_id === fields.venue_id &&
      indexed.length === lineUp.length &&
      indexed.every((id, i) => lineUp[i] === id)
    );
  }

  /** Writes an indexed event's prices, dates and place (see patchable); drops its hydrated copies. */
  patch(fields: EventFields): void {
    this.events[this.eventRank.get(fields.id)!] = fields;
    for (const category of TICKET_CATEGORIES) this.hydrated.delete(`e:${fields.id}|${category}`);
  }

  /** An event's indexed fields, by id. */
  event(id: string): EventFields | undefined {
    const rank = this.eventRank.get(id);
    return rank === undefined ? undefined : this.events[rank];
  }

  private lineUpAt(rank: number): string[] {
    return this.lineUpIds.slice(this.lineUpStart[rank], this.lineUpStart[rank + 1]);
  }

  /** An event's attraction ids, headliner first. */
  lineUp(eventId: string): readonly string[] {
    const rank = this.eventRank.get(eventId);
    return rank === undefined ? [] : this.lineUpAt(rank);
  }

  /** The most popular ids, for warming caches. */
  popular(kind: 'attractions' | 'events', limit: number): string[] {
    return (kind === 'attractions' ? this.attractions : this.events).slice(0, limit).map((row) => row.id);
  }

  /**
   * Serialized attractions and events search has answered with, valid as long as this
   * snapshot (search.ts); bounded, oldest dropped first.
   */
  readonly hydrated = new Map<string, unknown>();

  /**
   * Every event the filters keep that a keyword list (GET /events?keyword=…, events.ts)
   * matches: by its own name, its venue's or an act of its line-up, every typed word a
   * prefix of a word (ADR 0003). Ranked as that list ranks them: relevance, then soonest,
   * then id. Undefined as soon as `limit` of them turn up: the list then asks the database.
   */
  keywordEvents(query: IndexQuery, q: TextQuery, limit: number, now: Date): string[] | undefined {
    const accept = this.eventFilter(query, now);
    const found = new Set<number>();
    const add = (ranks: Iterable<number>) => {
      for (const rank of ranks) {
        if (found.has(rank) || !accept(rank)) continue;
        found.add(rank);
        if (found.size >= limit) return false;
      }
      return true;
    };
    // Whole names and starts-with names hold every word too: the words way has them all.
    if (!add(this.eventText.top(q, 'words', accept, limit))) return undefined;
    for (const rank of this.venueText.top(q, 'words', () => true, Number.POSITIVE_INFINITY)) {
      if (!add(this.venueEvents.get(this.venues[rank]!.id) ?? [])) return undefined;
    }
    for (const rank of this.attractionText.top(q, 'words', () => true, Number.POSITIVE_INFINITY)) {
      if (!add(this.attractionEvents.get(this.attractions[rank]!.id) ?? [])) return undefined;
    }
    return [...found]
      .sort(
        (a, b) =>
          score(this.events[b]!, q) - score(this.events[a]!, q) ||
          startOrder(this.events[a]!) - startOrder(this.events[b]!) ||
          compareIds(this.events[a]!.id, this.events[b]!.id),
      )
      .map((rank) => this.events[rank]!.id);
  }

  /** Ids of the best attractions and events for a query (ADR 0003 ranking). */
  search(query: IndexQuery, q: TextQuery | undefined, size: number, now: Date): Picks {
    const acceptAttraction = this.attractionFilter(query);
    const acceptEvent = this.eventFilter(query, now);
    if (!q) {
      const attractions: number[] = [];
      for (let rank = 0; rank < this.attractions.length && attractions.length < size; rank++) {
        if (this.attractions[rank]!.upcoming_events > 0 && acceptAttraction(rank)) attractions.push(rank);
      }
      const candidates: number[] = [];
      for (let rank = 0; rank < this.events.length && candidates.length < CANDIDATES; rank++) {
        if (acceptEvent(rank)) candidates.push(rank);
      }
      return {
        attractions: attractions.map((r) => this.attractions[r]!.id),
        events: this.diversified(candidates, (r) => this.events[r]!.popularity, size),
      };
    }

    const attractionCandidates = new Set([
      ...this.attractionText.top(q, 'exact', acceptAttraction, CANDIDATES),
      ...this.attractionText.top(q, 'words', acceptAttraction, CANDIDATES),
      ...this.attractionText.top(q, 'prefix', acceptAttraction, CANDIDATES),
    ]);
    const attractionScore = (r: number) => score(this.attractions[r]!, q);
    const attractions = [...attractionCandidates]
      .sort((a, b) => attractionScore(b) - attractionScore(a) || textThenId(this.attractions[a]!, this.attractions[b]!))
      .slice(0, size)
      .map((r) => this.attractions[r]!.id);

    const eventCandidates = new Set([
      ...this.eventText.top(q, 'exact', acceptEvent, CANDIDATES),
      ...this.eventText.top(q, 'prefix', acceptEvent, CANDIDATES),
      ...this.eventText.top(q, 'words', acceptEvent, CANDIDATES),
    ]);
    const events = this.diversified([...eventCandidates], (r) => score(this.events[r]!, q), size);
    if (events.length < size) {
      events.push(...this.related(q, attractions, new Set(events), acceptEvent, size - events.length));
    }
    return { attractions, events };
  }

  /**
   * Events named otherwise but held at a matching venue or featuring a matching attraction
   * ('madison squ', a support act), most popular first, only to fill the list (ADR 0003).
   */
  private related(q: TextQuery, attractionIds: string[], exclude: Set<string>, accept: Accept, limit: number) {
    const allowed: Accept = (rank) => !exclude.has(this.events[rank]!.id) && accept(rank);
    const venueRanks = this.venueText.top(q, 'words', () => true, RELATED);
    const fromVenues = topOf(
      venueRanks.flatMap((r) => this.venueEvents.get(this.venues[r]!.id) ?? []).sort((a, b) => a - b),
      allowed,
      limit,
    );
    const fromLineUps = topOf(
      [...new Set(attractionIds.flatMap((id) => this.attractionEvents.get(id) ?? []))].sort((a, b) => a - b),
      allowed,
      limit,
    );
    return [...new Set([...fromVenues, ...fromLineUps])]
      .sort(
        (a, b) =>
          this.events[b]!.popularity - this.events[a]!.popularity ||
          startOrder(this.events[a]!) - startOrder(this.events[b]!) ||
          compareIds(this.events[a]!.id, this.events[b]!.id),
      )
      .slice(0, limit)
      .map((r) => this.events[r]!.id);
  }

  /**
   * Best first, but one date of each show before a second date of any (ADR 0003): five
   * nights of one tour would otherwise fill the panel.
   */
  private diversified(candidates: number[], scoreOf: (rank: number) => number, limit: number): string[] {
    const byShow = new Map<string, number[]>();
    for (const rank of candidates) push(byShow, this.events[rank]!.search_text, rank);
    const first = new Set<number>();
    for (const dates of byShow.values()) {
      dates.sort(
        (a, b) =>
          startOrder(this.events[a]!) - startOrder(this.events[b]!) ||
          compareIds(this.events[a]!.id, this.events[b]!.id),
      );
      first.add(dates[0]!);
    }
    return candidates
      .sort(
        (a, b) =>
          Number(first.has(b)) - Number(first.has(a)) ||
          scoreOf(b) - scoreOf(a) ||
          startOrder(this.events[a]!) - startOrder(this.events[b]!) ||
          compareIds(this.events[a]!.id, this.events[b]!.id),
      )
      .slice(0, limit)
      .map((r) => this.events[r]!.id);
  }

  /** Segment, genre and source filters; artists are not placed, so location and dates do not apply. */
  private attractionFilter(query: IndexQuery): Accept {
    const tests: Array<(a: AttractionRow) => boolean> = [];
    if (query.segmentId?.length) {
      const segments = new Set<string>(query.segmentId);
      tests.push((a) => a.segment_id !== null && segments.has(a.segment_id));
    }
    const genres = this.genreIds(query);
    if (genres) tests.push((a) => inSet(genres, a.genre_id) || inSet(genres, a.sub_genre_id));
    if (query.source?.length) {
      const sources = new Set<string>(sourcesFor(query.source));
      tests.push((a) => sources.has(a.source));
    }
    return (rank) => tests.every((test) => test(this.attractions[rank]!));
  }

  /** The same filters as queries.ts eventConditions, row by row (a test holds them equal). */
  eventFilter(query: IndexQuery, now: Date): Accept {
    const tests: Array<(e: EventFields, rank: number) => boolean> = [];
    const start = query.startDateTime ? Date.parse(query.startDateTime) : undefined;
    const end = query.endDateTime ? Date.parse(query.endDateTime) : undefined;
    if (start !== undefined || end !== undefined) {
      const from = start ?? now.getTime();
      tests.push((e) => e.starts_at !== null && e.starts_at >= from && (end === undefined || e.starts_at <= end));
    } else {
      const from = now.getTime();
      tests.push((e) => e.starts_at === null || e.starts_at >= from);
    }
    const point = resolveLocation(query);
    if (point) {
      const unit = query.unit ?? DEFAULTS.unit;
      const radius = query.radius ?? DEFAULTS.radius;
      tests.push(
        (e) =>
          e.latitude !== null &&
          e.longitude !== null &&
          haversine(point.latitude, point.longitude, e.latitude, e.longitude, unit) <= radius,
      );
    }
    if (query.countryCode) {
      const country = query.countryCode;
      tests.push((e) => e.country_code === country);
    }
    const venueTests: Array<(v: VenueRow) => boolean> = [];
    if (query.city?.length) {
      const cities = new Set(query.city.map((c) => c.toLowerCase()));
      venueTests.push((v) => v.city !== null && cities.has(v.city.toLowerCase()));
    }
    if (query.stateCode) {
      const state = query.stateCode.toUpperCase();
      venueTests.push((v) => v.state_code !== null && v.state_code.toUpperCase() === state);
    }
    if (query.postalCode) {
      const postal = query.postalCode;
      venueTests.push((v) => v.postal_code === postal);
    }
    if (venueTests.length > 0) {
      const venues = new Set(this.venues.filter((v) => venueTests.every((test) => test(v))).map((v) => v.id));
      tests.push((e) => e.venue_id !== null && venues.has(e.venue_id));
    }
    if (query.venueId?.length) {
      const venues = new Set(query.venueId);
      tests.push((e) => e.venue_id !== null && venues.has(e.venue_id));
    }
    if (query.attractionId?.length) {
      const wanted = new Set(query.attractionId);
      tests.push((_e, rank) => {
        for (let i = this.lineUpStart[rank]!; i < this.lineUpStart[rank + 1]!; i++) {
          if (wanted.has(this.lineUpIds[i]!)) return true;
        }
        return false;
      });
    }
    if (query.segmentId?.length) {
      const segments = new Set<string>(query.segmentId);
      tests.push((e) => e.segment_id !== null && segments.has(e.segment_id));
    }
    const genres = this.genreIds(query);
    if (genres) tests.push((e) => inSet(genres, e.genre_id) || inSet(genres, e.sub_genre_id));
    if (query.source?.length) {
      const sources = new Set<string>(sourcesFor(query.source));
      tests.push((e) => sources.has(e.source));
    }
    if (query.priceRanges?.length) {
      const category = query.ticketCategory ?? DEFAULTS.ticketCategory;
      const bands = query.priceRanges.map((text) => parsePriceBand(text)!);
      tests.push((e) => {
        const price = ticketPrice(category, { min: e.price_min, max: e.price_max, currency: e.currency });
        if (!price) return false;
        return bands.some(
          (band) =>
            (band.min === undefined || price.amount >= band.min) &&
            (band.max === undefined || price.amount <= band.max),
        );
      });
    }
    return (rank) => {
      const event = this.events[rank]!;
      return tests.every((test) => test(event, rank));
    };
  }

  /** Ids or names (any case), at genre or sub-genre level; undefined when not filtered. */
  private genreIds(query: IndexQuery): Set<string> | undefined {
    const genres = [...(query.genres ?? []), ...(query.genreId ?? [])];
    if (genres.length === 0) return undefined;
    const ids = new Set(genres);
    for (const g of genres) {
      for (const id of this.classificationIds.get(g) ?? []) ids.add(id);
      for (const id of this.classificationIds.get(g.toLowerCase()) ?? []) ids.add(id);
    }
    return ids;
  }

  /** Ids of the events the filters keep, for tests holding them equal to the SQL filters. */
  filteredIds(query: IndexQuery, now: Date): string[] {
    const accept = this.eventFilter(query, now);
    return this.events.filter((_e, rank) => accept(rank)).map((e) => e.id);
  }
}

function push<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

const inSet = (set: Set<string>, value: string | null) => value !== null && set.has(value);
const compareIds = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
const textThenId = (a: { search_text: string; id: string }, b: { search_text: string; id: string }) =>
  compareIds(a.search_text, b.search_text) || compareIds(a.id, b.id);
/** Date-TBA events sort after every dated one. */
const startOrder = (e: EventFields) => e.starts_at ?? Number.POSITIVE_INFINITY;

function score(row: { search_text: string; popularity: number }, q: TextQuery): number {
  const tier = row.search_text === q.text ? 1 : row.search_text.startsWith(q.text) ? 0.6 : 0;
  return tier + Math.min(Math.max(row.popularity, 0), 100) / 100;
}

/** The first `limit` ranks `accept` keeps, from ranks in ascending order. */
function topOf(ranks: number[], accept: Accept, limit: number): number[] {
  const out: number[] = [];
  for (const rank of ranks) {
    if (out.length >= limit) break;
    if (accept(rank)) out.push(rank);
  }
  return out;
}

// ─── Loading ─────────────────────────────────────────────────────────────────

/** Rows per statement while loading, so other queries interleave with a rebuild. */
const PAGE = 20_000;

const EVENT_COLUMNS = sql.raw(`e.id, e.search_text, e.popularity,
  (extract(epoch from e.starts_at) * 1000)::float8 as starts_at, e.venue_id,
  e.latitude::float8 as latitude, e.longitude::float8 as longitude, e.country_code,
  e.segment_id, e.genre_id, e.sub_genre_id, e.source,
  e.price_min::float8 as price_min, e.price_max::float8 as price_max, e.currency`);

async function paged<T extends { id: string }>(db: Queryable, select: (after: string) => ReturnType<typeof sql>) {
  const all: T[] = [];
  let after = '';
  for (;;) {
    const page = await rows<T>(db, select(after));
    all.push(...page);
    if (page.length < PAGE) return all;
    after = page[page.length - 1]!.id;
  }
}

export async function loadIndexRows(db: Queryable): Promise<IndexRows> {
  const attractions = await paged<AttractionRow>(
    db,
    (after) => sql`select a.id, a.search_text, a.popularity, a.upcoming_events, a.segment_id, a.genre_id,
      a.sub_genre_id, a.source from attractions a where a.id > ${after} order by a.id limit ${PAGE}`,
  );
  const venues = await paged<VenueRow>(
    db,
    (after) => sql`select v.id, v.search_text, v.upcoming_events, v.city, v.state_code, v.postal_code
      from venues v where v.id > ${after} order by v.id limit ${PAGE}`,
  );
  const events = await paged<EventFields>(
    db,
    (after) => sql`select ${EVENT_COLUMNS} from events e where e.id > ${after} order by e.id limit ${PAGE}`,
  );
  const lineUps: Array<[string, string, number]> = [];
  let after = ['', ''];
  for (;;) {
    const page = await rows<{ event_id: string; attraction_id: string; position: number }>(
      db,
      sql`select event_id, attraction_id, position from event_attractions
        where (event_id, attraction_id) > (${after[0]}, ${after[1]}) order by event_id, attraction_id limit ${PAGE}`,
    );
    for (const r of page) lineUps.push([r.event_id, r.attraction_id, r.position]);
    if (page.length < PAGE) break;
    after = [page[page.length - 1]!.event_id, page[page.length - 1]!.attraction_id];
  }
  const classifications = await rows<{ id: string; name: string }>(db, sql`select id, name from classifications`);
  // Each row arrives with its own copy of values shared by thousands (a venue id, a genre,
  // a country): one copy each keeps a million-event snapshot several hundred MB smaller.
  const shared = new Map<string, string>();
  const one = <T extends string | null>(value: T): T => {
    if (value === null) return value;
    const known = shared.get(value);
    if (known !== undefined) return known as T;
    shared.set(value, value);
    return value;
  };
  for (const e of events) {
    e.id = one(e.id);
    e.venue_id = one(e.venue_id);
    e.country_code = one(e.country_code);
    e.segment_id = one(e.segment_id);
    e.genre_id = one(e.genre_id);
    e.sub_genre_id = one(e.sub_genre_id);
    e.source = one(e.source);
    e.currency = one(e.currency);
  }
  for (const a of attractions) {
    a.id = one(a.id);
    a.segment_id = one(a.segment_id);
    a.genre_id = one(a.genre_id);
    a.sub_genre_id = one(a.sub_genre_id);
    a.source = one(a.source);
  }
  for (const l of lineUps) {
    l[0] = one(l[0]);
    l[1] = one(l[1]);
  }
  return { attractions, venues, events, lineUps, classifications };
}

/** Events written at or after `since`, with their line-ups (for in-place patches). */
export async function loadChangedEvents(
  db: Queryable,
  since: string,
  limit: number,
): Promise<{ events: EventFields[]; lineUps: Array<[string, string, number]> }> {
  const events = await rows<EventFields>(
    db,
    sql`select ${EVENT_COLUMNS} from events e where e.updated_at >= ${since}::timestamptz order by e.id limit ${limit}`,
  );
  if (events.length === 0) return { events, lineUps: [] };
  const links = await rows<{ event_id: string; attraction_id: string; position: number }>(
    db,
    sql`select event_id, attraction_id, position from event_attractions where event_id in ${events.map((e) => e.id)}`,
  );
  return { events, lineUps: links.map((l) => [l.event_id, l.attraction_id, l.position]) };
}

export type CatalogueVersion = { events: string | null; attractions: string | null; venues: string | null };

/** The newest write to each searched table (indexed, so this costs three index probes). */
export async function catalogueVersion(db: Queryable): Promise<CatalogueVersion> {
  const [row] = await rows<CatalogueVersion>(
    db,
    sql`select (select max(updated_at) from events)::text as events,
      (select max(updated_at) from attractions)::text as attractions,
      (select max(updated_at) from venues)::text as venues`,
  );
  return row!;
}

// ─── Freshness ───────────────────────────────────────────────────────────────

/** How often a served snapshot asks whether the catalogue changed (one indexed query). */
const CHECK_MS = 2_000;
/** Rebuilt at least this often: upcoming counts drift with time without a write. */
const MAX_AGE_MS = 10 * 60_000;
/** More changed events than this since the last look is an ingest: rebuild instead of patching. */
const PATCH_LIMIT = 2_000;

type Holder = {
  index?: SearchIndex;
  version?: CatalogueVersion;
  builtAt: number;
  checkedAt: number;
  generation: number;
  pending?: Promise<void>;
};

const holders = new WeakMap<object, Holder>();
/**
 * Bumped by every writer in this process once its rows are committed (changes.ts): the next
 * search looks before answering. Writers in other processes (a sync run against a
 * PostgreSQL server) are seen within CHECK_MS through the tables' newest `updated_at`.
 */
let generation = 0;
onCatalogueChanged(() => {
  generation++;
});

/** The snapshot to search, built on first use and kept fresh (see CHECK_MS and `generation`). */
export async function searchIndexFor(db: Queryable): Promise<SearchIndex> {
  let holder = holders.get(db);
  if (!holder) {
    holder = { builtAt: 0, checkedAt: 0, generation: -1 };
    holders.set(db, holder);
  }
  const h = holder;
  const written = h.generation !== generation;
  if (!h.index || written || Date.now() - h.checkedAt > CHECK_MS) {
    h.pending ??= refresh(db, h).finally(() => {
      h.pending = undefined;
    });
    // A write in this process is answered from the new snapshot; a periodic look is not waited for.
    if (!h.index || written) await h.pending;
    else h.pending.catch((error: Error) => console.warn(`search index refresh failed: ${error.message}`));
  }
  return h.index!;
}

async function refresh(db: Queryable, h: Holder): Promise<void> {
  const seen = generation;
  const version = await catalogueVersion(db);
  const now = Date.now();
  const rebuild = async () => {
    h.index = new SearchIndex(await loadIndexRows(db));
    h.builtAt = now;
  };
  if (
    !h.index ||
    !h.version ||
    now - h.builtAt > MAX_AGE_MS ||
    version.attractions !== h.version.attractions ||
    version.venues !== h.version.venues
  ) {
    await rebuild();
  } else if (version.events !== h.version.events) {
    // Usually a few prices or statuses moved (tracking's market, a status change): patch them.
    const changed = await loadChangedEvents(db, h.version.events ?? '-infinity', PATCH_LIMIT + 1);
    const lineUp = (id: string) =>
      changed.lineUps
        .filter(([eventId]) => eventId === id)
        .sort((a, b) => a[2] - b[2] || compareIds(a[1], b[1]))
        .map(([, attractionId]) => attractionId);
    const index = h.index;
    if (changed.events.length <= PATCH_LIMIT && changed.events.every((e) => index.patchable(e, lineUp(e.id)))) {
      for (const event of changed.events) index.patch(event);
    } else {
      await rebuild();
    }
  }
  h.version = version;
  h.checkedAt = now;
  h.generation = seen;
}
