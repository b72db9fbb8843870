/** Who lives far from a type's locations: people of settlements farther than K km from the nearest one. */
import type { FastifyInstance } from 'fastify';
import { COVERAGE_MAX_KM, type CoverageAnswer } from '../../domain/coverage';
import {
  decimalString,
  filterQueryProperties,
  filtersOfQuery,
  queryNumber,
  typeIdParams,
  type FilterQuery,
} from '../http/schemas';
import type { RouteContext } from './context';
import { requireType } from './lookups';
import { coverageAnswer, errors } from '../http/answers';

const coverageQuery = {
  type: 'object',
  required: ['km'],
  additionalProperties: false,
  properties: { ...filterQueryProperties, km: decimalString },
} as const;

export function registerCoverageRoutes(app: FastifyInstance, { coverage }: RouteContext): void {
  app.get<{ Params: { typeId: string }; Querystring: FilterQuery & { km: string } }>(
    '/coverage/:typeId',
    {
      schema: {
        tags: ['analysis'],
        summary: 'People (in GeoNames places of 1,000 or more) farther than km from the nearest location',
        params: typeIdParams,
        querystring: coverageQuery,
        response: { 200: coverageAnswer, ...errors(400, 404) },
      },
    },
    async (request): Promise<CoverageAnswer> => {
      const type = requireType(request.params.typeId);
      const km = queryNumber('km', request.query.km, 0.1, COVERAGE_MAX_KM);
      return coverage.coverage(type.typeId, km, filtersOfQuery(request.query));
    },
  );
}
