/**
 * Coverage of a type: the distance from each spot where the census's people are placed (server/census) to the
 * type's nearest location (under filters), found in the type's in-memory k-d tree and kept per dataset version
 * and filters, so any distance threshold is then a pass over a few hundred numbers.
 */
import { around } from 'geokdbush';
import KDBush from 'kdbush';
import type { CoverageAnswer } from '../../domain/coverage';
import type { Filters } from '../../domain/filters';
import { PROVINCES } from '../../domain/provinces';
import { greatCircleKm } from '../geo/greatCircle';
import type { PointIndex } from '../points/PointIndex';
import { allIds, type TypePoints } from '../points/TypePoints';
import type { PointFilter } from '../points/PointFacets';
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
 * Where the nearest locations under filters are looked for: the type's own tree, asked with the filter, unless few
 * of its locations pass; then a tree of those alone. The type's tree asked with a filter walks out until enough
 * pass: where none or few do (a rare combination of filters), nearly the whole type for each place asked, and a
 * filtered coverage, equity or plan held the server 10.8 s at 1M locations (now 15 to 20 ms). Where many pass, the
 * type's tree is quicker than a new one (85 ms against 176 ms for a third of Academy's).
 */
export interface NearestSearch {
  readonly points: TypePoints;
  readonly tree: KDBush | null;
  /** The point id of each of the tree's items; null when the tree is the type's own. */
  readonly ids: Uint32Array | null;
  /** What the type's own tree is asked with. */
  readonly filter: PointFilter;
}

/** Below this share of a type's locations passing, a tree of those alone is made (see NearestSearch). */
const OWN_TREE_BELOW = 1 / 8;

export function nearestSearch(typePoints: TypePoints, filter: PointFilter): NearestSearch {
  const whole = { points: typePoints, tree: typePoints.count === 0 ? null : typePoints.tree, ids: null, filter };
  if (filter === null || typePoints.count === 0) return whole;
  const ids = allIds(typePoints, filter);
  if (ids.length >= typePoints.count * OWN_TREE_BELOW) return whole;
  if (ids.length === 0) return { points: typePoints, tree: null, ids, filter: null };
  const tree = new KDBush(ids.length);
  for (const id of ids) tree.add(typePoints.coordinates[2 * id]!, typePoints.coordinates[2 * id + 1]!);
  tree.finish();
  return { points: typePoints, tree, ids, filter: null };
}

/**
 * The nearest location to a point among those searched (and, with `keep`, kept), by great-circle distance among
 * the tree's few nearest (the one rule for coverage, plans and suggestions), or null where there is none.
 */
export function nearestOf(
  search: NearestSearch,
  lon: number,
  lat: number,
  keep: ((id: number) => boolean) | null = null,
): { id: number; km: number } | null {
  const { points, tree, ids, filter } = search;
  if (tree === null) return null;
  const idOf = (item: number) => (ids === null ? item : ids[item]!);
  const passes =
    filter === null && keep === null
      ? undefined
      : (item: number) => (filter === null || filter(idOf(item))) && (keep === null || keep(idOf(item)));
  const found = around(tree, lon, lat, CANDIDATES, Infinity, passes);
  let best: { id: number; km: number } | null = null;
  for (const item of found) {
    const id = idOf(item);
    const km = greatCircleKm(lat, lon, points.coordinates[2 * id + 1]!, points.coordinates[2 * id]!);
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
    const search = nearestSearch(typePoints, filterOf(typePoints, filters));
    const spots = censusSpots();
    const nearest = new Int32Array(spots.length).fill(-1);
    const distances = spots.map((s, i) => {
      const found = nearestOf(search, s.lon, s.lat);
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
