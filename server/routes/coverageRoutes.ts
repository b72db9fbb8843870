/** Who lives far from a type's locations: people of settlements farther than K km from the nearest one. */
import { Type } from 'typebox';
import { COVERAGE_MAX_KM } from '../../domain/coverage';
import { CoverageAnswer } from '../../domain/wire/answers';
import { DecimalString, filterQueryProperties, TypeIdParams } from '../../domain/wire/requests';
import { filtersOfQuery, queryNumber } from '../http/queryValues';
import type { Api, RouteContext } from './context';
import { requireType } from './lookups';
import { errors } from '../http/answers';

const coverageQuery = Type.Object({ ...filterQueryProperties, km: DecimalString }, { additionalProperties: false });

export function registerCoverageRoutes(app: Api, { coverage }: RouteContext): void {
  app.get(
    '/coverage/:typeId',
    {
      schema: {
        tags: ['analysis'],
        summary: 'People (in GeoNames places of 1,000 or more) farther than km from the nearest location',
        params: TypeIdParams,
        querystring: coverageQuery,
        response: { 200: CoverageAnswer, ...errors(400, 404) },
      },
    },
    async (request) => {
      const type = requireType(request.params.typeId);
      const km = queryNumber('km', request.query.km, 0.1, COVERAGE_MAX_KM);
      return coverage.coverage(type.typeId, km, filtersOfQuery(request.query));
    },
  );
}
