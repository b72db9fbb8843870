/**
 * The 2016 census by county (429 counties): residents (all, men, women, aged 15-29), the economically active
 * and the unemployed aged 10 and over (all, women). Vendored from the Statistical Centre of Iran's tables as
 * compiled by county (see the file's `source`); the counties add up to each province's population and to the
 * census total, 79,926,270 (tests/unit/censusPlacement.test.ts checks it).
 */
import data from './data/census-2016-counties.json';

export interface County {
  /** ISO 3166-2 code of its province. */
  province: string;
  /** The census's four-digit code. */
  code: string;
  /** Its Persian name, usually its seat town's. */
  nameFa: string;
  population: number;
  women: number;
  youth: number;
  labourForce: number;
  unemployed: number;
  labourForceWomen: number;
  unemployedWomen: number;
}

export const COUNTIES: readonly County[] = data.counties.map((c) => ({
  province: c.province_iso,
  code: c.county_code,
  nameFa: c.county_fa,
  population: c.population,
  women: c.female,
  youth: c.age_15_29,
  labourForce: c.labour_force,
  unemployed: c.unemployed,
  labourForceWomen: c.labour_force_female,
  unemployedWomen: c.unemployed_female,
}));

export const COUNTIES_SOURCE: string = data.source;
