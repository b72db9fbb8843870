/**
 * The statistics' figure per province: the count of locations, or locations per 100,000 people by the
 * census population (domain/population.ts), whose source and year are written beside every rate.
 */
import type { ChartRow } from '../../domain/gateway';
import { CENSUS_TOTAL, populationOf, ratePer100k } from '../../domain/population';
import { provinceByEnName } from '../../domain/provinces';
import { t } from '../i18n/words';
import { formatCount, formatDecimal } from '../i18n/format';
import type { Measure } from '../url/measure';

export type { Measure };

/** A rate per 100,000 people, with two decimals, in the page's digits. */
export const formatRate = (rate: number) => formatDecimal(rate, 2);

/** The census population of a province (by English name), or of Iran for `All`. */
export function populationOfProvince(enName: string | null): number {
  if (enName === null) return CENSUS_TOTAL;
  const province = provinceByEnName(enName);
  return province ? (populationOf(province.iso_3166_2) ?? 0) : 0;
}

/** A province row's figure under the measure. */
export const valueOf = (row: ChartRow, measure: Measure): number =>
  measure === 'rate' ? ratePer100k(row.Count, populationOfProvince(row.LocationEnName)) : row.Count;

export const formatValue = (value: number, measure: Measure) =>
  measure === 'rate' ? formatRate(value) : formatCount(value);

/** What the figures are, for axes, legends and captions: "count", or the rate with its denominator and year. */
export const measureLabel = (measure: Measure) => (measure === 'rate' ? t.perCapita.rateLabel : t.stats.count);
