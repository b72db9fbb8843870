/**
 * Coverage of a type: the distance from each spot where the census's people are placed (server/census) to the
 * type's nearest location (under filters), found in the type's in-memory k-d tree and kept per dataset version
 * and filters, so any distance threshold is then a pass over a few hundred numbers.
 */
import { around } from 'geokdbush';
import type { CoverageAnswer } from '../../domain/coverage';
import type { Filters } from '../../domain/filters';
import { PROVINCES } from '../../domain/provinces';
import { greatCircleKm } from '../geo/greatCircle';
import type { PointIndex } from '../points/PointIndex';
import type { TypePoints } from '../points/TypePoints';
import { filterHash, filterOf } from '../points/pointScans';
import { DERIVED_BY_FILTERS_BYTES, PerTypeCache } from '../derived/perTypeCache';
import { censusPlacement, censusSpots } from '../census/censusPeople';
import { isFar, peopleFar } from './peopleFar';

/** A few candidates by the tree's own distance, the nearest of them settled by great-circle distance. */
const CANDIDATES = 4;

const round3 = (km: number) => Math.round(km * 1000) / 1000;

/** Each census spot's distance to the type's nearest location (km, or null without any), and that location's id. */
export interface SpotNearest {
  readonly distances: readonly (number | null)[];
  /** The nearest location's point id (server/points/TypePoints.ts) for the same version, or -1 without any. */
  readonly nearest: Int32Array;
}

/**
 * The nearest location to a point that passes the filter, by great-circle distance among the tree's few nearest
 * (the one rule for coverage, plans and suggestions), or null where none passes.
 */
export function nearestOf(
  typePoints: TypePoints,
  lon: number,
  lat: number,
  filter: ((id: number) => boolean) | null,
): { id: number; km: number } | null {
  if (typePoints.count === 0) return null;
  const ids = around(typePoints.tree, lon, lat, CANDIDATES, Infinity, filter ?? undefined);
  let best: { id: number; km: number } | null = null;
  for (const id of ids) {
    const km = greatCircleKm(lat, lon, typePoints.coordinates[2 * id + 1]!, typePoints.coordinates[2 * id]!);
    if (best === null || km < best.km) best = { id, km };
  }
  return best;
}

export class CoverageIndex {
  /** Each settlement's distance and nearest location, by type, version and filters (within a budget). */
  private readonly distances = new PerTypeCache((key, filters: Filters) => this.measure(key, filters), {
    limit: DERIVED_BY_FILTERS_BYTES,
    weigh: ({ distances, nearest }) => distances.length * 8 + nearest.byteLength,
  });

  constructor(private readonly points: PointIndex) {}

  clear(): void {
    this.distances.clear();
  }

  private async measure(key: string, filters: Filters): Promise<SpotNearest> {
    const [typeId] = key.split('|') as [string];
    const typePoints = await this.points.get(typeId);
    const filter = filterOf(typePoints, filters);
    const spots = censusSpots();
    const nearest = new Int32Array(spots.length).fill(-1);
    const distances = spots.map((s, i) => {
      const found = nearestOf(typePoints, s.lon, s.lat, filter);
      if (found === null) return null;
      nearest[i] = found.id;
      return found.km;
    });
    return { distances, nearest };
  }

  /** Each census spot's distance (km) to the type's nearest location under the filters, or null with none. */
  async spotDistances(typeId: string, filters: Filters): Promise<readonly (number | null)[]> {
    return (await this.spotNearest(typeId, filters)).distances;
  }

  /** Each census spot's distance to the type's nearest location under the filters, and which location it is. */
  async spotNearest(typeId: string, filters: Filters): Promise<SpotNearest> {
    const version = (await this.points.get(typeId)).version;
    const key = `${typeId}|${version}|${filterHash(filters)}`.toUpperCase();
    return this.distances.get(key, filters);
  }

  async coverage(typeId: string, km: number, filters: Filters): Promise<CoverageAnswer> {
    const distances = await this.spotDistances(typeId, filters);
    const { all, byProvince } = peopleFar(distances, km);
    const farSpots: CoverageAnswer['Settlements'] = [];
    censusSpots().forEach((s, i) => {
      const distance = distances[i]!;
      if (!isFar(distance, km)) return;
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
      Provinces: PROVINCES.map((p) => ({ EnName: p.name_en, ...byProvince.get(p.iso_3166_2)! })),
      Settlements: farSpots.sort((a, b) => b.Population - a.Population),
    };
  }
}
