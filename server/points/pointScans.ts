/**
 * Answers under filters, read from a type's points in memory in one pass: the store keeps counts per type,
 * province and gender only, while filters combine three fields. Without filters the routes keep answering
 * from the store's maintained counts, exactly as the gateway does.
 */
import { createHash } from 'node:crypto';
import { FACET_KEYS, filterKey, isFiltered, withoutFacet, type Filters } from '../../domain/filters';
import type { FacetsAnswer } from '../../domain/wire/answers';
import { PROVINCES } from '../../domain/provinces';
import { provinceKeyOf } from '../store/catalogueKeys';
import { compileFilter, facetCounts, type PointFilter } from './PointFacets';
import type { TypePoints } from './TypePoints';

export const filterOf = (points: TypePoints, filters: Filters): PointFilter => compileFilter(points.facets, filters);

/** A short name of these filters for cache keys and ETags, case-free (hex): "" without any. */
export const filterHash = (filters: Filters): string =>
  isFiltered(filters) ? createHash('sha1').update(filterKey(filters)).digest('hex').slice(0, 20) : '';

/** A province's catalogue key, or 0 (no point has it) for every province. */
export const provinceKey = (provinceIso: string | null): number =>
  provinceIso === null ? 0 : (provinceKeyOf.get(provinceIso) ?? -1);

/** Whether point `id` lies in the province (key 0: anywhere) and passes the filter. */
export function inScope(points: TypePoints, id: number, key: number, filter: PointFilter): boolean {
  return (key === 0 || points.facets.province[id] === key) && (filter === null || filter(id));
}

/** Count per province ISO code of the points that pass. */
export function countsByProvince(points: TypePoints, filter: PointFilter): Map<string, number> {
  const tally = new Float64Array(PROVINCES.length + 1);
  for (let id = 0; id < points.count; id++) if (filter === null || filter(id)) tally[points.facets.province[id]!]!++;
  return new Map(PROVINCES.map((p, i) => [p.iso_3166_2, tally[i + 1]!] as const).filter(([, count]) => count > 0));
}

/** Count per gender value (as first stored) of the points that pass, in one province or all (null). */
export function countsByGender(
  points: TypePoints,
  provinceIso: string | null,
  filter: PointFilter,
): Map<string, number> {
  const key = provinceKey(provinceIso);
  const column = points.facets.columns.gender;
  const tally = new Float64Array(column.values.length);
  for (let id = 0; id < points.count; id++) if (inScope(points, id, key, filter)) tally[column.codes[id]!]!++;
  return new Map(
    column.values
      .map((value, code) => [value, tally[code]!] as const)
      .filter(([, count]) => count > 0)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
  );
}

/** One bubble per province with locations of a type, at the centroid of those locations. */
export interface ProvinceBubbleRow {
  lat: number;
  lon: number;
  count: number;
}

/** One bubble per province with points that pass, at their centroid, in province-key order. */
export function provinceBubbles(points: TypePoints, filter: PointFilter): ProvinceBubbleRow[] {
  const size = PROVINCES.length + 1;
  const [count, sumLat, sumLon] = [new Float64Array(size), new Float64Array(size), new Float64Array(size)];
  for (let id = 0; id < points.count; id++) {
    if (filter !== null && !filter(id)) continue;
    const key = points.facets.province[id]!;
    count[key]!++;
    sumLon[key]! += points.coordinates[2 * id]!;
    sumLat[key]! += points.coordinates[2 * id + 1]!;
  }
  const bubbles: ProvinceBubbleRow[] = [];
  for (let key = 1; key < size; key++)
    if (count[key]! > 0)
      bubbles.push({ lat: sumLat[key]! / count[key]!, lon: sumLon[key]! / count[key]!, count: count[key]! });
  return bubbles;
}

/**
 * Each filter's values with their counts in scope (the type, a province or all, and the other filters):
 * a filter's own choice does not narrow its list, so its other values stay in view with their counts.
 */
export function facetsOf(points: TypePoints, provinceIso: string | null, filters: Filters): FacetsAnswer {
  const key = provinceKey(provinceIso);
  const entries = FACET_KEYS.map((facet) => {
    const filter = filterOf(points, withoutFacet(filters, facet));
    const scoped: PointFilter =
      key === 0 ? filter : (id) => points.facets.province[id] === key && (filter === null || filter(id));
    return [facet, facetCounts(points.facets, facet, points.count, scoped)] as const;
  });
  return Object.fromEntries(entries) as FacetsAnswer;
}
