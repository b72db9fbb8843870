/**
 * SQL pieces of the name search that both stores write the same way: the rank classes and the
 * great-circle distance for ties. `p` names a bound parameter in the store's own placeholder style.
 */
import { EARTH_RADIUS_KM } from '../geo/greatCircle';

export interface SearchSqlDialect {
  /** The parameter placeholder for a name: `@q` in SQLite, `$1` in PostgreSQL. */
  p(name: 'q' | 'qLength' | 'lat' | 'lon'): string;
  /** Position of `needle` in `haystack`, 1-based, 0 when absent. */
  position(haystack: string, needle: string): string;
  /** The first `length` characters of `text`. */
  prefix(text: string, length: string): string;
}

/** 0 whole-name match, 1 name start, 2 word start, 3 elsewhere. */
export function rankSql(d: SearchSqlDialect): string {
  return `CASE WHEN name_folded = ${d.p('q')} THEN 0
    WHEN ${d.prefix('name_folded', d.p('qLength'))} = ${d.p('q')} THEN 1
    WHEN ${d.position("' ' || name_folded", `' ' || ${d.p('q')}`)} > 0 THEN 2 ELSE 3 END`;
}

/** Haversine distance in km from the query's point to the row's. */
export function distanceSql(d: SearchSqlDialect): string {
  const [lat, lon] = [d.p('lat'), d.p('lon')];
  return `(${2 * EARTH_RADIUS_KM} * asin(sqrt(
    power(sin(radians(lat - ${lat}) / 2), 2) + cos(radians(${lat})) * cos(radians(lat)) * power(sin(radians(lon - ${lon}) / 2), 2))))`;
}
