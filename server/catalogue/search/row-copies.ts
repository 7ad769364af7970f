import { oldestKeys } from '../../oldest.ts';

/**
 * How rows read are taken in: `keep` (chosen as popular), `add` (on probation: search, whose
 * next keystroke asks for them again), `offer` (a page: from the second read on).
 */
export type Admission = 'keep' | 'add' | 'offer';

/** How many rows a snapshot keeps copies of: about 5 KB each as objects. */
export const HYDRATED_ENTRIES = 40_000;

/**
 * The rows a snapshot keeps copies of (answer.ts), bounded and scan-resistant: a segmented
 * least-recently-used list (ADR 0048). Typing 'dar', 'dari', 'dariu' keeps answering the same
 * few rows, and short prefixes answer the most popular ones; snapshot.ts drops an event's
 * copies when it patches it.
 *
 * - A row read for the first time waits on probation: a quarter of the room at least, and
 *   whatever the kept rows leave.
 * - Asked for again while there, it is kept: it moves to the long list.
 * - Rows chosen as popular when the snapshot is built (`keep`) start on the long list.
 * - A row a page read (`offer`) is taken in from its second read: the first leaves its key.
 * - The long list's least recently asked for go back on probation, and the oldest on
 *   probation go.
 *
 * So a crowd of rows asked for once (a crawler walking the sitemap, distinct pages) only
 * ever churns probation, and the rows that search answers and popular pages keep showing
 * are not pushed out by it, as they were from one list.
 */
export class RowCopies<T = unknown> {
  /** Asked for at least twice, or chosen as popular; in order of last use, oldest first. */
  private readonly kept = new Map<string, T>();
  /** Asked for once; oldest first. */
  private readonly probation = new Map<string, T>();
  /** Keys of rows pages read once, without the rows (`offer`); oldest first. */
  private readonly seen = new Set<string>();
  private readonly oldestKept = oldestKeys(this.kept);
  private readonly oldestTried = oldestKeys(this.probation);
  private readonly oldestSeen = oldestKeys(this.seen);

  constructor(
    readonly capacity: number,
    /** Share of the capacity probation keeps at least. */
    readonly probationShare = 0.25,
  ) {}

  /** What the kept rows leave probation at least. */
  private get probationLimit() {
    return Math.max(1, Math.floor(this.capacity * this.probationShare));
  }

  get size(): number {
    return this.kept.size + this.probation.size;
  }

  has(key: string): boolean {
    return this.kept.has(key) || this.probation.has(key);
  }

  /** The copy, marked as just asked for (a second ask keeps it). */
  get(key: string): T | undefined {
    const kept = this.kept.get(key);
    if (kept !== undefined) {
      this.kept.delete(key);
      this.kept.set(key, kept);
      return kept;
    }
    const tried = this.probation.get(key);
    if (tried === undefined) return undefined;
    this.probation.delete(key);
    this.keep(key, tried);
    return tried;
  }

  /** A row just read: on probation. */
  add(key: string, row: T): void {
    if (this.kept.has(key)) {
      this.keep(key, row);
      return;
    }
    this.probation.delete(key);
    this.probation.set(key, row);
    this.trim();
  }

  /**
   * A row a page read: only its key is remembered the first time, and the row is taken in
   * (on probation) when it is read again while remembered. A page asked for once, as most
   * distinct pages are, then leaves nothing behind for the collector to carry.
   */
  offer(key: string, row: T): void {
    if (this.has(key) || this.seen.delete(key)) {
      this.add(key, row);
      return;
    }
    this.seen.add(key);
    if (this.seen.size > this.capacity) this.seen.delete(this.oldestSeen() as string);
  }

  /** A row to keep (popular, or asked for again). */
  keep(key: string, row: T): void {
    this.probation.delete(key);
    this.kept.delete(key);
    this.kept.set(key, row);
    this.trim();
  }

  delete(key: string): void {
    this.kept.delete(key);
    this.probation.delete(key);
  }

  private trim(): void {
    while (this.kept.size > this.capacity - this.probationLimit) {
      const key = this.oldestKept() as string;
      const row = this.kept.get(key) as T;
      this.kept.delete(key);
      this.probation.set(key, row);
    }
    while (this.size > this.capacity) this.probation.delete(this.oldestTried() as string);
  }
}
