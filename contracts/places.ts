import { z } from 'zod';

/**
 * SPEC §7 place lookups (GET /events/user-location, /events/places, /events/user-location/reverse):
 * the query each one accepts, as the browser sends it (one value per name; a repeated name
 * uses the first).
 */

/** Longest city text accepted; the longest city name in the data is well under this. */
const MAX_CITY_LENGTH = 100;

export const CityQuerySchema = z.object({
  city: z.preprocess(
    (value) => (Array.isArray(value) ? value[0] : value),
    z
      .string({ error: 'is required' })
      .trim()
      .min(1, { error: 'is required' })
      .max(MAX_CITY_LENGTH, { error: `must be at most ${MAX_CITY_LENGTH} characters` }),
  ),
});

const coordinate = (max: number) =>
  z.preprocess(
    (value) => {
      const one = Array.isArray(value) ? value[0] : value;
      if (one === undefined || (typeof one === 'string' && one.trim() === '')) return undefined;
      return typeof one === 'string' && /^[+-]?(\d+\.?\d*|\.\d+)$/.test(one.trim()) ? Number(one) : Number.NaN;
    },
    z
      .number({ error: `must be a number from -${max} to ${max}` })
      .min(-max, { error: `must be a number from -${max} to ${max}` })
      .max(max, { error: `must be a number from -${max} to ${max}` }),
  );

export const ReverseQuerySchema = z.object({ latitude: coordinate(90), longitude: coordinate(180) });

/** Suggestions shown as the visitor types a city. */
export const MAX_PLACE_SUGGESTIONS = 8;

export const SuggestQuerySchema = z.object({
  q: z.preprocess(
    (value) => (Array.isArray(value) ? value[0] : value),
    z
      .string({ error: 'is required' })
      .trim()
      .min(1, { error: 'is required' })
      .max(MAX_CITY_LENGTH, { error: `must be at most ${MAX_CITY_LENGTH} characters` }),
  ),
  size: z.preprocess(
    (value) => {
      const one = Array.isArray(value) ? value[0] : value;
      return one === undefined || one === '' ? undefined : /^\d+$/.test(String(one)) ? Number(one) : Number.NaN;
    },
    z
      .number({ error: `must be a whole number from 1 to ${MAX_PLACE_SUGGESTIONS}` })
      .int()
      .min(1, { error: `must be a whole number from 1 to ${MAX_PLACE_SUGGESTIONS}` })
      .max(MAX_PLACE_SUGGESTIONS, { error: `must be a whole number from 1 to ${MAX_PLACE_SUGGESTIONS}` })
      .default(6),
  ),
});
