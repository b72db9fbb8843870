/**
 * The k nearest locations of a type to any point on Earth, exactly (the same answer as sorting every
 * location by great-circle distance): an in-memory k-d tree of each type's points (kdbush), searched by
 * great-circle distance (geokdbush), built on first use and dropped when the dataset version changes.
 * Only the k winners' names and Guids are read from the store.
 */
import KDBush from 'kdbush';
import { around } from 'geokdbush';
import type { LocationStore, PointRow } from '../store/LocationStore';
import { PerTypeCache } from '../store/perTypeCache';
import { greatCircleKm } from './greatCircle';

export interface NearRow extends PointRow {
  distanceKm: number;
}

interface TypeIndex {
  tree: KDBush;
  ids: Float64Array;
}

/** A few more than asked, so ties at the k-th distance are settled by Guid like a full sort would. */
const TIE_MARGIN = 8;

const byDistance = (a: NearRow, b: NearRow) => a.distanceKm - b.distanceKm || (a.guid < b.guid ? -1 : a.guid > b.guid ? 1 : 0);

export class NearestIndex {
  private readonly indexes = new PerTypeCache((typeId) => this.build(typeId));

  constructor(private readonly store: LocationStore) {}

  /** Forgets every index: the data they were built from has changed. */
  clear(): void {
    this.indexes.clear();
  }

  private async build(typeId: string): Promise<TypeIndex> {
    const { ids, coordinates } = await this.store.positionsOfType(typeId);
    const tree = new KDBush(Math.max(1, ids.length));
    for (let i = 0; i < ids.length; i++) tree.add(coordinates[i * 2]!, coordinates[i * 2 + 1]!);
    tree.finish();
    return { tree, ids };
  }

  async nearest(typeId: string, lat: number, lon: number, limit: number): Promise<NearRow[]> {
    const { tree, ids } = await this.indexes.get(typeId);
    if (ids.length === 0) return [];
    const picked = around(tree, lon, lat, limit + TIE_MARGIN).map((i) => ids[i]!);
    const rows = await this.store.locationsByIds(picked);
    return rows
      .map(({ id: _id, ...row }) => ({ ...row, distanceKm: greatCircleKm(lat, lon, row.lat, row.lon) }))
      .sort(byDistance)
      .slice(0, limit);
  }
}
