/**
 * The census's people placed by the one rule (placement.ts) over the data Makan ships: the 2016 census by
 * county, the place search's gazetteer (county seats) and GeoNames places of 1,000 or more (coverage's
 * settlements). Made once, when first asked for.
 */
import gazetteer from '../../domain/data/gazetteer.json';
import { SETTLEMENTS } from '../coverage/settlements';
import { COUNTIES } from './counties';
import { placeCensus, type CensusPlacement, type Place, type Town } from './placement';

/** Gazetteer entries by the name the census uses: a county named for no town stands at its seat (`seat`). */
const TOWNS: readonly Town[] = gazetteer.cities.map((c) => ({
  nameFa: c.name,
  ...('en' in c && typeof c.en === 'string' ? { nameEn: c.en, ...('seat' in c ? {} : { countyNameEn: c.en }) } : {}),
  province: c.iso,
  lat: c.lat,
  lon: c.lon,
}));

/** Each province's centre (ISO code): where its spread people stand when it has no place, and its equity row. */
export const PROVINCE_POINTS = new Map(gazetteer.provinces.map((p) => [p.iso, { lat: p.lat, lon: p.lon }]));

let placed: CensusPlacement | null = null;

export function censusPlacement(): CensusPlacement {
  placed ??= placeCensus(COUNTIES, TOWNS, SETTLEMENTS, PROVINCE_POINTS);
  return placed;
}

/** The people at one spot (where they are, as a place is), whichever counties and steps put them there. */
export interface CensusSpot extends Place {
  youth: number;
  women: number;
}

let gathered: { spots: readonly CensusSpot[]; spotOfPoint: readonly number[] } | null = null;

/** The placed people gathered by spot (a county spread over its province lands on its neighbours' spots). */
export function censusSpots(): readonly CensusSpot[] {
  return gatherSpots().spots;
}

/** For each placed point (censusPlacement().points), the index of its spot in censusSpots(). */
export function spotOfPoint(): readonly number[] {
  return gatherSpots().spotOfPoint;
}

function gatherSpots() {
  if (gathered) return gathered;
  const byKey = new Map<string, number>();
  const spots: CensusSpot[] = [];
  const spotOf: number[] = [];
  for (const p of censusPlacement().points) {
    const key = `${p.lat},${p.lon},${p.name}`;
    const at = byKey.get(key);
    if (at !== undefined) {
      const spot = spots[at]!;
      spot.population += p.population;
      spot.youth += p.youth;
      spot.women += p.women;
      spotOf.push(at);
    } else {
      byKey.set(key, spots.length);
      spotOf.push(spots.length);
      spots.push({
        name: p.name,
        ...(p.nameFa === undefined ? {} : { nameFa: p.nameFa }),
        province: p.province,
        lat: p.lat,
        lon: p.lon,
        population: p.population,
        youth: p.youth,
        women: p.women,
      });
    }
  }
  gathered = { spots, spotOfPoint: spotOf };
  return gathered;
}
