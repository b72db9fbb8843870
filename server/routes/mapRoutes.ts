import { Type } from 'typebox';
import { LAZYLOAD_ROW_CAP, TRUNCATED_HEADER } from '../../domain/gateway';
import { POINTS_MEDIA_TYPE, STALE_POINTS_ERROR } from '../../domain/pointsWire';
import { ClusterItem, LabelledLocation, MapLocation } from '../../domain/wire/answers';
import { ClusterQuery, FilterQuery, LabelsRequest, TypeIdParams, ViewportBounds } from '../../domain/wire/requests';
import { badRequest, HttpError } from '../http/errors';
import { filtersOfQuery, queryNumber } from '../http/queryValues';
import { filterHash, filterOf } from '../points/pointScans';
import { provinceBubblesOf } from '../stats/filteredCounts';
import { allIds, binaryOf, idsInBox, jsonAnswerOf, jsonOf, labelsJsonOf } from '../points/TypePoints';
import { versionTag } from '../http/versionTag';
import type { Api, RouteContext } from './context';
import { requireOrderedBox, requireType } from './lookups';
import { errors, fileAnswer, media } from '../http/answers';

// Other query parameters are ignored (FilterQuery allows them), as before filters existed: a cache-buster
// must not become a 400.
/** Sent as built (JSON text or the compact form): the schema documents what the JSON holds. */
const locationsAnswer = media({ 'application/json': Type.Array(MapLocation), [POINTS_MEDIA_TYPE]: fileAnswer });

const JSON_TYPE = 'application/json; charset=utf-8';

function wantsPoints(accept: string | undefined): boolean {
  return accept !== undefined && accept.toLowerCase().includes(POINTS_MEDIA_TYPE);
}

export function registerMapRoutes(app: Api, context: RouteContext): void {
  const { points } = context;
  app.get(
    '/Map/BindByOrglocationTypeID/:typeId',
    {
      schema: {
        tags: ['map'],
        summary: "Every location of a type: JSON, or, asked for by Accept, Makan's compact binary form",
        params: TypeIdParams,
        querystring: FilterQuery,
        response: { 200: locationsAnswer, ...errors(400, 404) },
      },
    },
    async (request, reply) => {
      const type = requireType(request.params.typeId);
      const filters = filtersOfQuery(request.query);
      const typePoints = await points.get(type.typeId);
      const ids = allIds(typePoints, filterOf(typePoints, filters));
      // As LazyLoad: the gateway's JSON, or the compact form whose ids the labels call names (with gender).
      const compact = wantsPoints(request.headers.accept);
      reply.header('vary', 'accept');
      versionTag(reply, typePoints.version, compact ? 'all-points' : 'all', type.typeId, filterHash(filters));
      if (compact) {
        reply.type(POINTS_MEDIA_TYPE);
        return binaryOf(typePoints, ids);
      }
      reply.type(JSON_TYPE);
      return jsonAnswerOf(typePoints, ids);
    },
  );

  app.post(
    '/Map/LazyLoad/:typeId',
    {
      schema: {
        tags: ['map'],
        summary: `The locations of a type in a box: JSON (at most ${LAZYLOAD_ROW_CAP}, ${TRUNCATED_HEADER} says when cut) or, asked for by Accept, Makan's compact binary form (all)`,
        params: TypeIdParams,
        body: ViewportBounds,
        querystring: FilterQuery,
        response: { 200: locationsAnswer, ...errors(400, 404, 413) },
      },
      bodyLimit: 1024,
    },
    async (request, reply) => {
      const type = requireType(request.params.typeId);
      const { MinLat, MinLon, MaxLat, MaxLon } = request.body;
      const box = requireOrderedBox({ minLat: MinLat, minLon: MinLon, maxLat: MaxLat, maxLon: MaxLon });
      const filters = filtersOfQuery(request.query);
      const typePoints = await points.get(type.typeId);
      const ids = idsInBox(typePoints, box, filterOf(typePoints, filters));
      // The same call answers JSON (the gateway's contract, capped) or, asked for, Makan's compact form (all).
      const compact = wantsPoints(request.headers.accept);
      reply.header('vary', 'accept');
      const asked = [type.typeId, MinLat, MinLon, MaxLat, MaxLon, filterHash(filters)];
      versionTag(reply, typePoints.version, compact ? 'points' : 'json', ...asked);
      if (compact) {
        reply.type(POINTS_MEDIA_TYPE);
        return binaryOf(typePoints, ids);
      }
      if (ids.length > LAZYLOAD_ROW_CAP) reply.header(TRUNCATED_HEADER, String(LAZYLOAD_ROW_CAP));
      reply.type(JSON_TYPE);
      return jsonOf(typePoints, ids.subarray(0, LAZYLOAD_ROW_CAP));
    },
  );

  // Makan's own: names and Guids of points of a compact answer, by id, in the order asked.
  app.post(
    '/points/:typeId/labels',
    {
      schema: {
        tags: ['map'],
        summary: 'Names and Guids of points of a compact answer, by id, in the order asked',
        params: TypeIdParams,
        body: LabelsRequest,
        response: {
          200: media({ 'application/json': Type.Array(LabelledLocation) }),
          ...errors(400, 404, 409, 413),
        },
      },
      bodyLimit: 64 * 1024,
    },
    async (request, reply) => {
      const type = requireType(request.params.typeId);
      const typePoints = await points.get(type.typeId);
      const { version, ids } = request.body;
      if (version !== typePoints.version) {
        throw new HttpError(
          409,
          STALE_POINTS_ERROR,
          `these ids belong to dataset version ${version}; it is now ${typePoints.version}: load the points again`,
        );
      }
      const outside = ids.find((id) => id >= typePoints.count);
      if (outside !== undefined) throw badRequest(`no point ${outside} of this type (it has ${typePoints.count})`);
      reply.type(JSON_TYPE);
      return labelsJsonOf(typePoints, ids);
    },
  );

  app.get(
    '/TVTOBase/OrglocationMap/:typeId',
    {
      schema: {
        tags: ['map'],
        summary: 'Bubbles: one per province without a box, or clusters of the box at a zoom (256-px tiles)',
        params: TypeIdParams,
        querystring: ClusterQuery,
        // Sent as the index worker wrote it (clusters of a box) or serialised here (the provinces' bubbles).
        response: { 200: media({ 'application/json': Type.Array(ClusterItem) }), ...errors(400, 404) },
      },
    },
    async (request, reply) => {
      const type = requireType(request.params.typeId);
      const { zoom, minLat, minLon, maxLat, maxLon } = request.query;
      const filters = filtersOfQuery(request.query);
      const given = [zoom, minLat, minLon, maxLat, maxLon].filter((v) => v !== undefined).length;
      if (given === 0) return provinceBubblesOf(context, type.typeId, filters);
      if (given < 5) throw badRequest('zoom, minLat, minLon, maxLat and maxLon go together: give all five or none');
      const box = requireOrderedBox({
        minLat: queryNumber('minLat', minLat!, -90, 90),
        minLon: queryNumber('minLon', minLon!, -180, 180),
        maxLat: queryNumber('maxLat', maxLat!, -90, 90),
        maxLon: queryNumber('maxLon', maxLon!, -180, 180),
      });
      const level = queryNumber('zoom', zoom!, 0, 24);
      // Tagged by what it is made of, as LazyLoad's: a hash of a body of megabytes held the event loop meanwhile.
      const { version } = await points.get(type.typeId);
      const asked = [type.typeId, level, box.minLat, box.minLon, box.maxLat, box.maxLon, filterHash(filters)];
      versionTag(reply, version, 'clusters', ...asked);
      reply.type(JSON_TYPE);
      return reply.send(await context.clusters.clustersJson(type.typeId, box, level, filters));
    },
  );
}
