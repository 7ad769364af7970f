/**
 * Flat groups of row numbers and the binary search over sorted strings the snapshot is
 * built from: typed arrays instead of a million small arrays, which the collector would
 * each trace on the request thread (ADR 0030).
 */

/** Index of the first element ≥ key in a sorted string array (code-unit order, as `<`). */
export function lowerBound(sorted: readonly string[], key: string): number {
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
export const PAST = '\uffff';

/**
 * Groups as one flat list: the members of group g are `members[start[g] … start[g + 1])`,
 * in the order they were added (a million small arrays would each be traced).
 */
export class Groups {
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
export class Merge {
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

/** Adds `value` to the list `map` holds under `key`. */
export function push<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}
