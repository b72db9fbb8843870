/**
 * JSON schemas shared by the routes. Nothing is coerced (Ajv's coerceTypes is off): a JSON body must hold
 * real numbers, and a query-string number must be written as a finite decimal number, parsed by
 * `queryNumber` after validation. Blanks, booleans, arrays, Infinity and NaN are 400s.
 */
import { FACET_KEYS, FILTER_LIMITS, filtersOf, type FacetKey, type Filters } from '../../domain/filters';
import { GUID_PATTERN_SOURCE } from '../../domain/guid';
import { LABELS_MAX } from '../../domain/pointsWire';
import { NEAREST_LIMIT } from '../../domain/search';
import { badRequest } from './errors';

export const guidString = { type: 'string', pattern: GUID_PATTERN_SOURCE } as const;

export const typeIdParams = {
  type: 'object',
  required: ['typeId'],
  properties: { typeId: guidString },
} as const;

const latitude = { type: 'number', minimum: -90, maximum: 90 } as const;
const longitude = { type: 'number', minimum: -180, maximum: 180 } as const;

export const viewportBoundsBody = {
  type: 'object',
  required: ['MinLat', 'MinLon', 'MaxLat', 'MaxLon'],
  additionalProperties: false,
  properties: { MinLat: latitude, MinLon: longitude, MaxLat: latitude, MaxLon: longitude },
} as const;

/** A finite decimal number as text: "35", "-1.5", "2e3"; never "", " ", "Infinity", "NaN", "0x10". */
const DECIMAL = '^-?(?:\\d+(?:\\.\\d*)?|\\.\\d+)(?:[eE][-+]?\\d+)?$';
/** A whole number of at most four digits, as a query string carries it (a limit). */
export const integerString = { type: 'string', pattern: '^\\d{1,4}$' } as const;

export const decimalString = { type: 'string', pattern: DECIMAL, maxLength: 32 } as const;

/** A query-string number already matched against `decimalString`, checked against its range. */
export function queryNumber(name: string, raw: string, min: number, max: number): number {
  const value = Number(raw);
  if (!Number.isFinite(value) || value < min || value > max)
    throw badRequest(`${name} must be a number from ${min} to ${max}, got "${raw}"`);
  return value;
}

/** The point a "nearest" question is asked from, and how many it wants (both nearest calls read them alike). */
export function nearestQueryOf(query: { lat: string; lon: string; limit?: string }) {
  return {
    lat: queryNumber('lat', query.lat, -90, 90),
    lon: queryNumber('lon', query.lon, -180, 180),
    limit: limitOf(query.limit, NEAREST_LIMIT),
  };
}

/** A `limit` parameter: the default when absent, else a whole number from 1 to the most allowed (400 beyond). */
export function limitOf(raw: string | undefined, limits: { default: number; max: number }): number {
  return raw === undefined ? limits.default : queryNumber('limit', raw, 1, limits.max);
}

const facetValue = { type: 'string', maxLength: FILTER_LIMITS.chars } as const;
/** One value, or several when the parameter repeats (the query-string parser then gives an array). */
const facetParam = {
  anyOf: [facetValue, { type: 'array', maxItems: FILTER_LIMITS.values, items: facetValue }],
} as const;

/** The filters' query parameters, for any route's query-string schema. */
export const filterQueryProperties = Object.fromEntries(FACET_KEYS.map((key) => [key, facetParam])) as Record<
  FacetKey,
  typeof facetParam
>;

export type FilterQuery = Partial<Record<FacetKey, string | string[]>>;

/** The filters a validated query string holds. */
export function filtersOfQuery(query: FilterQuery): Filters {
  const params = new URLSearchParams();
  for (const key of FACET_KEYS) for (const value of [query[key] ?? []].flat()) params.append(key, value);
  return filtersOf(params);
}

export const clusterQuery = {
  type: 'object',
  additionalProperties: false,
  properties: {
    ...filterQueryProperties,
    zoom: decimalString,
    minLat: decimalString,
    minLon: decimalString,
    maxLat: decimalString,
    maxLon: decimalString,
  },
} as const;

export const labelsBody = {
  type: 'object',
  required: ['version', 'ids'],
  additionalProperties: false,
  properties: {
    version: { type: 'integer', minimum: 0, maximum: 0xffff_ffff },
    ids: { type: 'array', maxItems: LABELS_MAX, items: { type: 'integer', minimum: 0, maximum: 0xffff_ffff } },
  },
} as const;
