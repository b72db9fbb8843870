/** The filters' values of a type, each with its count in scope (a province or all, and the other filters). */
import { Type } from 'typebox';
import { ALL_PROVINCES } from '../../domain/gateway';
import { FacetsAnswer } from '../../domain/wire/answers';
import { filterQueryProperties, ProvinceParam, TypeIdParams } from '../../domain/wire/requests';
import { filtersOfQuery } from '../http/queryValues';
import { facetsOf } from '../points/pointScans';
import type { Api, RouteContext } from './context';
import { requireProvince, requireType } from './lookups';
import { errors } from '../http/answers';

const facetsQuery = Type.Object(
  { ...filterQueryProperties, ostan: Type.Optional(ProvinceParam) },
  { additionalProperties: false },
);

export function registerFacetRoutes(app: Api, { points }: RouteContext): void {
  app.get(
    '/facets/:typeId',
    {
      schema: {
        tags: ['statistics'],
        summary: 'Each filter’s values with their counts under the other filters',
        params: TypeIdParams,
        querystring: facetsQuery,
        response: { 200: FacetsAnswer, ...errors(400, 404) },
      },
    },
    async (request) => {
      const type = requireType(request.params.typeId);
      const province = requireProvince(request.query.ostan ?? ALL_PROVINCES);
      const typePoints = await points.get(type.typeId);
      return facetsOf(typePoints, province?.iso_3166_2 ?? null, filtersOfQuery(request.query));
    },
  );
}
