import type { Accept } from '../event-filters.ts';
import type { TextQuery } from '../queries.ts';
import { Groups, lowerBound, Merge, PAST } from './groups.ts';

/**
 * Names as search matches them (ADR 0003): every typed word is a prefix of some word of
 * the name; a name may also be typed whole or its start typed. Rows are addressed by
 * popularity rank, so the first rows a walk accepts are the most popular.
 */

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
export class Ranked {
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
