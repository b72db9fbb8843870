/** Iran's GeoNames places of 1,000 people or more, with their province (vendored: see build-settlements.ts). */
import data from './data/settlements.json';

export interface Settlement {
  name: string;
  lat: number;
  lon: number;
  population: number;
  /** ISO 3166-2 code of the province it lies in. */
  province: string;
}

export const SETTLEMENTS: readonly Settlement[] = data.settlements;
export const SETTLEMENTS_SOURCE: string = data.source;
