import { Groups } from './groups.ts';

/**
 * The snapshot's events as typed columns (ADR 0030): a number array per numeric field, a
 * small integer code per repeated string, rows placed by counting and found by halving.
 */

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
export function rankBy(keys: Float64Array, ids: readonly string[]): { rank: Int32Array; byId: Int32Array } {
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
export class IdLookup {
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

/** Code-unit order, as `<` (and the database's "C" collation) compares. */
export const compareIds = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
