/**
 * A type's counts per province and by gender, as the API's statistics, its comparison and the server's pages
 * all read them: the counts kept per dataset version where nothing is filtered, else the type's points in
 * memory scanned under the filters. The chart data and pie answers are shaped here once for the API and pages.
 */
import { isFiltered, type Filters } from '../../domain/filters';
import type { LocationType } from '../../domain/locationTypes';
import { PROVINCES } from '../../domain/provinces';
import type { ChartRow, PiePoint } from '../../domain/wire/answers';
import * as scans from '../points/pointScans';
import type { RouteContext } from '../routes/context';

type CountSources = Pick<RouteContext, 'counts' | 'points'>;

export async function provinceCounts(
  { counts, points }: CountSources,
  typeId: string,
  filters: Filters,
): Promise<ReadonlyMap<string, number>> {
  if (!isFiltered(filters)) return counts.countsByProvince(typeId);
  const typePoints = await points.get(typeId);
  return scans.countsByProvince(typePoints, scans.filterOf(typePoints, filters));
}

/** By gender value, in one province (its ISO code) or all (null). */
export async function genderCounts(
  { counts, points }: CountSources,
  typeId: string,
  provinceIso: string | null,
  filters: Filters,
): Promise<ReadonlyMap<string, number>> {
  if (!isFiltered(filters)) return counts.countsByGender(typeId, provinceIso);
  const typePoints = await points.get(typeId);
  return scans.countsByGender(typePoints, provinceIso, scans.filterOf(typePoints, filters));
}

/** The chart data's answer: every province, in the reference order, with its count. */
export const chartRowsOf = (type: LocationType, counts: ReadonlyMap<string, number>): ChartRow[] =>
  PROVINCES.map((p) => ({
    Count: counts.get(p.iso_3166_2) ?? 0,
    OstanName: p.name_fa,
    LocationEnName: p.name_en,
    DataType: type.titleFa,
  }));

/** The pie's answer: each gender value with its count. */
export const pieOf = (counts: ReadonlyMap<string, number>): PiePoint[] =>
  [...counts].map(([Name, Count]) => ({ Name, Count }));
