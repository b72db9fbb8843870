/**
 * Coverage of a type: each settlement's distance to the type's nearest location (under filters), found in the
 * type's in-memory k-d tree and kept per dataset version and filters, so any distance threshold is then a
 * pass over a few hundred numbers.
 */
import { around } from 'geokdbush';
import type { CoverageAnswer } from '../../domain/coverage';
import type { Filters } from '../../domain/filters';
import { PROVINCES } from '../../domain/provinces';
import { greatCircleKm } from '../geo/greatCircle';
import type { PointIndex } from '../points/PointIndex';
import { filterHash, filterOf } from '../points/pointScans';
import { PerTypeCache } from '../store/perTypeCache';
import { SETTLEMENTS } from './settlements';

/** A few candidates by the tree's own distance, the nearest of them settled by great-circle distance. */
const CANDIDATES = 4;

const round3 = (km: number) => Math.round(km * 1000) / 1000;

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
    if (typePoints.count === 0) return SETTLEMENTS.map(() => null);
    return SETTLEMENTS.map((s) => {
      const ids = around(typePoints.tree, s.lon, s.lat, CANDIDATES, Infinity, filter ?? undefined);
      if (ids.length === 0) return null;
      return Math.min(
        ...ids.map((id) =>
          greatCircleKm(s.lat, s.lon, typePoints.coordinates[2 * id + 1]!, typePoints.coordinates[2 * id]!),
        ),
      );
    });
  }

  async coverage(typeId: string, km: number, filters: Filters): Promise<CoverageAnswer> {
    const version = (await this.points.get(typeId)).version;
    const key = `${typeId}|${version}|${filterHash(filters)}`.toUpperCase();
    this.filtersOfKey.set(key, filters);
    const distances = await this.distances.get(key);
    const provinces = new Map(PROVINCES.map((p) => [p.iso_3166_2, { total: 0, far: 0 }]));
    let total = 0;
    let far = 0;
    const farSettlements: CoverageAnswer['Settlements'] = [];
    SETTLEMENTS.forEach((s, i) => {
      const distance = distances[i]!;
      const isFar = distance === null || distance > km;
      const province = provinces.get(s.province)!;
      total += s.population;
      province.total += s.population;
      if (!isFar) return;
      far += s.population;
      province.far += s.population;
      farSettlements.push({
        Name: s.name,
        ...(s.nameFa === undefined ? {} : { NameFa: s.nameFa }),
        Lat: s.lat,
        Long: s.lon,
        Population: s.population,
        NearestKm: distance === null ? null : round3(distance),
      });
    });
    return {
      Km: km,
      PopulationTotal: total,
      PopulationFar: far,
      Provinces: PROVINCES.map((p) => ({
        EnName: p.name_en,
        PopulationTotal: provinces.get(p.iso_3166_2)!.total,
        PopulationFar: provinces.get(p.iso_3166_2)!.far,
      })),
      Settlements: farSettlements,
    };
  }
}
