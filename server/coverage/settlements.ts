/** Iran's GeoNames places of 1,000 people or more, with their province (vendored: see build-settlements.ts). */
import data from './data/settlements.json';
import gazetteer from '../../domain/data/gazetteer.json';
import { latinKey } from '../../domain/places';
import { greatCircleKm } from '../geo/greatCircle';

export interface Settlement {
  name: string;
  lat: number;
  lon: number;
  population: number;
  /** ISO 3166-2 code of the province it lies in. */
  province: string;
  /** Its Persian name (from the gazetteer), or undefined where the gazetteer has no such town. */
  nameFa?: string;
}

/** A gazetteer town this close, with the same English name, is the same town. */
const SAME_TOWN_KM = 10;
const TOWNS = gazetteer.cities.flatMap((c) =>
  'en' in c && typeof c.en === 'string' ? [{ key: latinKey(c.en), fa: c.seat ?? c.name, lat: c.lat, lon: c.lon }] : [],
);

/** The Persian name of a GeoNames place: a Persian page names the places far from a centre in Persian. */
function persianNameOf(name: string, lat: number, lon: number): string | undefined {
  const key = latinKey(name);
  return TOWNS.find((t) => t.key === key && greatCircleKm(lat, lon, t.lat, t.lon) <= SAME_TOWN_KM)?.fa;
}

export const SETTLEMENTS: readonly Settlement[] = data.settlements.map((s) => {
  const nameFa = persianNameOf(s.name, s.lat, s.lon);
  return nameFa === undefined ? s : { ...s, nameFa };
});
export const SETTLEMENTS_SOURCE: string = data.source;
