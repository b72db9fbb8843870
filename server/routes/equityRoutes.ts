/** Need against supply per province or county (domain/equity.ts): census figures beside the type's locations. */
import { Type } from 'typebox';
import { COVERAGE_MAX_KM } from '../../domain/coverage';
import { EQUITY_LEVELS } from '../../domain/equity';
import { EquityRow } from '../../domain/wire/answers';
import { DecimalString, filterQueryProperties, TypeIdParams } from '../../domain/wire/requests';
import { errors } from '../http/answers';
import { filtersOfQuery, queryNumber } from '../http/queryValues';
import type { Api, RouteContext } from './context';
import { requireType } from './lookups';

const equityQuery = Type.Object(
  { ...filterQueryProperties, level: Type.Enum(EQUITY_LEVELS), km: DecimalString },
  { additionalProperties: false },
);

export function registerEquityRoutes(app: Api, { equity }: RouteContext): void {
  app.get(
    '/equity/:typeId',
    {
      schema: {
        tags: ['analysis'],
        summary:
          'Need against supply per province (31) or county (429): 2016 census figures, locations per 100,000 aged 15-29, unemployment, share far, and a need rank',
        params: TypeIdParams,
        querystring: equityQuery,
        response: { 200: Type.Array(EquityRow), ...errors(400, 404) },
      },
    },
    async (request) => {
      const type = requireType(request.params.typeId);
      const km = queryNumber('km', request.query.km, 0.1, COVERAGE_MAX_KM);
      return equity.equity(type.typeId, request.query.level, km, filtersOfQuery(request.query));
    },
  );
}
