import type { SearchQuery } from '#contracts/catalogue';
import { type Accept, type CodedColumn, type EventColumns, sourcesFor, type VenuePlace } from '../event-filters.ts';
import type { EventTable } from './columns.ts';
import { type Groups, push } from './groups.ts';
import type { AttractionRow, IndexRows, VenueRow } from './load.ts';

/**
 * The snapshot's side of the filters. Events are filtered by event-filters.ts, the same
 * definition the lists' SQL uses, reading the columns below; patches write into these same
 * arrays (EventTable.write), so what the filters read stays current. Attractions, which only
 * search lists, are filtered here.
 */
export class SnapshotFilters implements EventColumns {
  readonly startsAt: Float64Array;
  readonly latitude: Float64Array;
  readonly longitude: Float64Array;
  readonly priceMin: Float64Array;
  readonly priceMax: Float64Array;
  /** Classification ids by id and by lower-case name. */
  private readonly classificationIds = new Map<string, string[]>();

  constructor(
    /** Events by popularity rank. */
    private readonly events: EventTable,
    private readonly venueRows: readonly VenueRow[],
    /** Attractions by popularity rank. */
    private readonly attractionRows: readonly AttractionRow[],
    private readonly attractionRank: ReadonlyMap<string, number>,
    /** Line-ups by event rank, as attraction ranks. */
    private readonly lineUps: Groups,
    classifications: IndexRows['classifications'],
  ) {
    ({
      starts_at: this.startsAt,
      latitude: this.latitude,
      longitude: this.longitude,
      price_min: this.priceMin,
      price_max: this.priceMax,
    } = events.numbers);
    for (const c of classifications) {
      push(this.classificationIds, c.id, c.id);
      push(this.classificationIds, c.name.toLowerCase(), c.id);
    }
  }

  among(column: CodedColumn, values: Iterable<string>): Accept {
    const wanted = this.events.codes[column].find(values);
    const of = this.events.coded[column];
    return (rank) => wanted.has(of[rank]!);
  }

  venues(test: (venue: VenuePlace) => boolean): string[] {
    return this.venueRows.filter(test).map((v) => v.id);
  }

  featuring(attractionIds: readonly string[]): Accept {
    const wanted = new Set(attractionIds.map((id) => this.attractionRank.get(id) ?? -1));
    const { start, members } = this.lineUps;
    return (rank) => {
      for (let i = start[rank]!; i < start[rank + 1]!; i++) if (wanted.has(members[i]!)) return true;
      return false;
    };
  }

  classifications(idsOrNames: readonly string[]): Set<string> {
    const ids = new Set(idsOrNames);
    for (const g of idsOrNames) {
      for (const id of this.classificationIds.get(g) ?? []) ids.add(id);
      for (const id of this.classificationIds.get(g.toLowerCase()) ?? []) ids.add(id);
    }
    return ids;
  }

  /** Segment, genre and source filters; artists are not placed, so location and dates do not apply. */
  attractions(query: Omit<SearchQuery, 'size'>): Accept {
    const tests: Array<(a: AttractionRow) => boolean> = [];
    if (query.segmentId?.length) {
      const segments = new Set<string>(query.segmentId);
      tests.push((a) => a.segment_id !== null && segments.has(a.segment_id));
    }
    const named = [...(query.genres ?? []), ...(query.genreId ?? [])];
    if (named.length > 0) {
      const genres = this.classifications(named);
      const inGenres = (id: string | null) => id !== null && genres.has(id);
      tests.push((a) => inGenres(a.genre_id) || inGenres(a.sub_genre_id));
    }
    if (query.source?.length) {
      const sources = new Set<string>(sourcesFor(query.source));
      tests.push((a) => sources.has(a.source));
    }
    return (rank) => tests.every((test) => test(this.attractionRows[rank]!));
  }
}
