/**
 * Reading what the request schemas (domain/wire/requests.ts) have let through: a query-string number is
 * matched as decimal text there and read here against its range, and the filters are read as the client
 * writes them.
 */
import { FACET_KEYS, filtersOf, type Filters } from '../../domain/filters';
import { NEAREST_LIMIT } from '../../domain/search';
import type { FilterQuery } from '../../domain/wire/requests';
import { badRequest } from './errors';

/** A query-string number already matched against `DecimalString`, checked against its range. */
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

/** The filters a validated query string holds. */
export function filtersOfQuery(query: FilterQuery): Filters {
  const params = new URLSearchParams();
  for (const key of FACET_KEYS) for (const value of [query[key] ?? []].flat()) params.append(key, value);
  return filtersOf(params);
}
