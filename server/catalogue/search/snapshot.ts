import type { SearchQuery } from '#contracts/catalogue';
import { TICKET_CATEGORIES } from '#contracts/enums';
import { type Accept, type EventFilter, keepsAll } from '../event-filters.ts';
import type { TextQuery } from '../queries.ts';
import { closeSpellings, Vocabulary } from './close-spellings.ts';
import { compareIds, type EventFields, type EventTable, IdLookup, rankBy } from './columns.ts';
import { SnapshotFilters } from './filters.ts';
import { Groups } from './groups.ts';
import type { AttractionRow, IndexRows, VenueRow } from './load.ts';
import { windowInOrder } from './page-order.ts';
import { CANDIDATES, diversified, RELATED, score, soonerFirst, textThenId, topOf } from './ranking.ts';
import { HYDRATED_ENTRIES, RowCopies } from './row-copies.ts';
import { ROW_TEXTS, RowTexts } from './row-texts.ts';
import { Ranked } from './text-index.ts';

/** The orders of a list (besides relevance) that the snapshot can give: events.ts orderBy's. */
export const SNAPSHOT_SORTS = ['date,asc', 'date,desc', 'name,asc'] as const;
export type SnapshotSort = (typeof SNAPSHOT_SORTS)[number];

/**
 * The search box's matching and ranking, in memory (ADR 0010, 0030). On PGlite every
 * statement ran on the server's one thread (ADR 0050 has since moved them) and planning alone took 5–13 ms for the ranked
 * search statements, so eight people typing queued behind each other; here a keystroke is a
 * few binary searches and a walk of at most a few hundred rows. The database stays the
 * source: the snapshot is a read-only copy of the columns search needs, rebuilt when an
 * ingest changes names and patched in place when only prices, dates or statuses move
 * (freshness.ts). Semantics are ADR 0003's, unchanged (ranking.ts, text-index.ts).
 */

type Picks = { attractions: string[]; events: string[] };

/** Filters as search reads them: every event filter of SPEC §3 (size is the caller's). */
type IndexQuery = Omit<SearchQuery, 'size'>;

/** What SearchIndex.build computes in steps. */
type Parts = {
  attractions: AttractionRow[];
  attractionText: Ranked;
  attractionRank: Map<string, number>;
  venues: VenueRow[];
  venueText: Ranked;
  events: EventTable;
  eventText: Ranked;
  eventRank: IdLookup;
  lineUps: Groups;
  vocabulary: Vocabulary;
};

/** The last SearchIndex.version handed out. */
let versions = 0;

/** Lets timers and sockets run between long steps. */
const breathe = () => new Promise<void>((resolve) => setImmediate(resolve));

/** An immutable-text, mutable-fields copy of what search reads. */
export class SearchIndex {
  private readonly attractions: AttractionRow[];
  private readonly attractionText: Ranked;
  private readonly attractionRank: Map<string, number>;
  private readonly venues: VenueRow[];
  private readonly venueText: Ranked;
  /** Events by popularity rank. */
  private readonly events: EventTable;
  private readonly eventText: Ranked;
  private readonly eventRank: IdLookup;
  /** Event ranks at each venue, by the venue's code in `events.codes.venue_id`, ascending. */
  private readonly venueEvents: Groups;
  /** Each venue's code in `events.codes.venue_id`, by venue rank. */
  private readonly venueCode: Int32Array;
  /** Event ranks of each attraction, by attraction rank, ascending. */
  private readonly attractionEvents: Groups;
  /** Line-ups by event rank, headliner first, as attraction ranks. */
  private readonly lineUps: Groups;
  /** Every word of every name, for close spellings. */
  private readonly vocabulary: Vocabulary;
  /** What the filters read (filters.ts, event-filters.ts). */
  private readonly filtering: SnapshotFilters;
  /**
   * Which events a list has met already, by rank: `seen[rank] === visit` for the list being
   * gathered (seenBefore). Reused by every list (gathering never awaits), so a common word's
   * tens of thousands of matches cost no set of their own.
   */
  private seen: Uint32Array | undefined;
  private visit = 0;

  private constructor(parts: Parts, classifications: IndexRows['classifications']) {
    ({
      attractions: this.attractions,
      attractionText: this.attractionText,
      attractionRank: this.attractionRank,
      venues: this.venues,
      venueText: this.venueText,
      events: this.events,
      eventText: this.eventText,
      eventRank: this.eventRank,
      lineUps: this.lineUps,
      vocabulary: this.vocabulary,
    } = parts);
    this.venueCode = Int32Array.from(this.venues, (v) => this.events.codes.venue_id.of(v.id));
    const venueOf = this.events.coded.venue_id;
    this.venueEvents = Groups.of(this.events.codes.venue_id.values.length, this.events.size, (rank) =>
      venueOf[rank] === 0 ? -1 : venueOf[rank]!,
    );
    const eventOf = new Int32Array(this.lineUps.members.length);
    for (let rank = 0; rank < this.events.size; rank++) {
      eventOf.fill(rank, this.lineUps.start[rank], this.lineUps.start[rank + 1]);
    }
    this.attractionEvents = Groups.of(
      this.attractions.length,
      eventOf.length,
      (i) => this.lineUps.members[i]!,
      (i) => eventOf[i]!,
    );
    this.filtering = new SnapshotFilters(
      this.events,
      this.venues,
      this.attractions,
      this.attractionRank,
      this.lineUps,
      classifications,
    );
  }

  /**
   * A snapshot of loaded rows. A million events take a few seconds of work in all: it is
   * done in steps of at most a few hundred milliseconds, with `pause` between them so that
   * requests queued meanwhile are answered from the snapshot being replaced.
   */
  static async build(source: IndexRows, pause: () => Promise<void> = breathe): Promise<SearchIndex> {
    const attractions = Array.from(
      rankBy(
        Float64Array.from(source.attractions, (a) => a.popularity),
        source.attractions.map((a) => a.id),
      ).rank,
      (row) => source.attractions[row]!,
    );
    const attractionText = await Ranked.build(
      attractions.map((a) => a.search_text),
      pause,
    );
    // Venues rank by how many upcoming events they hold (relatedEvents), then id.
    const venues = [...source.venues].sort((a, b) => b.upcoming_events - a.upcoming_events || compareIds(a.id, b.id));
    const venueText = await Ranked.build(
      venues.map((v) => v.search_text),
      pause,
    );
    await pause();

    const loaded = source.events;
    const { rank: order, byId } = rankBy(loaded.numbers.popularity.subarray(0, loaded.size), loaded.ids);
    await pause();
    const events = loaded.reordered(order);
    await pause();
    const eventText = await Ranked.build(events.texts, pause);

    // Line-ups: links grouped by event rank in loaded order, then headliner first (position, then id).
    const rankOfRow = new Int32Array(loaded.size);
    order.forEach((row, rank) => {
      rankOfRow[row] = rank;
    });
    const attractionRank = new Map(attractions.map((a, rank) => [a.id, rank]));
    const { rows, attractionIds, positions } = source.lineUps;
    const linkAttraction = Int32Array.from(attractionIds, (id) => attractionRank.get(id) ?? -1);
    const links = Groups.of(events.size, rows.length, (link) =>
      linkAttraction[link]! < 0 ? -1 : rankOfRow[rows[link]!]!,
    );
    for (let rank = 0; rank < events.size; rank++) {
      const own = links.of(rank);
      if (own.length > 1)
        own.sort((a, b) => positions[a]! - positions[b]! || compareIds(attractionIds[a]!, attractionIds[b]!));
    }
    const lineUps = links.mapped((link) => linkAttraction[link]!);
    await pause();
    const vocabulary = new Vocabulary([
      ...new Set([...attractionText.words.words, ...eventText.words.words, ...venueText.words.words]),
    ]);
    await pause();
    return new SearchIndex(
      {
        attractions,
        attractionText,
        attractionRank,
        venues,
        venueText,
        events,
        eventText,
        eventRank: new IdLookup(events.ids, byId),
        lineUps,
        vocabulary,
      },
      source.classifications,
    );
  }

  get eventCount(): number {
    return this.events.size;
  }

  /**
   * Whether `fields` can be written over the indexed event in place: same name, popularity,
   * venue and line-up, so no word list, order or relation changes.
   */
  patchable(fields: EventFields, lineUp: readonly string[]): boolean {
    const rank = this.eventRank.find(fields.id);
    if (rank === undefined) return false;
    const { texts, numbers, coded, codes } = this.events;
    const indexed = this.lineUpAt(rank);
    return (
      texts[rank] === fields.search_text &&
      numbers.popularity[rank] === fields.popularity &&
      codes.venue_id.value(coded.venue_id[rank]!) === fields.venue_id &&
      indexed.length === lineUp.length &&
      indexed.every((id, i) => lineUp[i] === id)
    );
  }

  /**
   * Writes an indexed event's prices, dates and place (see patchable); drops its hydrated
   * copies and moves the version, so rows read before the patch are not kept (answer.ts).
   */
  patch(fields: EventFields): void {
    this.events.write(this.eventRank.find(fields.id)!, fields);
    for (const category of TICKET_CATEGORIES) this.hydrated.delete(`e:${fields.id}|${category}`);
    this.rowTexts.delete(fields.id);
    this.version = ++versions;
  }

  /**
   * Which state of the catalogue this snapshot holds: a new number at every build and every
   * patch, never reused in this process. Search answers are cached under it (routes.ts).
   */
  version = ++versions;

  /** Whether `fields` say something else than the snapshot holds for that event. */
  differs(fields: EventFields): boolean {
    const held = this.event(fields.id);
    if (!held) return true;
    return (Object.keys(held) as Array<keyof EventFields>).some((key) => held[key] !== fields[key]);
  }

  /** An event's indexed fields, by id. */
  event(id: string): EventFields | undefined {
    const rank = this.eventRank.find(id);
    return rank === undefined ? undefined : this.events.read(rank);
  }

  private lineUpAt(rank: number): string[] {
    return Array.from(this.lineUps.of(rank), (attraction) => this.attractions[attraction]!.id);
  }

  /** An event's attraction ids, headliner first. */
  lineUp(eventId: string): readonly string[] {
    const rank = this.eventRank.find(eventId);
    return rank === undefined ? [] : this.lineUpAt(rank);
  }

  /**
   * An attraction's upcoming events counted by source, in source order, as the catalogue
   * counts them for its page (queries.ts liveCounts: starting at `now` or later, or date TBA);
   * undefined when the snapshot does not hold the attraction.
   */
  upcomingBySource(attractionId: string, now: number): Array<{ source: string; n: number }> | undefined {
    const rank = this.attractionRank.get(attractionId);
    if (rank === undefined) return undefined;
    const starts = this.events.numbers.starts_at;
    const sources = this.events.coded.source;
    const counts = new Map<string, number>();
    for (const event of this.attractionEvents.of(rank)) {
      // A date TBA is NaN, which is never before now.
      if (starts[event]! < now) continue;
      const source = this.events.codes.source.value(sources[event]!) ?? '';
      counts.set(source, (counts.get(source) ?? 0) + 1);
    }
    return [...counts].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([source, n]) => ({ source, n }));
  }

  /** The most popular ids, for warming caches. */
  popular(kind: 'attractions' | 'events', limit: number): string[] {
    return kind === 'attractions'
      ? this.attractions.slice(0, limit).map((row) => row.id)
      : this.events.ids.slice(0, limit);
  }

  /**
   * Serialized attractions and events search has answered with, valid as long as this
   * snapshot (answer.ts); bounded, rows asked for once dropped first (row-copies.ts).
   */
  readonly hydrated = new RowCopies(HYDRATED_ENTRIES);

  /** Rows being read into `hydrated` right now, by the same keys (answer.ts). */
  readonly reading = new Map<string, unknown>();

  /**
   * Events' rows as JSON text by id, as the database answers them (answer.ts, ADR 0069): a
   * page or an answer whose rows are here reads none from the database. Filled after each
   * build, most popular first, up to ROW_TEXTS; a patch drops the event's.
   */
  readonly rowTexts = new RowTexts(ROW_TEXTS);

  /**
   * Every event the filters keep that a keyword list (GET /events?keyword=…, events.ts)
   * matches: by its own name, its venue's or an act of its line-up, every typed word a
   * prefix of a word (ADR 0003); positions `from` to `to` of them in `sort` order (a page;
   * relevance, then soonest, then id), and how many there are. Only the page's events are put
   * in order, not every match of a common word. Undefined as soon as `limit` of them turn up:
   * the list then asks the database.
   */
  keywordPage(
    filters: readonly EventFilter[],
    q: TextQuery,
    limit: number,
    sort: 'relevance,desc' | SnapshotSort,
    from: number,
    to: number,
  ): { ids: string[]; total: number } | undefined {
    const ranks = this.keywordRanks(filters, q, limit);
    return ranks && { ids: this.window(ranks, sort, q, from, to), total: ranks.length };
  }

  /**
   * Positions `from` to `to` of the list of these attractions' events that the filters keep
   * (an artist list on a page, events.ts) in `sort` order, and how many it holds; undefined
   * when one of them is not in this snapshot (a sync has just added it), so the list asks the
   * database.
   */
  attractionPage(
    attractionIds: readonly string[],
    filters: readonly EventFilter[],
    sort: SnapshotSort,
    from: number,
    to: number,
  ): { ids: string[]; total: number } | undefined {
    const accept = keepsAll(filters, this.filtering);
    const seen = this.seenBefore();
    const ranks: number[] = [];
    for (const id of attractionIds) {
      const rank = this.attractionRank.get(id);
      if (rank === undefined) return undefined;
      for (const event of this.attractionEvents.of(rank)) if (!seen(event) && accept(event)) ranks.push(event);
    }
    return { ids: this.window(ranks, sort, undefined, from, to), total: ranks.length };
  }

  /** The keyword list's events (keywordPage), unordered; undefined past `limit`. */
  private keywordRanks(filters: readonly EventFilter[], q: TextQuery, limit: number): number[] | undefined {
    const accept = keepsAll(filters, this.filtering);
    const seen = this.seenBefore();
    const found: number[] = [];
    const add = (ranks: Iterable<number>) => {
      for (const rank of ranks) {
        if (seen(rank) || !accept(rank)) continue;
        found.push(rank);
        if (found.length >= limit) return false;
      }
      return true;
    };
    // Whole names and starts-with names hold every word too: the words way has them all.
    if (!add(this.eventText.top(q, 'words', accept, limit))) return undefined;
    for (const rank of this.venueText.top(q, 'words', () => true, Number.POSITIVE_INFINITY)) {
      if (!add(this.venueEvents.of(this.venueCode[rank]!))) return undefined;
    }
    for (const rank of this.attractionText.top(q, 'words', () => true, Number.POSITIVE_INFINITY)) {
      if (!add(this.attractionEvents.of(rank))) return undefined;
    }
    return found;
  }

  /** A new list's test of whether it met an event already (it has, from the second call on). */
  private seenBefore(): (rank: number) => boolean {
    if (!this.seen || this.visit === 0xffffffff) {
      this.seen = new Uint32Array(this.events.size);
      this.visit = 0;
    }
    const seen = this.seen;
    const visit = ++this.visit;
    return (rank) => {
      if (seen[rank] === visit) return true;
      seen[rank] = visit;
      return false;
    };
  }

  /**
   * Ids of positions `from` to `to` of event ranks put in a list's order, compared as the
   * statements compare them (events.ts orderBy): relevance (with a keyword), then soonest, then
   * id; or the date, latest first, or the name's search text, each then soonest, then id. A
   * date to be announced sorts after every date (START_ORDER, `nulls last`), in both
   * directions. Each key is read once: a common word matches tens of thousands of events.
   */
  private window(
    ranks: readonly number[],
    sort: 'relevance,desc' | SnapshotSort,
    q: TextQuery | undefined,
    from: number,
    to: number,
  ): string[] {
    const startsAt = this.events.numbers.starts_at;
    const starts = new Float64Array(ranks.length);
    for (let i = 0; i < ranks.length; i++) {
      const start = startsAt[ranks[i]!]!;
      starts[i] = Number.isNaN(start) ? Number.POSITIVE_INFINITY : start;
    }
    const ids = this.events.ids;
    const byId = (a: number, b: number) => compareIds(ids[ranks[a]!]!, ids[ranks[b]!]!);
    const sooner = (a: number, b: number) => starts[a]! - starts[b]! || byId(a, b);
    let compare: (a: number, b: number) => number;
    if (sort === 'relevance,desc') {
      const scores = new Float64Array(ranks.length);
      for (let i = 0; i < ranks.length; i++) scores[i] = q ? this.eventScore(ranks[i]!, q) : 0;
      compare = (a, b) => scores[b]! - scores[a]! || sooner(a, b);
    } else if (sort === 'date,desc') {
      const tba = (i: number) => (starts[i] === Number.POSITIVE_INFINITY ? 1 : 0);
      compare = (a, b) => tba(a) - tba(b) || (tba(a) ? 0 : starts[b]! - starts[a]!) || byId(a, b);
    } else if (sort === 'name,asc') {
      const texts = this.events.texts;
      compare = (a, b) => compareIds(texts[ranks[a]!]!, texts[ranks[b]!]!) || sooner(a, b);
    } else {
      compare = sooner;
    }
    return windowInOrder(ranks.length, compare, from, to).map((i) => ids[ranks[i]!]!);
  }

  /** Close spellings of what was typed, most alike first (close-spellings.ts, ADR 0031). */
  closeSpellings(q: TextQuery, threshold: number): TextQuery[] {
    const tables = [this.attractionText, this.eventText, this.venueText];
    return closeSpellings(q, threshold, this.vocabulary, (word) => tables.some((table) => table.words.count(word) > 0));
  }

  /** Ids of the best attractions and events for a query (ADR 0003 ranking). */
  search(query: IndexQuery, filters: readonly EventFilter[], q: TextQuery | undefined, size: number): Picks {
    const acceptAttraction = this.filtering.attractions(query);
    const acceptEvent = keepsAll(filters, this.filtering);
    if (!q) {
      const attractions: number[] = [];
      for (let rank = 0; rank < this.attractions.length && attractions.length < size; rank++) {
        if (this.attractions[rank]!.upcoming_events > 0 && acceptAttraction(rank)) attractions.push(rank);
      }
      const candidates: number[] = [];
      for (let rank = 0; rank < this.events.size && candidates.length < CANDIDATES; rank++) {
        if (acceptEvent(rank)) candidates.push(rank);
      }
      return {
        attractions: attractions.map((r) => this.attractions[r]!.id),
        events: diversified(this.events, candidates, (r) => this.events.numbers.popularity[r]!, size),
      };
    }

    const attractionCandidates = new Set([
      ...this.attractionText.top(q, 'exact', acceptAttraction, CANDIDATES),
      ...this.attractionText.top(q, 'words', acceptAttraction, CANDIDATES),
      ...this.attractionText.top(q, 'prefix', acceptAttraction, CANDIDATES),
    ]);
    const attractionScore = (r: number) => score(this.attractions[r]!.search_text, this.attractions[r]!.popularity, q);
    const attractions = [...attractionCandidates]
      .sort((a, b) => attractionScore(b) - attractionScore(a) || textThenId(this.attractions[a]!, this.attractions[b]!))
      .slice(0, size);

    const eventCandidates = new Set([
      ...this.eventText.top(q, 'exact', acceptEvent, CANDIDATES),
      ...this.eventText.top(q, 'prefix', acceptEvent, CANDIDATES),
      ...this.eventText.top(q, 'words', acceptEvent, CANDIDATES),
    ]);
    const events = diversified(this.events, [...eventCandidates], (r) => this.eventScore(r, q), size);
    if (events.length < size) {
      events.push(...this.related(q, attractions, new Set(events), acceptEvent, size - events.length));
    }
    return { attractions: attractions.map((r) => this.attractions[r]!.id), events };
  }

  /**
   * Events named otherwise but held at a matching venue or featuring a matching attraction
   * ('madison squ', a support act), most popular first, only to fill the list (ADR 0003).
   */
  private related(q: TextQuery, attractionRanks: number[], exclude: Set<string>, accept: Accept, limit: number) {
    const allowed: Accept = (rank) => !exclude.has(this.events.ids[rank]!) && accept(rank);
    const fromVenues = topOf(
      this.venueText
        .top(q, 'words', () => true, RELATED)
        .flatMap((r) => [...this.venueEvents.of(this.venueCode[r]!)])
        .sort((a, b) => a - b),
      allowed,
      limit,
    );
    const fromLineUps = topOf(
      [...new Set(attractionRanks.flatMap((r) => [...this.attractionEvents.of(r)]))].sort((a, b) => a - b),
      allowed,
      limit,
    );
    const popularity = this.events.numbers.popularity;
    return [...new Set([...fromVenues, ...fromLineUps])]
      .sort((a, b) => popularity[b]! - popularity[a]! || soonerFirst(this.events, a, b))
      .slice(0, limit)
      .map((r) => this.events.ids[r]!);
  }

  private eventScore(rank: number, q: TextQuery): number {
    return score(this.events.texts[rank]!, this.events.numbers.popularity[rank]!, q);
  }

  /** Ids of the events the filters keep, for tests holding them equal to the SQL filters. */
  filteredIds(filters: readonly EventFilter[]): string[] {
    const accept = keepsAll(filters, this.filtering);
    return this.events.ids.filter((_id, rank) => accept(rank));
  }
}
