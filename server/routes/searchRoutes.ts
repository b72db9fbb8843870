/** Makan's search calls: names containing folded text, and the nearest locations of a type. */
import type { FastifyInstance } from 'fastify';
import { typeById } from '../../domain/locationTypes';
import { PROVINCES } from '../../domain/provinces';
import type { LocationStore, SearchQuery, SearchRow } from '../store/LocationStore';
import {
  SEARCH_TOTAL_CAP,
  TOTAL_HEADER,
  SEARCH_LIMIT,
  SEARCH_MAX_CHARS,
  SEARCH_MIN_CHARS,
  type NearestResult,
  type SearchResult,
} from '../../domain/search';
import { isFiltered, passesFilters, type Filters } from '../../domain/filters';
import { foldText } from '../../domain/text';
import { badRequest } from '../http/errors';
import {
  decimalString,
  filterQueryProperties,
  filtersOfQuery,
  guidString,
  integerString,
  limitOf,
  nearestQueryOf,
  queryNumber,
  typeIdParams,
  type FilterQuery,
} from '../http/schemas';
import type { RouteContext } from './context';
import { requireType } from './lookups';
import { errors, nearestAnswer, searchAnswer } from '../http/answers';

const provinceFa = new Map(PROVINCES.map((p) => [p.iso_3166_2, p.name_fa]));

const searchQuery = {
  type: 'object',
  required: ['q'],
  additionalProperties: false,
  properties: {
    ...filterQueryProperties,
    q: { type: 'string', maxLength: SEARCH_MAX_CHARS },
    type: guidString,
    prefer: guidString,
    count: { type: 'string', enum: ['1'] },
    lat: decimalString,
    lon: decimalString,
    limit: integerString,
  },
} as const;

const nearestQuery = {
  type: 'object',
  required: ['lat', 'lon'],
  additionalProperties: false,
  properties: { ...filterQueryProperties, lat: decimalString, lon: decimalString, limit: integerString },
} as const;

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

interface SearchQuerystring extends FilterQuery {
  q: string;
  type?: string;
  /** A type whose matches come first (the map the visitor is on); the others follow. */
  prefer?: string;
  /** `1`: say in x-makan-total how many names match in all (exactly up to SEARCH_TOTAL_CAP). */
  count?: string;
  lat?: string;
  lon?: string;
  limit?: string;
}

export function registerSearchRoutes(app: FastifyInstance, { store, nearest }: RouteContext): void {
  app.get<{ Querystring: SearchQuerystring }>(
    '/search',
    {
      schema: {
        tags: ['search'],
        summary: 'Locations by name, on the shared folding rule; nearest first when lat and lon are given',
        querystring: searchQuery,
        response: { 200: searchAnswer, ...errors(400, 404) },
      },
    },
    async (request, reply): Promise<SearchResult[]> => {
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
      const query = { folded, typeId, near, limit: count };
      const filters = filtersOfQuery(request.query);
      let rows: SearchRow[];
      if (isFiltered(filters)) {
        const found = await searchFiltered(store, query, preferred, filters);
        rows = found.rows;
        if (wantsCount) reply.header(TOTAL_HEADER, found.total);
      } else {
        rows = preferred === null ? await store.search(query) : await preferredFirst(store, query, preferred);
        if (wantsCount) reply.header(TOTAL_HEADER, await totalOf(store, query, rows.length));
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

  app.get<{ Params: { typeId: string }; Querystring: FilterQuery & { lat: string; lon: string; limit?: string } }>(
    '/nearest/:typeId',
    {
      schema: {
        tags: ['search'],
        summary: 'The locations of a type nearest a point, with their great-circle distance',
        params: typeIdParams,
        querystring: nearestQuery,
        response: { 200: nearestAnswer, ...errors(400, 404) },
      },
    },
    async (request): Promise<NearestResult[]> => {
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
