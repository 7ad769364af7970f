import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { ApiError, parseInput } from '../errors.ts';
import { findCity, nearestCity, suggestCities, toUserLocation } from './places.ts';

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

/** City data only changes with a release, so answers may be cached for a day. */
const CACHE = 'public, max-age=86400';

/**
 * SPEC §7 GET /events/user-location?city=… and its reverse by coordinates, answered from the
 * embedded city data (catalogue/places.ts): the location popup and "Current location"
 * (SPEC §4) need no third-party geocoder. Registered under the /api prefix.
 */
export const placesRoutes: FastifyPluginAsync = async (api) => {
  api.get('/events/user-location', async (request, reply) => {
    const { city } = parseInput(CityQuerySchema, request.query, 'invalid_query');
    const place = findCity(city);
    if (!place) throw new ApiError(404, 'not_found', `No city called "${city}" is known`, 'city');
    return reply.header('Cache-Control', CACHE).send(toUserLocation(place));
  });

  // Cities starting with the typed text, largest first, each as the user-location shape.
  api.get('/events/places', async (request, reply) => {
    const { q, size } = parseInput(SuggestQuerySchema, request.query, 'invalid_query');
    const places = suggestCities(q, size).map((place) => toUserLocation(place));
    return reply.header('Cache-Control', CACHE).send({ places });
  });

  api.get('/events/user-location/reverse', async (request, reply) => {
    const { latitude, longitude } = parseInput(ReverseQuerySchema, request.query, 'invalid_query');
    const place = nearestCity(latitude, longitude);
    if (!place) throw new ApiError(404, 'not_found', 'No known city is near this location', 'latitude');
    return reply.header('Cache-Control', CACHE).send(toUserLocation(place, { latitude, longitude }));
  });
};
