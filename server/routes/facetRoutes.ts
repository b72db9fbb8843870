/** The filters' values of a type, each with its count in scope (a province or all, and the other filters). */
import type { FastifyInstance } from 'fastify';
import { ALL_PROVINCES } from '../../domain/gateway';
import type { FacetsAnswer } from '../../domain/filters';
import { filterQueryProperties, filtersOfQuery, typeIdParams, type FilterQuery } from '../http/schemas';
import { facetsOf } from '../points/pointScans';
import type { RouteContext } from './context';
import { requireProvince, requireType } from './lookups';
import { errors, facetsAnswer } from '../http/answers';

const facetsQuery = {
  type: 'object',
  additionalProperties: false,
  properties: { ...filterQueryProperties, ostan: { type: 'string', minLength: 1, maxLength: 64 } },
} as const;

export function registerFacetRoutes(app: FastifyInstance, { points }: RouteContext): void {
  app.get<{ Params: { typeId: string }; Querystring: FilterQuery & { ostan?: string } }>(
    '/facets/:typeId',
    {
      schema: {
        tags: ['statistics'],
        summary: 'Each filter’s values with their counts under the other filters',
        params: typeIdParams,
        querystring: facetsQuery,
        response: { 200: facetsAnswer, ...errors(400, 404) },
      },
    },
    async (request): Promise<FacetsAnswer> => {
      const type = requireType(request.params.typeId);
      const province = requireProvince(request.query.ostan ?? ALL_PROVINCES);
      const typePoints = await points.get(type.typeId);
      return facetsOf(typePoints, province?.iso_3166_2 ?? null, filtersOfQuery(request.query));
    },
  );
}
