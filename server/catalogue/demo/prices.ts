import type { PriceRange } from '../../db/schema.ts';
import type { DemoAttraction, DemoEvent, DemoVenue } from './model.ts';
import type { Rng } from './rng.ts';
import type { SegmentKey } from './taxonomy.ts';

export type DemoPrice = Pick<DemoEvent, 'priceRanges' | 'priceMin' | 'priceMax' | 'currency'>;

/**
 * What a booking's tickets cost, in USD: a band by segment and venue tier (pro sports and
 * stadiums dear, clubs and minor leagues cheap), raised for popular acts. About one event in
 * ten has no published price yet and one in twenty only a "from" price.
 */
export function drawPrice(
  rng: Rng,
  segment: SegmentKey,
  venue: DemoVenue,
  lead: DemoAttraction | undefined,
): DemoPrice {
  const popularity = lead?.popularity ?? 30;
  if (rng.chance(0.1)) return { priceRanges: [], priceMin: null, priceMax: null, currency: null };
  const [lo, hi] =
    segment === 'sports'
      ? lead?.league?.sub === 'Professional'
        ? [25, 180]
        : [10, 45]
      : segment === 'misc'
        ? [12, 45]
        : segment === 'film'
          ? [12, 65]
          : venue.tier === 4
            ? [55, 160]
            : venue.tier === 3
              ? [39, 129]
              : venue.tier === 2
                ? [29, 99]
                : [12, 45];
  const boost = 1 + popularity / 120;
  const min = roundPrice((lo + rng.next() * (hi - lo) * 0.5) * boost);
  const max = roundPrice(min * (1.6 + rng.next() * (venue.tier >= 3 ? 4.5 : 2)));
  const type: PriceRange['type'] = rng.chance(0.1) ? 'standard including fees' : 'standard';
  if (rng.chance(0.05)) {
    return { priceRanges: [{ type, currency: 'USD', min }], priceMin: min, priceMax: null, currency: 'USD' };
  }
  return { priceRanges: [{ type, currency: 'USD', min, max }], priceMin: min, priceMax: max, currency: 'USD' };
}

/** Ticket prices end in .00 or .50. */
function roundPrice(x: number): number {
  return Math.round(x * 2) / 2;
}
