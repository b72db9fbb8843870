/**
 * The statistics' figure per province: the count of locations, or a rate per 100,000 of a census denominator
 * (domain/population.ts): all residents, or those aged 15-29, the organisation's own public. Each rate is one
 * entry of PER_CAPITA (its people and its words, whose source and year are written beside every rate); a new
 * denominator joins with one entry there and one in src/url/measure.ts.
 */
import type { ChartRow } from '../../domain/gateway';
import { CENSUS_TOTAL, CENSUS_YOUTH_TOTAL, populationOf, ratePer100k, youthOf } from '../../domain/population';
import { provinceByEnName } from '../../domain/provinces';
import { t } from '../i18n/words';
import type { Words } from '../i18n/wordsShape';
import { formatCount, formatDecimal } from '../i18n/format';
import type { Measure } from '../url/measure';

export type { Measure };
export type RateMeasure = Exclude<Measure, 'count'>;

export interface PerCapita {
  /** The people of a province (by English name), or of Iran for null. */
  peopleOf(enName: string | null): number;
  words: Words['perCapita']['rate'];
  /** Files of rates say so in their names, so they are not taken for counts. */
  fileSuffix: string;
}

/** The people of a province by one census figure (ISO code → people), or of Iran. */
const censusFigure =
  (ofProvince: (iso: string) => number | undefined, country: number) =>
  (enName: string | null): number => {
    if (enName === null) return country;
    const province = provinceByEnName(enName);
    return province ? (ofProvince(province.iso_3166_2) ?? 0) : 0;
  };

export const PER_CAPITA: Record<RateMeasure, PerCapita> = {
  rate: { peopleOf: censusFigure(populationOf, CENSUS_TOTAL), words: t.perCapita.rate, fileSuffix: '-per-100k' },
  youth: {
    peopleOf: censusFigure(youthOf, CENSUS_YOUTH_TOTAL),
    words: t.perCapita.youth,
    fileSuffix: '-per-100k-aged-15-29',
  },
};

/** The rate's denominator, or null for counts. */
export const perCapitaOf = (measure: Measure): PerCapita | null => (measure === 'count' ? null : PER_CAPITA[measure]);

/** The switch's choices, in order: counts, then each rate. */
export const MEASURE_CHOICES: readonly { value: Measure; label: string }[] = [
  { value: 'count', label: t.perCapita.count },
  ...(Object.keys(PER_CAPITA) as RateMeasure[]).map((m) => ({ value: m, label: PER_CAPITA[m].words.short })),
];

/** A rate per 100,000 people, with two decimals, in the page's digits. */
export const formatRate = (rate: number) => formatDecimal(rate, 2);

/** A province row's figure under the measure. */
export function valueOf(row: ChartRow, measure: Measure): number {
  const perCapita = perCapitaOf(measure);
  return perCapita ? ratePer100k(row.Count, perCapita.peopleOf(row.LocationEnName)) : row.Count;
}

export const formatValue = (value: number, measure: Measure) =>
  measure === 'count' ? formatCount(value) : formatRate(value);

/** The column chart's title: the count by province, or the rate (its short name) by province. */
export const columnTitleOf = (measure: Measure) => {
  const perCapita = perCapitaOf(measure);
  return perCapita ? t.stats.rateByProvince(perCapita.words.short) : t.stats.columnTitle;
};

/** What the figures are, for axes, legends and captions: "count", or the rate with its denominator and year. */
export const measureLabel = (measure: Measure) => perCapitaOf(measure)?.words.label ?? t.stats.count;
