/**
 * A viewport type's points by tile (domain/pointTiles.ts): an index that names the current dataset version
 * (revalidated like every answer), and tiles under addresses naming that version, kept for ever by whoever
 * holds them. A tile's points are exactly the LazyLoad answer for the tile's box: the same k-d tree, the same
 * filters, the same compact form.
 */
import { POINTS_MEDIA_TYPE } from '../../domain/pointsWire';
import { VERSION_GONE } from '../../domain/http';
import { isServedTile, tileBox, tileLevelsOf, tileName, type TileLevels } from '../../domain/pointTiles';
import type { LocationType } from '../../domain/locationTypes';
import { TileIndex } from '../../domain/wire/answers';
import { FilterQuery, TileParams, TypeIdParams } from '../../domain/wire/requests';
import { errors, fileAnswer, media } from '../http/answers';
import { HttpError, notFound } from '../http/errors';
import { filtersOfQuery } from '../http/queryValues';
import { versionTag } from '../http/versionTag';
import { filterHash, filterOf } from '../points/pointScans';
import { binaryOf, idsInBox } from '../points/TypePoints';
import type { Api, RouteContext } from './context';
import { requireType } from './lookups';

/** What a tile's address names may be kept this long: for ever, as the hashed assets and the downloads. */
const FOR_EVER = 'public, max-age=31536000, immutable';

function tileLevels(type: LocationType): TileLevels {
  if (type.minZoom === null)
    throw notFound('not_tiled', `${type.route || type.typeId} is read whole (its fixed call), not by tile`);
  return tileLevelsOf(type.minZoom);
}

export function registerTileRoutes(app: Api, context: RouteContext): void {
  const { points } = context;

  app.get(
    '/tiles/:typeId',
    {
      schema: {
        tags: ['map'],
        summary: "A viewport type's tile index: the dataset version its tiles' addresses name, and their levels",
        params: TypeIdParams,
        response: { 200: TileIndex, ...errors(400, 404) },
      },
    },
    async (request, reply) => {
      const type = requireType(request.params.typeId);
      const levels = tileLevels(type);
      const typePoints = await points.get(type.typeId);
      versionTag(reply, typePoints.version, 'tile-index', type.typeId);
      return { Version: typePoints.version, MinLevel: levels.min, MaxLevel: levels.max };
    },
  );

  app.get(
    '/tiles/:typeId/:version/:z/:x/:y',
    {
      schema: {
        tags: ['map'],
        summary:
          "One tile of a type's points at one dataset version, in Makan's compact form: the same for ever (immutable)",
        params: TileParams,
        querystring: FilterQuery,
        response: { 200: media({ [POINTS_MEDIA_TYPE]: fileAnswer }), ...errors(400, 404, 503) },
      },
      // A version newer than this server's is one it has not reached yet (another server has): waited for, or
      // refused with 503 for the balancer to ask elsewhere. Only an older one is gone.
      config: { versionParam: 'version' },
    },
    async (request, reply) => {
      const type = requireType(request.params.typeId);
      const levels = tileLevels(type);
      const tile = { z: Number(request.params.z), x: Number(request.params.x), y: Number(request.params.y) };
      if (!isServedTile(levels, tile))
        throw notFound('unknown_tile', `no tile ${tileName(tile)}: levels ${levels.min} to ${levels.max} are served`);
      const typePoints = await points.get(type.typeId);
      if (Number(request.params.version) !== typePoints.version)
        throw new HttpError(
          404,
          VERSION_GONE,
          `dataset version ${request.params.version} is no longer served; the current one is ${typePoints.version} (read /api/tiles/${type.typeId})`,
        );
      const filters = filtersOfQuery(request.query);
      const box = tileBox(tile);
      const ids = idsInBox(
        typePoints,
        { minLat: box.MinLat, minLon: box.MinLon, maxLat: box.MaxLat, maxLon: box.MaxLon },
        filterOf(typePoints, filters),
      );
      reply.header('cache-control', FOR_EVER);
      versionTag(reply, typePoints.version, 'tile', type.typeId, tileName(tile), filterHash(filters));
      reply.type(POINTS_MEDIA_TYPE);
      return binaryOf(typePoints, ids);
    },
  );
}
