/** What lies inside a polygon: counts by gender, the names, or the locations themselves as CSV or GeoJSON. */
import type { FastifyReply } from 'fastify';
import { Type } from 'typebox';
import type { Polygon } from 'geojson';
import { stringify } from 'csv-stringify/sync';
import { safeCell } from '../../domain/csvCells';
import { AREA_NAMES_MAX, openRing, ringProblem } from '../../domain/area';
import { AreaAnswer, LocationsGeoJson } from '../../domain/wire/answers';
import { AreaRequest, filterQueryProperties, TypeIdParams } from '../../domain/wire/requests';
import type { MapLocation } from '../../domain/gateway';
import { bboxOf, ringTest } from '../../domain/geometry';
import { badRequest } from '../http/errors';
import { filtersOfQuery } from '../http/queryValues';
import { firstByName } from '../points/nameOrder';
import { facetCountsOf } from '../points/PointFacets';
import { filterOf } from '../points/pointScans';
import { idsInBox, locationOf, type TypePoints } from '../points/TypePoints';
import type { Api, RouteContext } from './context';
import { requireType } from './lookups';
import { errors, fileAnswer, media } from '../http/answers';

const areaQuery = Type.Object(
  { ...filterQueryProperties, format: Type.Optional(Type.Enum(['json', 'csv', 'geojson'])) },
  { additionalProperties: false },
);

/** The gateway's names of a location's filter values, for the files. */
function valuesOf(points: TypePoints, id: number) {
  const { columns } = points.facets;
  return {
    Gender: columns.gender.values[columns.gender.codes[id]!]!,
    Legal: columns.legal.values[columns.legal.codes[id]!]!,
    ZirNazar: columns.supervisor.values[columns.supervisor.codes[id]!]!,
  };
}

/** The area's locations as a file, returned rather than sent: an answer made again is never sent twice. */
function areaFile(reply: FastifyReply, points: TypePoints, ids: Uint32Array, format: 'csv' | 'geojson') {
  const rows = [...ids].map((id) => ({ ...locationOf(points, id), ...valuesOf(points, id) }));
  reply.header('content-disposition', `attachment; filename="area-${points.typeId}.${format}"`);
  if (format === 'csv') {
    const header = ['Guid', 'NameMakanAmoozeshi', 'Lat', 'Long', 'Gender', 'Legal', 'ZirNazar'];
    const body = stringify(
      rows.map((r) => [r.Guid, r.Name, r.Lat, r.Long, r.Gender, r.Legal, r.ZirNazar]),
      { header: true, columns: header, record_delimiter: 'windows', cast: { string: safeCell } },
    );
    reply.type('text/csv; charset=utf-8');
    return `\uFEFF${body}`;
  }
  reply.type('application/geo+json; charset=utf-8');
  return {
    type: 'FeatureCollection',
    features: rows.map(({ Lat, Long, ...properties }: MapLocation & Record<string, unknown>) => ({
      type: 'Feature',
      geometry: { type: 'Point', coordinates: [Long, Lat] },
      properties,
    })),
  };
}

export function registerAreaRoutes(app: Api, { points, nameOrders }: RouteContext): void {
  app.post(
    '/area/:typeId',
    {
      schema: {
        tags: ['analysis'],
        summary: 'What lies inside a polygon: counts by gender and names, or the locations as CSV or GeoJSON',
        params: TypeIdParams,
        querystring: areaQuery,
        body: AreaRequest,
        response: {
          200: media({
            'application/json': AreaAnswer,
            'text/csv': fileAnswer,
            'application/geo+json': LocationsGeoJson,
          }),
          ...errors(400, 404, 413),
        },
      },
      bodyLimit: 64 * 1024,
    },
    async (request, reply) => {
      const type = requireType(request.params.typeId);
      const ring = openRing(request.body.Polygon);
      const problem = ringProblem(ring);
      if (problem) throw badRequest(problem);
      const polygon: Polygon = { type: 'Polygon', coordinates: [[...ring, ring[0]!]] };
      const typePoints = await points.get(type.typeId);
      const filter = filterOf(typePoints, filtersOfQuery(request.query));
      const candidates = idsInBox(typePoints, bboxOf(polygon), filter);
      const inRing = ringTest(ring);
      const { coordinates } = typePoints;
      const inside = candidates.filter((id) => inRing(coordinates[2 * id]!, coordinates[2 * id + 1]!));
      const format = request.query.format ?? 'json';
      if (format !== 'json') return areaFile(reply, typePoints, inside, format);
      const answer: AreaAnswer = {
        Count: inside.length,
        ByGender: facetCountsOf(typePoints.facets, 'gender', inside),
        Names: Array.from(
          firstByName(await nameOrders.of(typePoints), inside, AREA_NAMES_MAX),
          (id) => locationOf(typePoints, id).Name,
        ),
      };
      return answer;
    },
  );
}
