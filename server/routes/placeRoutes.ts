/** Places by name (provinces and cities), for "near this town". */
import { Type } from 'typebox';
import { PLACE_LIMIT } from '../../domain/places';
import { SEARCH_MAX_CHARS } from '../../domain/search';
import { Place } from '../../domain/wire/answers';
import { IntegerString } from '../../domain/wire/requests';
import { limitOf } from '../http/queryValues';
import { findPlaces } from '../places/gazetteer';
import { errors } from '../http/answers';
import type { Api } from './context';

const placesQuery = Type.Object(
  { q: Type.String({ maxLength: SEARCH_MAX_CHARS }), limit: Type.Optional(IntegerString) },
  { additionalProperties: false },
);

export function registerPlaceRoutes(app: Api): void {
  app.get(
    '/places',
    {
      schema: {
        tags: ['search'],
        summary: 'Provinces and cities by name, for “near this town”',
        querystring: placesQuery,
        response: { 200: Type.Array(Place), ...errors(400) },
      },
    },
    async (request) => {
      const { q, limit } = request.query;
      return findPlaces(q, limitOf(limit, PLACE_LIMIT));
    },
  );
}
