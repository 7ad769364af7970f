import { type TextQuery, textQuery } from '../queries.ts';
import { push } from './groups.ts';

/**
 * Close spellings from the snapshot's vocabulary (ADR 0031): when what was typed matches
 * nothing, mistyped words are replaced by the most similar words of any name, measured as
 * pg_trgm measures word similarity, so 'tayler' still finds Taylor without a SQL pass.
 */

/** Replacements tried per mistyped word, and spellings tried in all. */
const CLOSE_WORDS = 4;
const CLOSE_SPELLINGS = 8;
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
export class Vocabulary {
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

/**
 * Close spellings of what was typed (ADR 0003's typo pass), most alike first: each word
 * that starts no word of any name (`known`) is replaced by one of the words most like it
 * ('tayler' → 'taylor'), and any word may be left out ('madison squ', when no name holds
 * both). As with pg_trgm's word similarity of the whole text, the words kept carry the
 * others: a spelling needs `threshold` of all typed trigrams kept or matched, counting a
 * replaced word's by its similarity. Words under three letters are never replaced.
 */
export function closeSpellings(
  q: TextQuery,
  threshold: number,
  vocabulary: Vocabulary,
  known: (word: string) => boolean,
): TextQuery[] {
  let spellings = [{ words: [] as string[], kept: 0 }];
  let typed = 0;
  for (const word of q.words) {
    const weight = new Set(trigrams(word)).size;
    typed += weight;
    // Any word may be left out: every word can be known and the whole still match nothing.
    const choices = [
      ...(word.length < 3 || known(word) ? [{ word, score: 1 }] : vocabulary.closest(word, threshold, CLOSE_WORDS)),
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
