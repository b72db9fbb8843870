/**
 * Province populations: the denominator of every per-capita figure. The 2016 (1395 SH) national census of the
 * Statistical Centre of Iran, per province, joined by ISO code; the 31 figures add up to the census total,
 * 79,926,270. A rate is always shown with this source and year beside it. A later census or an official
 * estimate replaces the file; its shape stays.
 */
import table from './data/province-population-2016.json';

export const POPULATION_SOURCE = {
  year: 2016,
  /** The Persian (Solar Hijri) year of the census. */
  yearSh: 1395,
  nameEn: 'Statistical Centre of Iran, 2016 National Population and Housing Census',
  nameFa: 'سرشماری عمومی نفوس و مسکن ۱۳۹۵، مرکز آمار ایران',
} as const;

/** Rates are per this many people. */
export const RATE_BASE = 100_000;

const byIso = new Map(table.map((row) => [row.iso_3166_2, row.population_2016]));
const youthByIso = new Map(table.map((row) => [row.iso_3166_2, row.youth_15_29_2016]));

/** A province's population at the census (ISO 3166-2 code), or undefined for a code the table lacks. */
export const populationOf = (iso: string): number | undefined => byIso.get(iso);

/**
 * A province's residents aged 15-29 at the census, the organisation's own public: the sum of its counties in the
 * county table (tests/unit/censusPlacement.test.ts holds the two files to each other).
 */
export const youthOf = (iso: string): number | undefined => youthByIso.get(iso);

export const CENSUS_TOTAL = table.reduce((sum, row) => sum + row.population_2016, 0);
export const CENSUS_YOUTH_TOTAL = table.reduce((sum, row) => sum + row.youth_15_29_2016, 0);

/** Locations per RATE_BASE people. */
export const ratePer100k = (count: number, population: number): number =>
  population > 0 ? (count * RATE_BASE) / population : 0;
