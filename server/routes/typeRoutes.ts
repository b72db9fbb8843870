import type { FastifyInstance } from 'fastify';
import { LOCATION_TYPES } from '../../domain/locationTypes';
import { errors, typesAnswer } from '../http/answers';

/** The catalogue itself, for clients that do not bundle it. */
export function registerTypeRoutes(app: FastifyInstance): void {
  app.get(
    '/types',
    {
      schema: {
        tags: ['dataset'],
        summary: 'The catalogue of location types',
        response: { 200: typesAnswer, ...errors() },
      },
    },
    async () =>
      LOCATION_TYPES.map(({ route, typeId, loadMode, minZoom, titleFa, menuOrder, statsEnabled }) => ({
        route,
        typeId,
        loadMode,
        minZoom,
        titleFa,
        menuOrder,
        statsEnabled,
      })),
  );
}
