import { largestCities, type Place } from '../places.ts';
import type { DemoAttraction } from './model.ts';
import type { Rng } from './rng.ts';
import type { VenueMap } from './venues.ts';

/**
 * The register every act joins: unique names across the catalogue, ids in the order acts are
 * made ('Za1', 'Za2', …), popularity skewed by rank within a pool, and the pools bookings
 * draw from ('music', 'team', 'show', …).
 */
export class AttractionRegistry {
  readonly attractions: DemoAttraction[] = [];
  readonly pools = new Map<string, DemoAttraction[]>();
  private readonly names = new Set<string>();

  /** Takes `name` if no act has it yet. */
  claim(name: string): boolean {
    if (this.names.has(name)) return false;
    this.names.add(name);
    return true;
  }

  /** A name from `make`, else from `fallback`, else `fallback` with a number: never one already taken. */
  uniqueName(rng: Rng, make: () => string, fallback: () => string): string {
    for (let attempt = 0; attempt < 20; attempt++) {
      const name = make();
      if (this.claim(name)) return name;
    }
    for (let attempt = 0; ; attempt++) {
      const name = attempt < 50 ? fallback() : `${fallback()} ${rng.int(2, 99)}`;
      if (this.claim(name)) return name;
    }
  }

  add(
    pool: string,
    fields: Omit<
      DemoAttraction,
      'id' | 'popularity' | 'weight' | 'segment' | 'subGenre' | 'tourName' | 'homeVenue' | 'league'
    > &
      Partial<Pick<DemoAttraction, 'subGenre' | 'tourName' | 'homeVenue' | 'league' | 'popularity' | 'weight'>>,
    rank: number,
    rng: Rng,
  ): DemoAttraction {
    // Popularity is skewed: a few stars, a long tail (rank 0 ≈ 100, rank 100 ≈ 27, rank 1000 ≈ 14).
    const popularity =
      fields.popularity ?? Math.max(1, Math.min(100, Math.round(100 * (rank + 1) ** -0.28 + (rng.next() - 0.5) * 6)));
    const attraction: DemoAttraction = {
      id: `Za${(this.attractions.length + 1).toString(36)}`,
      segment: fields.genre.segment,
      subGenre: fields.subGenre ?? rng.pick(fields.genre.subGenres),
      tourName: null,
      homeVenue: null,
      league: null,
      ...fields,
      popularity,
      weight: fields.weight ?? (rank + 1) ** -0.5,
    };
    this.attractions.push(attraction);
    const list = this.pools.get(pool);
    if (list) list.push(attraction);
    else this.pools.set(pool, [attraction]);
    return attraction;
  }
}

/** What every act builder works with. */
export type Casting = {
  rng: Rng;
  registry: AttractionRegistry;
  venues: VenueMap;
  eventCount: number;
  /** UTC midnight of the catalogue's "now". */
  today: number;
};

/** How many acts of a kind: enough for `share` of the events at `perAttraction` events each. */
export function actCount(cast: Casting, share: number, perAttraction: number, min: number): number {
  return Math.max(min, Math.round((cast.eventCount * share) / perAttraction));
}

let towns: { us: Place[]; abroad: Place[] } | undefined;
/** Where acts say they are from. */
export function homeTowns(): { us: Place[]; abroad: Place[] } {
  towns ??= {
    us: largestCities('US', 80),
    abroad: [...largestCities('GB', 10), ...largestCities('CA', 8), ...largestCities('AU', 6)],
  };
  return towns;
}

export function region(place: Place): string {
  return place.countryCode === 'US' ? `${place.city}, ${place.stateCode}` : `${place.city}, ${place.countryName}`;
}
