import { Type } from 'typebox';
import { ChartRow, Names, PiePoint } from '../../domain/wire/answers';
import { FilterQuery, GuidString, ProvinceParam, TypeIdParams } from '../../domain/wire/requests';
import type { Filters } from '../../domain/filters';
import { filtersOfQuery } from '../http/queryValues';
import * as scans from '../points/pointScans';
import { chartRowsOf, genderCounts, pieOf, provinceCounts } from '../stats/filteredCounts';
import { preferredEncoding } from '../http/acceptEncoding';
import type { Api, RouteContext } from './context';
import { requireProvince, requireType } from './lookups';
import { errors, media } from '../http/answers';

const typeAndOstanParams = Type.Object({ typeId: GuidString, ostan: ProvinceParam });

/** The longest list a chart view prepares ahead of its opening (a few hundred milliseconds of work at most). */
export const LIST_PREPARED_MAX = 50_000;

export function registerStatsRoutes(app: Api, context: RouteContext): void {
  const { nameLists } = context;
  const countsByProvince = (typeId: string, filters: Filters) => provinceCounts(context, typeId, filters);
  const countsByGender = (typeId: string, provinceIso: string | null, filters: Filters) =>
    genderCounts(context, typeId, provinceIso, filters);

  app.get(
    '/TVTOBase/OrglocationChartData/:typeId',
    {
      schema: {
        tags: ['statistics'],
        summary: 'The count of a type in each of the 31 provinces',
        params: TypeIdParams,
        querystring: FilterQuery,
        response: { 200: Type.Array(ChartRow), ...errors(400, 404) },
      },
    },
    async (request) => {
      const type = requireType(request.params.typeId);
      const filters = filtersOfQuery(request.query);
      const counts = await countsByProvince(type.typeId, filters);
      // Whoever looks at a type's chart may open its list next: a short list is prepared meanwhile. A long one
      // is not: hundreds of thousands of names are seconds of work (in batches, so requests go on) and memory
      // kept, for a list nobody may open; it is made when someone opens it.
      const total = [...counts.values()].reduce((sum, count) => sum + count, 0);
      if (total <= LIST_PREPARED_MAX) nameLists.get(type.typeId, null, filters).catch(() => undefined);
      return chartRowsOf(type, counts);
    },
  );

  app.get(
    '/TVTOBase/OrglocationPie/:typeId/:ostan',
    {
      schema: {
        tags: ['statistics'],
        summary: 'A type’s counts by gender in a province (its English name) or All',
        params: typeAndOstanParams,
        querystring: FilterQuery,
        response: { 200: Type.Array(PiePoint), ...errors(400, 404) },
      },
    },
    async (request) => {
      const type = requireType(request.params.typeId);
      const province = requireProvince(request.params.ostan);
      const filters = filtersOfQuery(request.query);
      const counts = await countsByGender(type.typeId, province?.iso_3166_2 ?? null, filters);
      return pieOf(counts);
    },
  );

  app.get(
    '/TVTOBase/OrglocationByTypeAndOstan/:typeId/:ostan',
    {
      schema: {
        tags: ['statistics'],
        summary: 'The names of a type’s locations in a province or All, in Persian order',
        params: typeAndOstanParams,
        querystring: FilterQuery,
        // Sent as kept, already compressed: the schema documents what the bytes hold.
        response: { 200: media({ 'application/json': Names }), ...errors(400, 404) },
      },
    },
    async (request, reply) => {
      const type = requireType(request.params.typeId);
      const province = requireProvince(request.params.ostan);
      const filters = filtersOfQuery(request.query);
      const list = await nameLists.get(type.typeId, province?.iso_3166_2 ?? null, filters);
      // Sent as kept: compressed once, tagged by the dataset version (no hash of megabytes per request).
      const encoding = preferredEncoding(request.headers['accept-encoding']);
      reply.header('vary', 'accept-encoding');
      const filtered = scans.filterHash(filters);
      reply.header('etag', `W/"v${list.version}-${type.typeId}-${request.params.ostan}-${filtered}-${encoding}"`);
      if (encoding !== 'identity') reply.header('content-encoding', encoding);
      reply.type('application/json; charset=utf-8');
      return encoding === 'br' ? list.br : encoding === 'gzip' ? list.gzip : list.json;
    },
  );
}
