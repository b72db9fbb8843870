/**
 * Coverage of a type: the distance from each spot where the census's people are placed (server/census) to the
 * type's nearest location (under filters), found in the type's in-memory k-d tree and kept per dataset version
 * and filters, so any distance threshold is then a pass over a few hundred numbers.
 */
import { around } from 'geokdbush';
import type { CoverageAnswer, CoverageProvince } from '../../domain/coverage';
import type { Filters } from '../../domain/filters';
import { PROVINCES } from '../../domain/provinces';
import { greatCircleKm } from '../geo/greatCircle';
import type { PointIndex } from '../points/PointIndex';
import { filterHash, filterOf } from '../points/pointScans';
import { PerTypeCache } from '../derived/perTypeCache';
import { censusPlacement, censusSpots, type CensusSpot } from '../census/censusPeople';

/** A few candidates by the tree's own distance, the nearest of them settled by great-circle distance. */
const CANDIDATES = 4;

const round3 = (km: number) => Math.round(km * 1000) / 1000;

type PeopleFar = Omit<CoverageProvince, 'EnName'>;
const noneFar = (): PeopleFar => ({
  PopulationTotal: 0,
  PopulationFar: 0,
  YouthTotal: 0,
  YouthFar: 0,
  WomenTotal: 0,
  WomenFar: 0,
});
function add(tally: PeopleFar, spot: CensusSpot, far: boolean): void {
  tally.PopulationTotal += spot.population;
  tally.YouthTotal += spot.youth;
  tally.WomenTotal += spot.women;
  if (!far) return;
  tally.PopulationFar += spot.population;
  tally.YouthFar += spot.youth;
  tally.WomenFar += spot.women;
}

export class CoverageIndex {
  /** Each settlement's distance (km, or null without any location), by type, version and filters. */
  private readonly distances = new PerTypeCache((key) => this.measure(key));
  private readonly filtersOfKey = new Map<string, Filters>();

  constructor(private readonly points: PointIndex) {}

  clear(): void {
    this.distances.clear();
    this.filtersOfKey.clear();
  }

  private async measure(key: string): Promise<(number | null)[]> {
    const [typeId] = key.split('|') as [string];
    const typePoints = await this.points.get(typeId);
    const filter = filterOf(typePoints, this.filtersOfKey.get(key)!);
    const spots = censusSpots();
    if (typePoints.count === 0) return spots.map(() => null);
    return spots.map((s) => {
      const ids = around(typePoints.tree, s.lon, s.lat, CANDIDATES, Infinity, filter ?? undefined);
      if (ids.length === 0) return null;
      return Math.min(
        ...ids.map((id) =>
          greatCircleKm(s.lat, s.lon, typePoints.coordinates[2 * id + 1]!, typePoints.coordinates[2 * id]!),
        ),
      );
    });
  }

  /** Each census spot's distance (km) to the type's nearest location under the filters, or null with none. */
  async spotDistances(typeId: string, filters: Filters): Promise<readonly (number | null)[]> {
    const version = (await this.points.get(typeId)).version;
    const key = `${typeId}|${version}|${filterHash(filters)}`.toUpperCase();
    this.filtersOfKey.set(key, filters);
    return this.distances.get(key);
  }

  async coverage(typeId: string, km: number, filters: Filters): Promise<CoverageAnswer> {
    const distances = await this.spotDistances(typeId, filters);
    const counted = new Map(PROVINCES.map((p) => [p.iso_3166_2, noneFar()]));
    const all = noneFar();
    const farSpots: CoverageAnswer['Settlements'] = [];
    censusSpots().forEach((s, i) => {
      const distance = distances[i]!;
      const isFar = distance === null || distance > km;
      for (const tally of [all, counted.get(s.province)!]) add(tally, s, isFar);
      if (!isFar) return;
      farSpots.push({
        Name: s.name,
        ...(s.nameFa === undefined ? {} : { NameFa: s.nameFa }),
        Lat: s.lat,
        Long: s.lon,
        Population: s.population,
        NearestKm: distance === null ? null : round3(distance),
      });
    });
    const { byStep } = censusPlacement();
    return {
      Km: km,
      ...all,
      Placed: { Seat: byStep.seat, Places: byStep.places, Province: byStep.province },
      Provinces: PROVINCES.map((p) => ({ EnName: p.name_en, ...counted.get(p.iso_3166_2)! })),
      Settlements: farSpots.sort((a, b) => b.Population - a.Population),
    };
  }
}
