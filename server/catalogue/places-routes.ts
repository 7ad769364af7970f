import type { FastifyPluginAsync } from 'fastify';
import { CityQuerySchema, ReverseQuerySchema, SuggestQuerySchema } from '#contracts/places';
import { ApiError, parseInput } from '../errors.ts';
import { findCity, nearestCity, suggestCities, toUserLocation } from './places.ts';

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
