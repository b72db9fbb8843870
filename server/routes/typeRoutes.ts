import type { FastifyInstance } from 'fastify';
import { LOCATION_TYPES } from '../../domain/locationTypes';

/** The catalogue itself, for clients that do not bundle it. */
export function registerTypeRoutes(app: FastifyInstance): void {
  app.get('/types', async () =>
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
