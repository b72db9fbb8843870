import type { FastifyInstance } from 'fastify';
import { LAZYLOAD_ROW_CAP, TRUNCATED_HEADER, type ClusterItem, type MapLocation, type ViewportBounds } from '../../domain/gateway';
import { badRequest } from '../http/errors';
import { clusterQuery, queryNumber, typeIdParams, viewportBoundsBody } from '../http/schemas';
import type { PointRow } from '../store/LocationStore';
import type { RouteContext } from './context';
import { requireOrderedBox, requireType } from './lookups';

const toMapLocation = (row: PointRow): MapLocation => ({ Lat: row.lat, Long: row.lon, Name: row.name, Guid: row.guid });

interface TypeParams {
  typeId: string;
}
interface ClusterQuery {
  zoom?: string;
  minLat?: string;
  minLon?: string;
  maxLat?: string;
  maxLon?: string;
}

export function registerMapRoutes(app: FastifyInstance, { store, clusters }: RouteContext): void {
  app.get<{ Params: TypeParams }>('/Map/BindByOrglocationTypeID/:typeId', { schema: { params: typeIdParams } }, async (request) => {
    const type = requireType(request.params.typeId);
    return (await store.locationsOfType(type.typeId)).map(toMapLocation);
  });

  app.post<{ Params: TypeParams; Body: ViewportBounds }>(
    '/Map/LazyLoad/:typeId',
    { schema: { params: typeIdParams, body: viewportBoundsBody }, bodyLimit: 1024 },
    async (request, reply) => {
      const type = requireType(request.params.typeId);
      const { MinLat, MinLon, MaxLat, MaxLon } = request.body;
      const box = requireOrderedBox({ minLat: MinLat, minLon: MinLon, maxLat: MaxLat, maxLon: MaxLon });
      // One row past the cap tells us whether the answer was cut.
      const rows = await store.locationsInBox(type.typeId, box, LAZYLOAD_ROW_CAP + 1);
      if (rows.length > LAZYLOAD_ROW_CAP) {
        rows.length = LAZYLOAD_ROW_CAP;
        reply.header(TRUNCATED_HEADER, String(LAZYLOAD_ROW_CAP));
      }
      return rows.map(toMapLocation);
    },
  );

  app.get<{ Params: TypeParams; Querystring: ClusterQuery }>(
    '/TVTOBase/OrglocationMap/:typeId',
    { schema: { params: typeIdParams, querystring: clusterQuery } },
    async (request): Promise<ClusterItem[]> => {
      const type = requireType(request.params.typeId);
      const { zoom, minLat, minLon, maxLat, maxLon } = request.query;
      const given = [zoom, minLat, minLon, maxLat, maxLon].filter((v) => v !== undefined).length;
      if (given === 0) {
        return (await store.provinceBubbles(type.typeId)).map((b) => ({ Lat: b.lat, Long: b.lon, Count: b.count }));
      }
      if (given < 5) throw badRequest('zoom, minLat, minLon, maxLat and maxLon go together: give all five or none');
      const box = requireOrderedBox({
        minLat: queryNumber('minLat', minLat!, -90, 90),
        minLon: queryNumber('minLon', minLon!, -180, 180),
        maxLat: queryNumber('maxLat', maxLat!, -90, 90),
        maxLon: queryNumber('maxLon', maxLon!, -180, 180),
      });
      const level = queryNumber('zoom', zoom!, 0, 24);
      return clusters.clusters(type.typeId, box, level);
    },
  );
}
