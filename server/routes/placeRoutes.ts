/** Places by name (provinces and cities), for "near this town". */
import type { FastifyInstance } from 'fastify';
import { PLACE_LIMIT, type Place } from '../../domain/places';
import { SEARCH_MAX_CHARS } from '../../domain/search';
import { integerString, queryNumber } from '../http/schemas';
import { findPlaces } from '../places/gazetteer';
import { errors, placesAnswer } from '../http/answers';

const placesQuery = {
  type: 'object',
  required: ['q'],
  additionalProperties: false,
  properties: {
    q: { type: 'string', maxLength: SEARCH_MAX_CHARS },
    limit: integerString,
  },
} as const;

export function registerPlaceRoutes(app: FastifyInstance): void {
  app.get<{ Querystring: { q: string; limit?: string } }>(
    '/places',
    {
      schema: {
        tags: ['search'],
        summary: 'Provinces and cities by name, for “near this town”',
        querystring: placesQuery,
        response: { 200: placesAnswer, ...errors(400) },
      },
    },
    async (request): Promise<Place[]> => {
      const { q, limit } = request.query;
      const count = limit === undefined ? PLACE_LIMIT.default : queryNumber('limit', limit, 1, PLACE_LIMIT.max);
      return findPlaces(q, count);
    },
  );
}
