/**
 * A type's counts per province and by gender, as the API's statistics, its comparison and the server's pages
 * all read them: the counts kept per dataset version where nothing is filtered, else the type's points in
 * memory scanned under the filters. The chart data and pie answers are shaped here once for the API and pages.
 */
import { isFiltered, type Filters } from '../../domain/filters';
import type { LocationType } from '../../domain/locationTypes';
import { PROVINCES } from '../../domain/provinces';
import type { ChartRow, ClusterItem, PiePoint } from '../../domain/wire/answers';
import * as scans from '../points/pointScans';
import type { RouteContext } from '../routes/context';

type CountSources = Pick<RouteContext, 'counts' | 'points'>;

/**
 * One bubble per province with its count, where its locations are on average: the gateway's answer to the
 * clusters call without a box, which the map draws at the country's scale and the type's page hands it. From the
 * points in memory, as the boxes are: it is answered while the database is away, as the page that holds it is.
 */
export async function provinceBubblesOf(
  { points }: Pick<RouteContext, 'points'>,
  typeId: string,
  filters: Filters,
): Promise<ClusterItem[]> {
  const typePoints = await points.get(typeId);
  return scans
    .provinceBubbles(typePoints, scans.filterOf(typePoints, filters))
    .map((b) => ({ Lat: b.lat, Long: b.lon, Count: b.count }));
}

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
