/**
 * What-if plans and suggested sites (domain/plan.ts): coverage and the counties' need before and after opening
 * hypothetical sites and closing locations, and the greedy choice of the next sites.
 */
import { Type } from 'typebox';
import { COVERAGE_MAX_KM } from '../../domain/coverage';
import {
  PLAN_ADD_MAX_CHARS,
  PLAN_ADD_PATTERN,
  PLAN_CLOSE_MAX_CHARS,
  PLAN_CLOSE_PATTERN,
  PLAN_MAX_CHANGES,
  PLAN_OBJECTIVES,
  planGuidsOf,
  planPointsOf,
  SUGGEST_MAX_SITES,
} from '../../domain/plan';
import { PROVINCES } from '../../domain/provinces';
import { PlanAnswer, SuggestAnswer } from '../../domain/wire/answers';
import { DecimalString, filterQueryProperties, IntegerString, TypeIdParams } from '../../domain/wire/requests';
import { errors } from '../http/answers';
import { badRequest } from '../http/errors';
import { filtersOfQuery, queryNumber } from '../http/queryValues';
import type { Api, RouteContext } from './context';
import { requireType } from './lookups';

const planQuery = Type.Object(
  {
    ...filterQueryProperties,
    km: DecimalString,
    add: Type.Optional(
      Type.String({
        pattern: PLAN_ADD_PATTERN,
        maxLength: PLAN_ADD_MAX_CHARS,
        description: `Sites to open, as LON,LAT;LON,LAT… (at most ${PLAN_MAX_CHANGES}, each inside Iran)`,
      }),
    ),
    close: Type.Optional(
      Type.String({
        pattern: PLAN_CLOSE_PATTERN,
        maxLength: PLAN_CLOSE_MAX_CHARS,
        description: `Locations of the type to close, as GUID,GUID… (at most ${PLAN_MAX_CHANGES})`,
      }),
    ),
  },
  { additionalProperties: false },
);

const suggestQuery = Type.Object(
  {
    ...filterQueryProperties,
    km: DecimalString,
    n: IntegerString,
    for: Type.Enum(PLAN_OBJECTIVES),
    province: Type.Optional(Type.String({ pattern: '^IR-\\d{2}$', description: 'A province’s ISO 3166-2 code' })),
  },
  { additionalProperties: false },
);

const PROVINCE_CODES = new Set(PROVINCES.map((p) => p.iso_3166_2));

/** At most PLAN_MAX_CHANGES of a kind, told by count (the schema leaves room for one more to say so). */
function withinLimit<T>(what: string, items: T[]): T[] {
  if (items.length > PLAN_MAX_CHANGES)
    throw badRequest(`a plan takes at most ${PLAN_MAX_CHANGES} ${what}, got ${items.length}`);
  return items;
}

export function registerPlanRoutes(app: Api, { plans }: RouteContext): void {
  app.get(
    '/plan/:typeId',
    {
      schema: {
        tags: ['analysis'],
        summary:
          'A what-if plan: people (all, aged 15-29, women) farther than km before and after opening sites and closing locations, per province and county, with each county’s need rank',
        params: TypeIdParams,
        querystring: planQuery,
        response: { 200: PlanAnswer, ...errors(400, 404) },
      },
    },
    async (request) => {
      const type = requireType(request.params.typeId);
      const km = queryNumber('km', request.query.km, 0.1, COVERAGE_MAX_KM);
      const add = withinLimit('sites', planPointsOf(request.query.add));
      const close = withinLimit('closures', planGuidsOf(request.query.close));
      return plans.plan(type.typeId, km, filtersOfQuery(request.query), add, close);
    },
  );
  app.get(
    '/plan/:typeId/suggest',
    {
      schema: {
        tags: ['analysis'],
        summary:
          'Suggested sites: the greedy choice of n new sites (towns and census spots) bringing the most people (all, aged 15-29 or women) within km, nationally or in one province; within (1 - 1/e) of the best choice',
        params: TypeIdParams,
        querystring: suggestQuery,
        response: { 200: SuggestAnswer, ...errors(400, 404) },
      },
    },
    async (request) => {
      const type = requireType(request.params.typeId);
      const km = queryNumber('km', request.query.km, 0.1, COVERAGE_MAX_KM);
      const n = queryNumber('n', request.query.n, 1, SUGGEST_MAX_SITES);
      const province = request.query.province ?? null;
      if (province !== null && !PROVINCE_CODES.has(province)) throw badRequest(`no province has the code ${province}`);
      return plans.suggest(type.typeId, km, filtersOfQuery(request.query), n, request.query.for, province);
    },
  );
}
