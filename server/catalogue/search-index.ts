import { sql } from 'drizzle-orm';
import { parsePriceBand, resolveLocation, type SearchQuery } from '../../contracts/catalogue.ts';
import { DEFAULTS, TICKET_CATEGORIES, type Unit } from '../../contracts/enums.ts';
import { onCatalogueChanged } from './changes.ts';
import { EARTH_KM, KM_PER, type Queryable, rows, sourcesFor, type TextQuery, textQuery } from './queries.ts';
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
/** Close spellings: replacements tried per mistyped word, and spellings tried in all. */
const CLOSE_WORDS = 4;
const CLOSE_SPELLINGS = 8;
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
function lowerBound(sorted: readonly string[], key: string): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (sorted[mid]! < key) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Past every string that starts with a prefix: names hold letters, digits and spaces only. */
const PAST = '\uffff';

/**
 * Groups as one flat list: the members of group g are `members[start[g] … start[g + 1])`,
 * in the order they were added (a million small arrays would each be traced).
 */
class Groups {
  private constructor(
    readonly start: Int32Array,
    readonly members: Int32Array,
  ) {}

  /** Items 0 … count - 1 into `groups` groups; `groupOf` -1 leaves an item out. */
  static of(groups: number, count: number, groupOf: (item: number) => number, memberOf = (item: number) => item) {
    const start = new Int32Array(groups + 1);
    const group = new Int32Array(count);
    for (let item = 0; item < count; item++) {
      const g = groupOf(item);
      group[item] = g;
      if (g >= 0) start[g + 1]!++;
    }
    for (let g = 0; g < groups; g++) start[g + 1]! += start[g]!;
    const next = start.slice(0, groups);
    const members = new Int32Array(start[groups]!);
    for (let item = 0; item < count; item++) {
      const g = group[item]!;
      if (g >= 0) members[next[g]!++] = memberOf(item);
    }
    return new Groups(start, members);
  }

  /** Group i holds `membersOf(items[i])`. */
  static list<T>(items: readonly T[], membersOf: (item: T) => number[]): Groups {
    const start = new Int32Array(items.length + 1);
    const all: number[] = [];
    items.forEach((item, i) => {
      all.push(...membersOf(item));
      start[i + 1] = all.length;
    });
    return new Groups(start, Int32Array.from(all));
  }

  /** The same groups with each member replaced. */
  mapped(replace: (member: number) => number): Groups {
    return new Groups(this.start, this.members.map(replace));
  }

  of(group: number): Int32Array {
    return this.members.subarray(this.start[group], this.start[group + 1]);
  }
}

/**
 * The members of groups from … to - 1, each group ascending, read as one ascending list
 * without repeats. Lazy (a k-way merge on a heap of the groups): a prefix held by thousands
 * of words costs a heap of their lists and a step per row read, instead of sorting every
 * row that holds one (a million events' 'r' holds 190,000) when twenty are wanted.
 */
class Merge {
  /** Heap of groups by their next member: the next position and the end of each. */
  private readonly at: Int32Array;
  private readonly end: Int32Array;
  private size = 0;
  private last = -1;

  constructor(
    private readonly members: Int32Array,
    start: Int32Array,
    from: number,
    to: number,
  ) {
    this.at = new Int32Array(Math.max(0, to - from));
    this.end = new Int32Array(Math.max(0, to - from));
    for (let g = from; g < to; g++) {
      if (start[g]! === start[g + 1]!) continue;
      this.at[this.size] = start[g]!;
      this.end[this.size++] = start[g + 1]!;
    }
    for (let i = (this.size >> 1) - 1; i >= 0; i--) this.down(i);
  }

  /** The next member, or -1 after the last. */
  next(): number {
    while (this.size > 0) {
      const member = this.members[this.at[0]!]!;
      if (++this.at[0]! === this.end[0]!) {
        this.size--;
        this.at[0] = this.at[this.size]!;
        this.end[0] = this.end[this.size]!;
      }
      this.down(0);
      if (member !== this.last) {
        this.last = member;
        return member;
      }
    }
    return -1;
  }

  private down(from: number): void {
    const { at, end, members, size } = this;
    const position = at[from]!;
    const stop = end[from]!;
    const key = members[position]!;
    let i = from;
    for (;;) {
      let child = 2 * i + 1;
      if (child >= size) break;
      if (child + 1 < size && members[at[child + 1]!]! < members[at[child]!]!) child++;
      if (members[at[child]!]! >= key) break;
      at[i] = at[child]!;
      end[i] = end[child]!;
      i = child;
    }
    at[i] = position;
    end[i] = stop;
  }
}

/**
 * Words → rows holding a word that starts with them. Postings are popularity ranks in
 * ascending order, so the first accepted ones are the most popular.
 */
class WordIndex {
  readonly words: string[];
  private readonly offsets: Int32Array;
  private readonly postings: Int32Array;

  /** `texts` distinct, `textOf[rank]` the text of each row. */
  constructor(texts: readonly string[], textOf: Int32Array) {
    // Each distinct text is split once (a show's dates share their name).
    const ids = new Map<string, number>();
    const textWords = Groups.list(texts, (text) =>
      [...new Set(text.split(' '))].filter(Boolean).map((word) => {
        const known = ids.get(word);
        if (known !== undefined) return known;
        ids.set(word, ids.size);
        return ids.size - 1;
      }),
    );
    this.words = [...ids.keys()].sort();
    const place = new Int32Array(this.words.length);
    this.words.forEach((word, i) => {
      place[ids.get(word)!] = i;
    });
    // Postings counted, then placed, in rank order (flat arrays: a million ranks).
    const { start, members } = textWords;
    const offsets = new Int32Array(this.words.length + 1);
    for (let rank = 0; rank < textOf.length; rank++) {
      for (let i = start[textOf[rank]!]!; i < start[textOf[rank]! + 1]!; i++) offsets[place[members[i]!]! + 1]!++;
    }
    for (let i = 0; i < this.words.length; i++) offsets[i + 1]! += offsets[i]!;
    const next = offsets.slice(0, this.words.length);
    const postings = new Int32Array(offsets[this.words.length]!);
    for (let rank = 0; rank < textOf.length; rank++) {
      for (let i = start[textOf[rank]!]!; i < start[textOf[rank]! + 1]!; i++)
        postings[next[place[members[i]!]!]!++] = rank;
    }
    this.offsets = offsets;
    this.postings = postings;
  }

  /** How many postings the words starting with `prefix` hold (an upper bound of matching rows). */
  count(prefix: string): number {
    const [from, to] = this.range(prefix);
    return this.offsets[to]! - this.offsets[from]!;
  }

  /** Ranks of rows with a word starting with `prefix`, ascending, each once. */
  ranks(prefix: string): Merge {
    const [from, to] = this.range(prefix);
    return new Merge(this.postings, this.offsets, from, to);
  }

  private range(prefix: string): [number, number] {
    return [lowerBound(this.words, prefix), lowerBound(this.words, prefix + PAST)];
  }
}

/** pg_trgm's trigrams of one word: padded with two spaces before and one after. */
function trigrams(word: string): string[] {
  const padded = `  ${word} `;
  return Array.from({ length: padded.length - 2 }, (_, i) => padded.slice(i, i + 3));
}

/**
 * pg_trgm's word similarity of a typed word to a word of a name: the best trigram
 * similarity between the typed word's trigrams and any run of the other word's trigrams in
 * order ('tayler' against 'taylor' is 4 / 7 = 0.57: a partly typed word is not penalised
 * for the rest of the word).
 */
function wordSimilarity(typed: ReadonlySet<string>, word: string): number {
  const theirs = trigrams(word);
  let best = 0;
  for (let from = 0; from < theirs.length; from++) {
    if (!typed.has(theirs[from]!)) continue;
    const extent = new Set<string>();
    let shared = 0;
    for (let to = from; to < theirs.length; to++) {
      const trigram = theirs[to]!;
      if (!extent.has(trigram)) {
        extent.add(trigram);
        if (typed.has(trigram)) shared++;
      }
      if (typed.has(trigram)) best = Math.max(best, shared / (typed.size + extent.size - shared));
    }
  }
  return best;
}

/**
 * At most two insertions, deletions, substitutions or swaps of neighbours turn `a` into
 * `b` (optimal string alignment distance ≤ 2), with an early way out on the length.
 */
export function withinTwoEdits(a: string, b: string): boolean {
  if (Math.abs(a.length - b.length) > 2) return false;
  let before: number[] = [];
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, before[j - 2]! + 1);
      current.push(d);
      best = Math.min(best, d);
    }
    if (best > 2) return false;
    before = previous;
    previous = current;
  }
  return previous[b.length]! <= 2;
}

/** The words of every name, by their trigrams: where close spellings are found (closeSpellings). */
class Vocabulary {
  private readonly byTrigram = new Map<string, number[]>();

  constructor(private readonly words: readonly string[]) {
    words.forEach((word, id) => {
      for (const trigram of new Set(trigrams(word))) push(this.byTrigram, trigram, id);
    });
  }

  /**
   * The `limit` words most like `typed`, at `threshold` or above, most alike first; ties go
   * to the shorter word, then the first in order.
   */
  closest(typed: string, threshold: number, limit: number): Array<{ word: string; score: number }> {
    const mine = new Set(trigrams(typed));
    const shared = new Map<number, number>();
    for (const trigram of mine) {
      for (const id of this.byTrigram.get(trigram) ?? []) shared.set(id, (shared.get(id) ?? 0) + 1);
    }
    const found: Array<{ word: string; score: number }> = [];
    for (const [id, count] of shared) {
      const word = this.words[id]!;
      // Up to two typos in a word of four letters or more ('emet' → 'emmett') count as
      // close even when they break too many trigrams for the similarity to say so.
      const typo = typed.length >= 4 && count >= 2 && withinTwoEdits(typed, word);
      // A run shares at most `count` trigrams: count / |mine| bounds its similarity.
      if (count / mine.size < threshold && !typo) continue;
      const score = wordSimilarity(mine, word);
      if (score >= threshold || typo) found.push({ word, score: Math.max(score, typo ? threshold : 0) });
    }
    return found
      .sort(
        (a, b) =>
          b.score - a.score || a.word.length - b.word.length || (a.word < b.word ? -1 : a.word > b.word ? 1 : 0),
      )
      .slice(0, limit);
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
  /** Per distinct text, the query that last tested it and whether it held (top). */
  private readonly testedBy: Int32Array;
  private readonly held: Uint8Array;
  private query = 0;

  private constructor(
    /** Distinct texts, sorted. */
    private readonly texts: readonly string[],
    /** Each rank's text, as its place in `texts`. */
    private readonly textOf: Int32Array,
    /** Ranks by text: group t holds the ranks of text t, ascending. */
    private readonly byText: Groups,
    readonly words: WordIndex,
  ) {
    this.testedBy = new Int32Array(texts.length);
    this.held = new Uint8Array(texts.length);
  }

  /** Ranks rows' texts, with `pause` between its steps (SearchIndex.build). */
  static async build(texts: readonly string[], pause: () => Promise<void>): Promise<Ranked> {
    const distinct = [...new Set(texts)].sort();
    await pause();
    const place = new Map(distinct.map((text, i) => [text, i]));
    const textOf = Int32Array.from(texts, (text) => place.get(text)!);
    await pause();
    const byText = Groups.of(distinct.length, texts.length, (rank) => textOf[rank]!);
    const words = new WordIndex(distinct, textOf);
    await pause();
    return new Ranked(distinct, textOf, byText, words);
  }

  /**
   * The `limit` most popular rows passing `accept` among those matching `way`, in rank
   * order. Candidates come in rank order from the matching names' rows ('exact',
   * 'prefix') or from the rarest word's postings ('words'), where each distinct name is
   * tested for the other words once per query (a show's dates share their name).
   */
  top(q: TextQuery, way: 'exact' | 'prefix' | 'words', accept: Accept, limit: number): number[] {
    let candidates: Merge;
    let others: readonly string[] | undefined;
    if (way === 'words') {
      // Rows holding every word are among those holding the rarest one.
      const counts = q.words.map((word) => this.words.count(word));
      candidates = this.words.ranks(q.words[counts.indexOf(Math.min(...counts))]!);
      if (q.words.length > 1) others = q.words;
    } else {
      const from = lowerBound(this.texts, q.text);
      const to =
        way === 'exact' ? (this.texts[from] === q.text ? from + 1 : from) : lowerBound(this.texts, q.text + PAST);
      candidates = new Merge(this.byText.members, this.byText.start, from, to);
    }
    if (++this.query === 2 ** 31 - 1) {
      this.testedBy.fill(0);
      this.query = 1;
    }
    const picked: number[] = [];
    for (let rank = candidates.next(); rank >= 0; rank = candidates.next()) {
      if (others) {
        const text = this.textOf[rank]!;
        if (this.testedBy[text] !== this.query) {
          this.testedBy[text] = this.query;
          this.held[text] = holdsEvery(this.texts[text]!, others) ? 1 : 0;
        }
        if (this.held[text] === 0) continue;
      }
      if (accept(rank) && picked.push(rank) >= limit) break;
    }
    return picked;
  }
}

type Accept = (rank: number) => boolean;

// ─── Columns ─────────────────────────────────────────────────────────────────

/** A column's repeated strings (a venue id, a genre, a country) as small integer codes; 0 is null. */
class Codes {
  readonly values: Array<string | null> = [null];
  private readonly known = new Map<string, number>();

  of(value: string | null): number {
    if (value === null) return 0;
    let code = this.known.get(value);
    if (code === undefined) {
      code = this.values.push(value) - 1;
      this.known.set(value, code);
    }
    return code;
  }

  value(code: number): string | null {
    return this.values[code] ?? null;
  }

  /** Codes of those values that occur: a filter by values never seen keeps nothing. */
  find(values: Iterable<string>): Set<number> {
    const codes = new Set<number>();
    for (const value of values) {
      const code = this.known.get(value);
      if (code !== undefined) codes.add(code);
    }
    return codes;
  }
}

const CODED = ['venue_id', 'country_code', 'segment_id', 'genre_id', 'sub_genre_id', 'source', 'currency'] as const;
const NUMERIC = ['popularity', 'starts_at', 'latitude', 'longitude', 'price_min', 'price_max'] as const;
type Coded = (typeof CODED)[number];
type Numeric = (typeof NUMERIC)[number];

function columns<K extends string, T>(keys: readonly K[], make: (key: K) => T): Record<K, T> {
  return Object.fromEntries(keys.map((key) => [key, make(key)])) as Record<K, T>;
}

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

/**
 * Events as columns, a row each (ADR 0010). A million objects of fifteen fields, each double
 * boxed on its own, were several million objects for the collector to trace on the request
 * thread; typed arrays are never traced, and the strings left are one per id and one per
 * distinct name. A null number is NaN, a null string code 0.
 */
export class EventTable {
  size = 0;
  readonly ids: string[] = [];
  readonly texts: string[] = [];
  numbers: Record<Numeric, Float64Array>;
  coded: Record<Coded, Int32Array>;

  constructor(
    readonly codes: Record<Coded, Codes> = columns(CODED, () => new Codes()),
    capacity = 1024,
  ) {
    this.numbers = columns(NUMERIC, () => new Float64Array(capacity));
    this.coded = columns(CODED, () => new Int32Array(capacity));
  }

  push(fields: EventFields): void {
    const capacity = this.numbers.popularity.length;
    if (this.size === capacity) {
      this.numbers = columns(NUMERIC, (column) => grown(this.numbers[column], new Float64Array(capacity * 2)));
      this.coded = columns(CODED, (column) => grown(this.coded[column], new Int32Array(capacity * 2)));
    }
    this.write(this.size++, fields);
  }

  write(row: number, fields: EventFields): void {
    this.ids[row] = fields.id;
    this.texts[row] = fields.search_text;
    for (const column of NUMERIC) this.numbers[column][row] = fields[column] ?? Number.NaN;
    for (const column of CODED) this.coded[column][row] = this.codes[column].of(fields[column]);
  }

  read(row: number): EventFields {
    const number = (column: Numeric) => {
      const value = this.numbers[column][row]!;
      return Number.isNaN(value) ? null : value;
    };
    const text = (column: Coded) => this.codes[column].value(this.coded[column][row]!);
    return {
      id: this.ids[row]!,
      search_text: this.texts[row]!,
      popularity: this.numbers.popularity[row]!,
      starts_at: number('starts_at'),
      venue_id: text('venue_id'),
      latitude: number('latitude'),
      longitude: number('longitude'),
      country_code: text('country_code'),
      segment_id: text('segment_id'),
      genre_id: text('genre_id'),
      sub_genre_id: text('sub_genre_id'),
      source: text('source') ?? '',
      price_min: number('price_min'),
      price_max: number('price_max'),
      currency: text('currency'),
    };
  }

  /** The rows in another order: `order[i]` is the row that becomes row i. */
  reordered(order: Int32Array): EventTable {
    const table = new EventTable(this.codes, Math.max(1, order.length));
    table.size = order.length;
    order.forEach((row, i) => {
      table.ids[i] = this.ids[row]!;
      table.texts[i] = this.texts[row]!;
    });
    for (const column of NUMERIC) {
      const from = this.numbers[column];
      const to = table.numbers[column];
      for (let i = 0; i < order.length; i++) to[i] = from[order[i]!]!;
    }
    for (const column of CODED) {
      const from = this.coded[column];
      const to = table.coded[column];
      for (let i = 0; i < order.length; i++) to[i] = from[order[i]!]!;
    }
    return table;
  }
}

function grown<T extends Float64Array | Int32Array>(from: T, to: T): T {
  to.set(from);
  return to;
}

/** Rows in id order (code-unit order, as `<`): loaded that way unless the database collates otherwise. */
function idOrder(ids: readonly string[]): Int32Array {
  const rows = Int32Array.from(ids.keys());
  for (let row = 1; row < ids.length; row++) {
    if (ids[row - 1]! > ids[row]!) return rows.sort((a, b) => compareIds(ids[a]!, ids[b]!));
  }
  return rows;
}

/**
 * Rows ranked by a number, largest first, ties in id order: `rank[i]` is the i-th row.
 * Rows are placed by counting, not by a comparator sort (a million comparator calls took a
 * second on the request thread). Also returns the ranks in id order, for IdLookup.
 */
function rankBy(keys: Float64Array, ids: readonly string[]): { rank: Int32Array; byId: Int32Array } {
  const byIdRows = idOrder(ids);
  const sorted = Float64Array.from(keys).sort().reverse();
  let distinct = 0;
  for (let i = 0; i < sorted.length; i++) if (i === 0 || sorted[i] !== sorted[i - 1]) sorted[distinct++] = sorted[i]!;
  const place = (key: number) => {
    let lo = 0;
    let hi = distinct;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (sorted[mid]! > key) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
  const rank = Groups.of(
    distinct,
    ids.length,
    (i) => place(keys[byIdRows[i]!]!),
    (i) => byIdRows[i]!,
  ).members;
  const rankOfRow = new Int32Array(ids.length);
  rank.forEach((row, r) => {
    rankOfRow[row] = r;
  });
  return { rank, byId: byIdRows.map((row) => rankOfRow[row]!) };
}

/**
 * Ranks by id, for a table kept in popularity order: ranks sorted by id, searched in halves
 * (a million-key Map was one more large object for the collector).
 */
class IdLookup {
  constructor(
    private readonly ids: readonly string[],
    private readonly byId: Int32Array,
  ) {}

  find(id: string): number | undefined {
    let lo = 0;
    let hi = this.byId.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.ids[this.byId[mid]!]! < id) lo = mid + 1;
      else hi = mid;
    }
    const rank = this.byId[lo];
    return rank !== undefined && this.ids[rank] === id ? rank : undefined;
  }
}

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

/** Line-ups as loaded: link i ties the event loaded as row `rows[i]` to attraction `attractionIds[i]`. */
export type LineUpRows = { rows: number[]; attractionIds: string[]; positions: number[] };

export type IndexRows = {
  attractions: AttractionRow[];
  venues: VenueRow[];
  events: EventTable;
  lineUps: LineUpRows;
  /** Classification id → name, for genre filters given by name. */
  classifications: Array<{ id: string; name: string }>;
};

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
  private readonly classificationIds = new Map<string, string[]>();
  /** Every word of every name, for close spellings. */
  private readonly vocabulary: Vocabulary;

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
    for (const c of classifications) {
      push(this.classificationIds, c.id, c.id);
      push(this.classificationIds, c.name.toLowerCase(), c.id);
    }
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
   * copies and moves the version, so rows read before the patch are not kept (search.ts).
   */
  patch(fields: EventFields): void {
    this.events.write(this.eventRank.find(fields.id)!, fields);
    for (const category of TICKET_CATEGORIES) this.hydrated.delete(`e:${fields.id}|${category}`);
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

  /** The most popular ids, for warming caches. */
  popular(kind: 'attractions' | 'events', limit: number): string[] {
    return kind === 'attractions'
      ? this.attractions.slice(0, limit).map((row) => row.id)
      : this.events.ids.slice(0, limit);
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
      if (!add(this.venueEvents.of(this.venueCode[rank]!))) return undefined;
    }
    for (const rank of this.attractionText.top(q, 'words', () => true, Number.POSITIVE_INFINITY)) {
      if (!add(this.attractionEvents.of(rank))) return undefined;
    }
    return [...found]
      .sort((a, b) => this.eventScore(b, q) - this.eventScore(a, q) || this.soonerFirst(a, b))
      .map((rank) => this.events.ids[rank]!);
  }

  /**
   * Close spellings of what was typed (ADR 0003's typo pass), most alike first: each word
   * that starts no word of any name is replaced by one of the words most like it ('tayler'
   * → 'taylor'), and any word may be left out ('madison squ', when no name holds both).
   * As with pg_trgm's word similarity of the whole text, the words kept carry the others:
   * a spelling needs `threshold` of all typed trigrams kept or matched, counting a
   * replaced word's by its similarity. Words under three letters are never replaced.
   */
  closeSpellings(q: TextQuery, threshold: number): TextQuery[] {
    const known = (word: string) =>
      [this.attractionText, this.eventText, this.venueText].some((table) => table.words.count(word) > 0);
    let spellings = [{ words: [] as string[], kept: 0 }];
    let typed = 0;
    for (const word of q.words) {
      const weight = new Set(trigrams(word)).size;
      typed += weight;
      // Any word may be left out: every word can be known and the whole still match nothing.
      const choices = [
        ...(word.length < 3 || known(word)
          ? [{ word, score: 1 }]
          : this.vocabulary.closest(word, threshold, CLOSE_WORDS)),
        { word: '', score: 0 },
      ];
      spellings = spellings
        .flatMap((spelling) =>
          choices.map((choice) => ({
            words: choice.word ? [...spelling.words, choice.word] : spelling.words,
            kept: spelling.kept + weight * choice.score,
          })),
        )
        .sort((a, b) => b.kept - a.kept)
        .slice(0, CLOSE_SPELLINGS);
    }
    return spellings
      .filter((spelling) => spelling.words.length > 0 && spelling.kept >= threshold * typed - 1e-9)
      .map((spelling) => textQuery(spelling.words.join(' '))!)
      .filter((spelling) => spelling.text !== q.text);
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
      for (let rank = 0; rank < this.events.size && candidates.length < CANDIDATES; rank++) {
        if (acceptEvent(rank)) candidates.push(rank);
      }
      return {
        attractions: attractions.map((r) => this.attractions[r]!.id),
        events: this.diversified(candidates, (r) => this.events.numbers.popularity[r]!, size),
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
    const events = this.diversified([...eventCandidates], (r) => this.eventScore(r, q), size);
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
      .sort((a, b) => popularity[b]! - popularity[a]! || this.soonerFirst(a, b))
      .slice(0, limit)
      .map((r) => this.events.ids[r]!);
  }

  /**
   * Best first, but one date of each show before a second date of any (ADR 0003): five
   * nights of one tour would otherwise fill the panel.
   */
  private diversified(candidates: number[], scoreOf: (rank: number) => number, limit: number): string[] {
    const byShow = new Map<string, number[]>();
    for (const rank of candidates) push(byShow, this.events.texts[rank]!, rank);
    const first = new Set<number>();
    for (const dates of byShow.values()) first.add(dates.sort((a, b) => this.soonerFirst(a, b))[0]!);
    return candidates
      .sort((a, b) => Number(first.has(b)) - Number(first.has(a)) || scoreOf(b) - scoreOf(a) || this.soonerFirst(a, b))
      .slice(0, limit)
      .map((r) => this.events.ids[r]!);
  }

  private eventScore(rank: number, q: TextQuery): number {
    return score(this.events.texts[rank]!, this.events.numbers.popularity[rank]!, q);
  }

  /** Soonest first, date TBA after every dated event, then by id. */
  private soonerFirst(a: number, b: number): number {
    const startsAt = this.events.numbers.starts_at;
    const start = (rank: number) => (Number.isNaN(startsAt[rank]!) ? Number.POSITIVE_INFINITY : startsAt[rank]!);
    return start(a) - start(b) || compareIds(this.events.ids[a]!, this.events.ids[b]!);
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
    const { numbers, coded, codes } = this.events;
    const tests: Accept[] = [];
    const startsAt = numbers.starts_at;
    const start = query.startDateTime ? Date.parse(query.startDateTime) : undefined;
    const end = query.endDateTime ? Date.parse(query.endDateTime) : undefined;
    // A TBA start is NaN, which no comparison holds.
    if (start !== undefined || end !== undefined) {
      const from = start ?? now.getTime();
      const to = end ?? Number.POSITIVE_INFINITY;
      tests.push((r) => startsAt[r]! >= from && startsAt[r]! <= to);
    } else {
      const from = now.getTime();
      tests.push((r) => !(startsAt[r]! < from));
    }
    const point = resolveLocation(query);
    if (point) {
      const unit = query.unit ?? DEFAULTS.unit;
      const radius = query.radius ?? DEFAULTS.radius;
      const { latitude, longitude } = numbers;
      // An event without coordinates is NaN miles away: never within the radius.
      tests.push((r) => haversine(point.latitude, point.longitude, latitude[r]!, longitude[r]!, unit) <= radius);
    }
    const among = (column: Coded, values: Iterable<string>) => {
      const wanted = codes[column].find(values);
      const of = coded[column];
      tests.push((r) => wanted.has(of[r]!));
    };
    if (query.countryCode) among('country_code', [query.countryCode]);
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
      among(
        'venue_id',
        this.venues.filter((v) => venueTests.every((test) => test(v))).map((v) => v.id),
      );
    }
    if (query.venueId?.length) among('venue_id', query.venueId);
    if (query.attractionId?.length) {
      const wanted = new Set(query.attractionId.map((id) => this.attractionRank.get(id) ?? -1));
      const { start: from, members } = this.lineUps;
      tests.push((r) => {
        for (let i = from[r]!; i < from[r + 1]!; i++) if (wanted.has(members[i]!)) return true;
        return false;
      });
    }
    if (query.segmentId?.length) among('segment_id', query.segmentId);
    const genres = this.genreIds(query);
    if (genres) {
      const genre = codes.genre_id.find(genres);
      const subGenre = codes.sub_genre_id.find(genres);
      const { genre_id, sub_genre_id } = coded;
      tests.push((r) => genre.has(genre_id[r]!) || subGenre.has(sub_genre_id[r]!));
    }
    if (query.source?.length) among('source', sourcesFor(query.source));
    if (query.priceRanges?.length) {
      const category = query.ticketCategory ?? DEFAULTS.ticketCategory;
      const bands = query.priceRanges.map((text) => parsePriceBand(text)!);
      const orNull = (value: number) => (Number.isNaN(value) ? null : value);
      tests.push((r) => {
        const price = ticketPrice(category, {
          min: orNull(numbers.price_min[r]!),
          max: orNull(numbers.price_max[r]!),
          currency: codes.currency.value(coded.currency[r]!),
        });
        if (!price) return false;
        return bands.some(
          (band) =>
            (band.min === undefined || price.amount >= band.min) &&
            (band.max === undefined || price.amount <= band.max),
        );
      });
    }
    return (rank) => {
      for (const test of tests) if (!test(rank)) return false;
      return true;
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
    return this.events.ids.filter((_id, rank) => accept(rank));
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

function score(text: string, popularity: number, q: TextQuery): number {
  const tier = text === q.text ? 1 : text.startsWith(q.text) ? 0.6 : 0;
  return tier + Math.min(Math.max(popularity, 0), 100) / 100;
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

/** Every row of a select paged by id, a page at a time. */
async function paged<T extends { id: string }>(
  db: Queryable,
  select: (after: string) => ReturnType<typeof sql>,
  each: (page: T[]) => void,
): Promise<void> {
  for (let after = ''; ; ) {
    const page = await rows<T>(db, select(after));
    each(page);
    if (page.length < PAGE) return;
    after = page[page.length - 1]!.id;
  }
}

export async function loadIndexRows(db: Queryable): Promise<IndexRows> {
  // Each row arrives with its own copy of values shared by thousands (a genre, a source, a
  // show's name on each of its dates): one copy each keeps the snapshot far smaller.
  const shared = new Map<string, string>();
  const one = <T extends string | null>(value: T): T => {
    if (value === null) return value;
    const known = shared.get(value);
    if (known !== undefined) return known as T;
    shared.set(value, value);
    return value;
  };
  const attractions: AttractionRow[] = [];
  await paged<AttractionRow>(
    db,
    (after) => sql`select a.id, a.search_text, a.popularity, a.upcoming_events, a.segment_id, a.genre_id,
      a.sub_genre_id, a.source from attractions a where a.id > ${after} order by a.id limit ${PAGE}`,
    (page) => {
      for (const a of page) {
        a.segment_id = one(a.segment_id);
        a.genre_id = one(a.genre_id);
        a.sub_genre_id = one(a.sub_genre_id);
        a.source = one(a.source);
        attractions.push(a);
      }
    },
  );
  const venues: VenueRow[] = [];
  await paged<VenueRow>(
    db,
    (after) => sql`select v.id, v.search_text, v.upcoming_events, v.city, v.state_code, v.postal_code
      from venues v where v.id > ${after} order by v.id limit ${PAGE}`,
    (page) => venues.push(...page),
  );
  // Events a page at a time, each page with its line-ups (the same id range of the link
  // table's primary key), so a link finds its event's row without a search.
  const events = new EventTable();
  const lineUps: LineUpRows = { rows: [], attractionIds: [], positions: [] };
  for (let after = ''; ; ) {
    const page = await rows<EventFields>(
      db,
      sql`select ${EVENT_COLUMNS} from events e where e.id > ${after} order by e.id limit ${PAGE}`,
    );
    if (page.length === 0) break;
    const last = page[page.length - 1]!.id;
    const links = await rows<{ event_id: string; attraction_id: string; position: number }>(
      db,
      sql`select event_id, attraction_id, position from event_attractions
        where event_id > ${after} and event_id <= ${last} order by event_id, attraction_id`,
    );
    const rowOf = new Map(page.map((e, i) => [e.id, events.size + i]));
    for (const e of page) {
      e.search_text = one(e.search_text);
      events.push(e);
    }
    for (const link of links) {
      const row = rowOf.get(link.event_id);
      if (row === undefined) continue; // an event written after its page was read
      lineUps.rows.push(row);
      lineUps.attractionIds.push(link.attraction_id);
      lineUps.positions.push(link.position);
    }
    if (page.length < PAGE) break;
    after = last;
  }
  const classifications = await rows<{ id: string; name: string }>(db, sql`select id, name from classifications`);
  return { attractions, venues, events, lineUps, classifications };
}

export type ChangedEvent = EventFields & { updated_at: string };

/** Events written at or after `since`, with their line-ups (for in-place patches). */
export async function loadChangedEvents(
  db: Queryable,
  since: string,
  limit: number,
): Promise<{ events: ChangedEvent[]; lineUps: Array<[string, string, number]> }> {
  const events = await rows<ChangedEvent>(
    db,
    sql`select ${EVENT_COLUMNS}, e.updated_at::text as updated_at from events e
      where e.updated_at >= ${since}::timestamptz order by e.id limit ${limit}`,
  );
  if (events.length === 0) return { events, lineUps: [] };
  const links = await rows<{ event_id: string; attraction_id: string; position: number }>(
    db,
    sql`select event_id, attraction_id, position from event_attractions where event_id in ${events.map((e) => e.id)}`,
  );
  return { events, lineUps: links.map((l) => [l.event_id, l.attraction_id, l.position]) };
}

export type CatalogueVersion = {
  events: string | null;
  attractions: string | null;
  venues: string | null;
  /** The database's clock when it was read. */
  now: string;
};

/** The newest write to each searched table (indexed, so this costs three index probes). */
export async function catalogueVersion(db: Queryable): Promise<CatalogueVersion> {
  const [row] = await rows<CatalogueVersion>(
    db,
    sql`select (select max(updated_at) from events)::text as events,
      (select max(updated_at) from attractions)::text as attractions,
      (select max(updated_at) from venues)::text as venues, now()::text as now`,
  );
  return row!;
}

// ─── Freshness ───────────────────────────────────────────────────────────────

/**
 * How often a served snapshot asks whether the catalogue changed (one indexed query). Every
 * write is heard through changes.ts (LISTEN/NOTIFY on a PostgreSQL server) and refreshes the
 * snapshot at once, with or without traffic; this look stays as the safety net for while a
 * LISTEN connection is being opened again (ADR 0018).
 */
const CHECK_MS = 2_000;
/**
 * Rebuilt at least this often. Every write moves `updated_at` (upcoming counts included,
 * counts.ts), but a transaction in another process can commit rows stamped before the
 * newest one already seen; LOOKBACK_MS catches short ones, this the rest. A million events
 * take a few seconds to rebuild, in steps, so it is not done more often than needed.
 */
const MAX_AGE_MS = 60 * 60_000;
/** A patch also rereads events stamped up to this long before the last look (late commits). */
const LOOKBACK_MS = 5_000;
/** More changed events than this since the last look is an ingest: rebuild instead of patching. */
const PATCH_LIMIT = 2_000;

type Holder = {
  db: WeakRef<Queryable>;
  index?: SearchIndex;
  version?: CatalogueVersion;
  builtAt: number;
  checkedAt: number;
  generation: number;
  /** A change may have been missed (changes.ts `full`): the next refresh rebuilds. */
  rebuild: boolean;
  /** The `updated_at` each event was last patched at, so a lookback patches only news. */
  patched: Map<string, string>;
  pending?: Promise<void>;
};

const holders = new WeakMap<object, Holder>();
/** Snapshots in use, refreshed as soon as a change is heard (each goes with its database). */
const live = new Set<WeakRef<Holder>>();
/**
 * Bumped by every change heard (changes.ts): the next search waits for the refresh it
 * starts. Without changes heard, the catalogue is looked at every CHECK_MS under traffic.
 */
let generation = 0;
onCatalogueChanged((change) => {
  generation++;
  for (const ref of live) {
    const h = ref.deref();
    const db = h?.db.deref();
    if (!h || !db) {
      live.delete(ref);
      continue;
    }
    if (change.full) h.rebuild = true;
    if (h.index) startRefresh(db, h);
  }
});

/** The snapshot to search, built on first use and kept fresh (see CHECK_MS and `generation`). */
export async function searchIndexFor(db: Queryable): Promise<SearchIndex> {
  let holder = holders.get(db);
  if (!holder) {
    holder = { db: new WeakRef(db), builtAt: 0, checkedAt: 0, generation: -1, rebuild: false, patched: new Map() };
    holders.set(db, holder);
    live.add(new WeakRef(holder));
  }
  const h = holder;
  const written = h.generation !== generation;
  if (!h.index || written || Date.now() - h.checkedAt > CHECK_MS) {
    const pending = startRefresh(db, h);
    // A change heard is answered from the new snapshot; a periodic look is not waited for.
    if (!h.index || written) await pending;
  }
  return h.index!;
}

function startRefresh(db: Queryable, h: Holder): Promise<void> {
  if (h.pending) return h.pending;
  const pending = refresh(db, h).finally(() => {
    h.pending = undefined;
    // A change heard while this refresh ran is looked at now, not at the next search.
    if (h.index && h.generation !== generation) startRefresh(db, h).catch(() => undefined);
  });
  h.pending = pending;
  pending.catch((error: Error) => console.warn(`search index refresh failed: ${error.message}`));
  return pending;
}

async function refresh(db: Queryable, h: Holder): Promise<void> {
  const seen = generation;
  const heard = h.generation !== seen;
  const full = h.rebuild;
  h.rebuild = false;
  const version = await catalogueVersion(db);
  const now = Date.now();
  const rebuild = async () => {
    h.index = await SearchIndex.build(await loadIndexRows(db));
    h.builtAt = now;
    h.patched.clear();
  };
  if (
    full ||
    !h.index ||
    !h.version ||
    now - h.builtAt > MAX_AGE_MS ||
    version.attractions !== h.version.attractions ||
    version.venues !== h.version.venues
  ) {
    await rebuild();
  } else if (heard || version.events !== h.version.events) {
    // Usually a few prices or statuses moved (tracking's market, a status change): patch them.
    const seen = h.version.events ?? '-infinity';
    const changed = await loadChangedEvents(db, seen, PATCH_LIMIT + 1);
    const news = changed.events.filter((e) => h.patched.get(e.id) !== e.updated_at);
    // Rows a transaction stamped before the newest seen but committed after the last look
    // (it began up to LOOKBACK_MS before that look): patched when the snapshot holds something
    // else; too many of them (an ingest's) are left to MAX_AGE_MS.
    const since = Math.max(stampMs(seen), stampMs(h.version.now)) - LOOKBACK_MS;
    const late =
      h.version.events === null || !(since < stampMs(seen))
        ? undefined
        : await loadChangedEvents(db, new Date(since).toISOString(), PATCH_LIMIT + 1);
    const index = h.index;
    const lateNews =
      late && late.events.length <= PATCH_LIMIT
        ? late.events.filter((e) => stampMs(e.updated_at) < stampMs(seen) && index.differs(e))
        : [];
    const lineUps = [...changed.lineUps, ...(late?.lineUps ?? [])];
    const lineUp = (id: string) =>
      lineUps
        .filter(([eventId]) => eventId === id)
        .sort((a, b) => a[2] - b[2] || compareIds(a[1], b[1]))
        .filter(([, attractionId], i, all) => i === 0 || all[i - 1]![1] !== attractionId)
        .map(([, attractionId]) => attractionId);
    const patches = [...news, ...lateNews];
    if (changed.events.length <= PATCH_LIMIT && patches.every((e) => index.patchable(e, lineUp(e.id)))) {
      if (h.patched.size > 4 * PATCH_LIMIT) h.patched.clear();
      for (const event of patches) {
        index.patch(event);
        h.patched.set(event.id, event.updated_at);
      }
    } else {
      await rebuild();
    }
  }
  h.version = version;
  h.checkedAt = now;
  h.generation = seen;
}

/** A timestamptz as PostgreSQL prints it (`2026-11-23 20:41:49.815+00`), in ms. */
function stampMs(stamp: string): number {
  return Date.parse(stamp.replace(' ', 'T').replace(/([+-]\d\d)$/, '$1:00'));
}
