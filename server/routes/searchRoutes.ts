/** Makan's search calls: names containing folded text, and the nearest locations of a type. */
import { Type } from 'typebox';
import { typeById } from '../../domain/locationTypes';
import { PROVINCES } from '../../domain/provinces';
import type { LocationStore, SearchQuery, SearchRow } from '../store/LocationStore';
import { SEARCH_TOTAL_CAP, TOTAL_HEADER, SEARCH_LIMIT, SEARCH_MAX_CHARS, SEARCH_MIN_CHARS } from '../../domain/search';
import { NearestResult, SearchResult } from '../../domain/wire/answers';
import {
  DecimalString,
  filterQueryProperties,
  GuidString,
  IntegerString,
  NearestQueryProperties,
  TypeIdParams,
} from '../../domain/wire/requests';
import { isFiltered, passesFilters, type Filters } from '../../domain/filters';
import { foldText } from '../../domain/text';
import { searchedAs } from '../search/searchedAs';
import { badRequest } from '../http/errors';
import { filtersOfQuery, limitOf, nearestQueryOf, queryNumber } from '../http/queryValues';
import type { Api, RouteContext } from './context';
import { requireType } from './lookups';
import { errors } from '../http/answers';

const provinceFa = new Map(PROVINCES.map((p) => [p.iso_3166_2, p.name_fa]));

const searchQuery = Type.Object(
  {
    ...filterQueryProperties,
    q: Type.String({ maxLength: SEARCH_MAX_CHARS }),
    type: Type.Optional(GuidString),
    prefer: Type.Optional(
      Type.String({ ...GuidString, description: 'A type whose matches come first; the others follow' }),
    ),
    count: Type.Optional(
      Type.Literal('1', { description: 'Say in x-makan-total how many names match in all (exact up to the cap)' }),
    ),
    lat: Type.Optional(DecimalString),
    lon: Type.Optional(DecimalString),
    limit: Type.Optional(IntegerString),
  },
  { additionalProperties: false },
);

const nearestQuery = Type.Object(
  { ...filterQueryProperties, ...NearestQueryProperties },
  { additionalProperties: false },
);

/** How many names match in all: the answer itself when it did not fill its limit, else counted up to the cap. */
async function totalOf(store: LocationStore, query: SearchQuery, answered: number): Promise<string> {
  if (answered < query.limit) return String(answered);
  const all = await store.search({ ...query, near: null, limit: SEARCH_TOTAL_CAP + 1 });
  return all.length > SEARCH_TOTAL_CAP ? `${SEARCH_TOTAL_CAP}+` : String(all.length);
}

/** The preferred type's matches first, then the other types' (each in the store's ranking), up to the limit. */
async function preferredFirst(store: LocationStore, query: SearchQuery, preferred: string): Promise<SearchRow[]> {
  const first = await store.search({ ...query, typeId: preferred });
  if (first.length >= query.limit) return first;
  const rest = await store.search({ ...query, limit: query.limit + first.length });
  const shown = new Set(first.map((r) => r.guid));
  return [...first, ...rest.filter((r) => !shown.has(r.guid))].slice(0, query.limit);
}

/**
 * Under filters: the best SEARCH_TOTAL_CAP matches (ranked as without filters) that pass, up to the limit;
 * their count is exact when the matches did not reach the cap, else a floor ("N+").
 */
async function searchFiltered(
  store: LocationStore,
  query: SearchQuery,
  preferred: string | null,
  filters: Filters,
): Promise<{ rows: SearchRow[]; total: string }> {
  const wide = { ...query, limit: SEARCH_TOTAL_CAP + 1 };
  const candidates = preferred === null ? await store.search(wide) : await preferredFirst(store, wide, preferred);
  const passing = candidates.slice(0, SEARCH_TOTAL_CAP).filter((row) => passesFilters(row, filters));
  const floor = candidates.length > SEARCH_TOTAL_CAP ? '+' : '';
  return { rows: passing.slice(0, query.limit), total: `${passing.length}${floor}` };
}

export function registerSearchRoutes(app: Api, { store, nearest }: RouteContext): void {
  app.get(
    '/search',
    {
      schema: {
        tags: ['search'],
        summary: 'Locations by name, on the shared folding rule; nearest first when lat and lon are given',
        querystring: searchQuery,
        response: { 200: Type.Array(SearchResult), ...errors(400, 404) },
      },
    },
    async (request, reply) => {
      const { q, type, prefer, count: wantsCount, lat, lon, limit } = request.query;
      if ((lat === undefined) !== (lon === undefined))
        throw badRequest('lat and lon go together: give both or neither');
      const near =
        lat !== undefined && lon !== undefined
          ? { lat: queryNumber('lat', lat, -90, 90), lon: queryNumber('lon', lon, -180, 180) }
          : null;
      const count = limitOf(limit, SEARCH_LIMIT);
      const typeId = type === undefined ? null : requireType(type).typeId;
      const preferred = prefer === undefined || typeId !== null ? null : requireType(prefer).typeId;
      const folded = foldText(q);
      if ([...folded].length < SEARCH_MIN_CHARS) return [];
      const filters = filtersOfQuery(request.query);
      let rows: SearchRow[];
      if (isFiltered(filters)) {
        let total = '0';
        ({ rows } = await searchedAs({ folded, typeId, near, limit: count }, async (query) => {
          const found = await searchFiltered(store, query, preferred, filters);
          total = found.total;
          return found.rows;
        }));
        if (wantsCount) reply.header(TOTAL_HEADER, total);
      } else {
        const searched = await searchedAs({ folded, typeId, near, limit: count }, (query) =>
          preferred === null ? store.search(query) : preferredFirst(store, query, preferred),
        );
        rows = searched.rows;
        if (wantsCount) reply.header(TOTAL_HEADER, await totalOf(store, searched.query, rows.length));
      }
      return rows.map((r) => ({
        Guid: r.guid,
        Name: r.name,
        Lat: r.lat,
        Long: r.lon,
        TypeId: r.typeId,
        Route: typeById(r.typeId)!.route,
        OstanName: provinceFa.get(r.provinceIso) ?? '',
      }));
    },
  );

  app.get(
    '/nearest/:typeId',
    {
      schema: {
        tags: ['search'],
        summary: 'The locations of a type nearest a point, with their great-circle distance',
        params: TypeIdParams,
        querystring: nearestQuery,
        response: { 200: Type.Array(NearestResult), ...errors(400, 404) },
      },
    },
    async (request) => {
      const type = requireType(request.params.typeId);
      const { lat, lon, limit } = nearestQueryOf(request.query);
      const rows = await nearest.nearest(type.typeId, lat, lon, limit, filtersOfQuery(request.query));
      return rows.map((r) => ({
        Guid: r.guid,
        Name: r.name,
        Lat: r.lat,
        Long: r.lon,
        DistanceKm: Math.round(r.distanceKm * 1000) / 1000,
        Gender: r.gender,
      }));
    },
  );
}
