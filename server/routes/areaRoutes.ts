/** What lies inside a polygon: counts by gender, the names, or the locations themselves as CSV or GeoJSON. */
import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import { Type } from 'typebox';
import type { Polygon, Position } from 'geojson';
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
import { pacedPieces } from '../exporter/exportPacer';

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

/** Locations a piece of an area's file holds. */
const ROWS_PER_PIECE = 500;

const CSV_COLUMNS = ['Guid', 'NameMakanAmoozeshi', 'Lat', 'Long', 'Gender', 'Legal', 'ZirNazar'];

/**
 * The area's locations as a file, written a piece at a time as the client reads it, each piece within the bulk
 * work's budget (exporter/exportPacer.ts): an area over most of a type of a million locations was 330,000 rows
 * made and written at once, holding every other request of the process 6 to 7 s. Returned rather than sent: an
 * answer made again is never sent twice.
 */
function areaFile(reply: FastifyReply, points: TypePoints, ids: Uint32Array, format: 'csv' | 'geojson') {
  reply.header('content-disposition', `attachment; filename="area-${points.typeId}.${format}"`);
  reply.type(format === 'csv' ? 'text/csv; charset=utf-8' : 'application/geo+json; charset=utf-8');
  const rowsOf = (start: number, end: number) =>
    [...ids.subarray(start, end)].map((id) => ({ ...locationOf(points, id), ...valuesOf(points, id) }));
  async function* csv(): AsyncGenerator<string> {
    const options = { columns: CSV_COLUMNS, record_delimiter: 'windows' } as const;
    yield '\uFEFF' + stringify([], { ...options, header: true });
    yield* pacedPieces(ids.length, ROWS_PER_PIECE, (start, end) =>
      stringify(
        rowsOf(start, end).map((r) => [r.Guid, r.Name, r.Lat, r.Long, r.Gender, r.Legal, r.ZirNazar]),
        { ...options, cast: { string: safeCell } },
      ),
    );
  }
  async function* geoJson(): AsyncGenerator<string> {
    yield '{"type":"FeatureCollection","features":[';
    yield* pacedPieces(ids.length, ROWS_PER_PIECE, (start, end) => {
      const features = rowsOf(start, end).map(({ Lat, Long, ...properties }: MapLocation & Record<string, unknown>) =>
        JSON.stringify({ type: 'Feature', geometry: { type: 'Point', coordinates: [Long, Lat] }, properties }),
      );
      return (start === 0 ? '' : ',') + features.join(',');
    });
    yield ']}';
  }
  return Readable.from(format === 'csv' ? csv() : geoJson(), { objectMode: false });
}

/**
 * Those of the candidates (ascending) inside the ring, ascending. A loop into one array: a typed array's `filter`
 * with a closure took ~25 ms for a third of a million academies.
 */
function insideRing(points: TypePoints, ring: Position[], candidates: Uint32Array): Uint32Array {
  const inRing = ringTest(ring);
  const { coordinates } = points;
  const inside = new Uint32Array(candidates.length);
  let count = 0;
  for (let i = 0; i < candidates.length; i++) {
    const id = candidates[i]!;
    if (inRing(coordinates[2 * id]!, coordinates[2 * id + 1]!)) inside[count++] = id;
  }
  return inside.subarray(0, count);
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
      const inside = insideRing(typePoints, ring, idsInBox(typePoints, bboxOf(polygon), filter));
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
