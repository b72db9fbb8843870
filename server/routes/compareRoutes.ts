/** Provinces side by side: each type's figures in 2 to 4 provinces, from the same counts as the statistics. */
import { Type } from 'typebox';
import { COMPARE_PROVINCES, rankOf } from '../../domain/compare';
import { CompareAnswer } from '../../domain/wire/answers';
import { filterQueryProperties, ProvinceParam } from '../../domain/wire/requests';
import type { Filters } from '../../domain/filters';
import { MENU_ENTRIES } from '../../domain/locationTypes';
import { populationOf, ratePer100k } from '../../domain/population';
import { PROVINCES, type ProvinceRef } from '../../domain/provinces';
import { badRequest } from '../http/errors';
import { filtersOfQuery } from '../http/queryValues';
import { genderCounts, provinceCounts } from '../stats/filteredCounts';
import type { Api, RouteContext } from './context';
import { requireProvince } from './lookups';
import { errors } from '../http/answers';

const compareQuery = Type.Object(
  {
    ...filterQueryProperties,
    ostan: Type.Union([ProvinceParam, Type.Array(ProvinceParam, { maxItems: 10 })]),
  },
  { additionalProperties: false },
);

/** The menu's types, each once (the empty path shares the main offices' type). */
const TYPES = MENU_ENTRIES.filter((t, i) => MENU_ENTRIES.findIndex((u) => u.typeId === t.typeId) === i);

export function registerCompareRoutes(app: Api, context: RouteContext): void {
  const byProvince = (typeId: string, filters: Filters) => provinceCounts(context, typeId, filters);
  const byGender = (typeId: string, iso: string, filters: Filters) => genderCounts(context, typeId, iso, filters);

  app.get(
    '/compare',
    {
      schema: {
        tags: ['analysis'],
        summary: 'Each type in 2 to 4 provinces side by side: count, per 100,000 people, rank and gender',
        querystring: compareQuery,
        response: { 200: CompareAnswer, ...errors(400, 404) },
      },
    },
    async (request) => {
      const names = [...new Set([request.query.ostan].flat())];
      if (names.length < COMPARE_PROVINCES.min || names.length > COMPARE_PROVINCES.max)
        throw badRequest(`compare ${COMPARE_PROVINCES.min} to ${COMPARE_PROVINCES.max} provinces, got ${names.length}`);
      const provinces = names.map((name) => {
        const province = requireProvince(name);
        if (!province) throw badRequest('compare provinces by name, not All');
        return province;
      }) as ProvinceRef[];
      const filters = filtersOfQuery(request.query);
      const types = await Promise.all(
        TYPES.map(async (type) => {
          const perProvince = await byProvince(type.typeId, filters);
          const all = PROVINCES.map((p) => perProvince.get(p.iso_3166_2) ?? 0);
          const cells = await Promise.all(
            provinces.map(async (p) => {
              const count = perProvince.get(p.iso_3166_2) ?? 0;
              const genders = await byGender(type.typeId, p.iso_3166_2, filters);
              return {
                EnName: p.name_en,
                Count: count,
                Per100k: Math.round(ratePer100k(count, populationOf(p.iso_3166_2) ?? 0) * 1000) / 1000,
                Rank: rankOf(count, all),
                Gender: [...genders].map(([Value, Count]) => ({ Value, Count })),
              };
            }),
          );
          return { TypeId: type.typeId, Route: type.route, Title: type.titleFa, Cells: cells };
        }),
      );
      return {
        Provinces: provinces.map((p) => ({
          EnName: p.name_en,
          NameFa: p.name_fa,
          Population: populationOf(p.iso_3166_2) ?? 0,
        })),
        Types: types,
      };
    },
  );
}
