/**
 * The census's people placed by the one rule (placement.ts) over the data Makan ships: the 2016 census by
 * county, the place search's gazetteer (county seats) and GeoNames places of 1,000 or more (coverage's
 * settlements). Made once, when first asked for.
 */
import gazetteer from '../../domain/data/gazetteer.json';
import { SETTLEMENTS } from '../coverage/settlements';
import { COUNTIES } from './counties';
import { placeCensus, type CensusPlacement, type Town } from './placement';

/** Gazetteer entries by the name the census uses: a county named for no town stands at its seat (`seat`). */
const TOWNS: readonly Town[] = gazetteer.cities.map((c) => ({
  nameFa: c.name,
  ...('en' in c && typeof c.en === 'string' ? { nameEn: c.en } : {}),
  province: c.iso,
  lat: c.lat,
  lon: c.lon,
}));

const PROVINCE_POINTS = new Map(gazetteer.provinces.map((p) => [p.iso, { lat: p.lat, lon: p.lon }]));

let placed: CensusPlacement | null = null;

export function censusPlacement(): CensusPlacement {
  placed ??= placeCensus(COUNTIES, TOWNS, SETTLEMENTS, PROVINCE_POINTS);
  return placed;
}
