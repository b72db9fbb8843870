/**
 * The six figures of coverage (people, those aged 15-29 and women: in all, and farther than km) over the census's
 * spots, given each spot's distance to the nearest location: for the nation and each province. Coverage answers
 * with them, and a plan or a suggestion counts its before and after the same way.
 */
import type { PeopleFar } from '../../domain/wire/answers';
import { PROVINCES } from '../../domain/provinces';
import { censusSpots, type CensusSpot } from '../census/censusPeople';

export const noneFar = (): PeopleFar => ({
  PopulationTotal: 0,
  PopulationFar: 0,
  YouthTotal: 0,
  YouthFar: 0,
  WomenTotal: 0,
  WomenFar: 0,
});

export function addSpot(
  tally: PeopleFar,
  spot: Pick<CensusSpot, 'population' | 'youth' | 'women'>,
  far: boolean,
): void {
  tally.PopulationTotal += spot.population;
  tally.YouthTotal += spot.youth;
  tally.WomenTotal += spot.women;
  if (!far) return;
  tally.PopulationFar += spot.population;
  tally.YouthFar += spot.youth;
  tally.WomenFar += spot.women;
}

/** Whether a spot at this distance (null: no location at all) is farther than km. */
export const isFar = (distance: number | null, km: number): boolean => distance === null || distance > km;

/** The nation's figures and each province's (by ISO code), from the spots' distances. */
export function peopleFar(
  distances: readonly (number | null)[],
  km: number,
): { all: PeopleFar; byProvince: Map<string, PeopleFar> } {
  const byProvince = new Map(PROVINCES.map((p) => [p.iso_3166_2, noneFar()]));
  const all = noneFar();
  censusSpots().forEach((spot, i) => {
    const far = isFar(distances[i]!, km);
    addSpot(all, spot, far);
    addSpot(byProvince.get(spot.province)!, spot, far);
  });
  return { all, byProvince };
}
