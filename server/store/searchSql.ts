/**
 * SQL pieces of the name search that both stores write the same way: the rank classes and the
 * great-circle distance for ties. Parameters are named (`@q`) and cast, so PostgreSQL knows their types
 * where nothing else says (`' ' || @q`); SQLite takes the casts as they are.
 */
import { EARTH_RADIUS_KM } from '../geo/greatCircle';

/** What the two dialects spell differently in the search. */
export interface SearchSqlDialect {
  /** Position of `needle` in `haystack`, 1-based, 0 when absent. */
  position(haystack: string, needle: string): string;
  /** The first `length` characters of `text`. */
  prefix(text: string, length: string): string;
}

const PARAM_TYPES = { q: 'text', qLength: 'integer', lat: 'double precision', lon: 'double precision' } as const;

/** A search parameter, cast to its type. */
export const searchParam = (name: keyof typeof PARAM_TYPES) => `CAST(@${name} AS ${PARAM_TYPES[name]})`;

/** 0 whole-name match, 1 name start, 2 word start, 3 elsewhere. */
export function rankSql(d: SearchSqlDialect): string {
  const [q, qLength] = [searchParam('q'), searchParam('qLength')];
  return `CASE WHEN name_folded = ${q} THEN 0
    WHEN ${d.prefix('name_folded', qLength)} = ${q} THEN 1
    WHEN ${d.position("' ' || name_folded", `' ' || ${q}`)} > 0 THEN 2 ELSE 3 END`;
}

/** Haversine distance in km from the query's point to the row's. */
export function distanceSql(): string {
  const [lat, lon] = [searchParam('lat'), searchParam('lon')];
  return `(${2 * EARTH_RADIUS_KM} * asin(sqrt(
    power(sin(radians(lat - ${lat}) / 2), 2) + cos(radians(${lat})) * cos(radians(lat)) * power(sin(radians(lon - ${lon}) / 2), 2))))`;
}
