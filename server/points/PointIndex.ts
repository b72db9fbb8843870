/**
 * Each location type's points in memory (TypePoints), built on first use from the store in pages (the
 * event loop answers other requests between pages) with its k-d tree built in the index worker, kept until
 * the dataset version changes. Its store is the guarded one (derived/versionGuard.ts): a build that meets a
 * newer version fails, and the answer that asked is made again at that version. With snapshots,
 * a type some process has already built for this dataset is read from its file instead.
 */
import { setImmediate as nextTurn } from 'node:timers/promises';
import KDBush from 'kdbush';
import type { DatasetMeta } from '../../domain/gateway';
import type { SnapshotShelf } from '../snapshots/SnapshotShelf';
import type { LocationStore } from '../store/LocationStore';
import { PerTypeCache } from '../derived/perTypeCache';
import type { WorkerClient } from '../workers/WorkerClient';
import type { IndexRequest } from '../workers/indexWorker';
import { facetsBytes, PointFacetsBuilder } from './PointFacets';
import { decodeSnapshot, encodeSnapshot } from './pointsSnapshot';
import { PointTexts } from './PointTexts';
import type { TypePoints } from './TypePoints';
import { withRoom } from './withRoom';

// A page is read synchronously from SQLite: at 5,000 rows, a page of a file not yet in the OS cache held
// the event loop for up to 0.4 s; at 1,000 under 0.07 s, in the same total time.
const PAGE_ROWS = 1_000;

/** The default of MAKAN_POINTS_MEMORY_MB: about 7M locations' points (some 150 bytes each) in each process. */
export const DEFAULT_POINTS_MEMORY_MB = 1024;

/** What a type's points hold in memory, in bytes. */
export const bytesOf = (points: TypePoints) =>
  points.texts.memory() + points.coordinates.byteLength + points.tree.data.byteLength + facetsBytes(points.facets);

export class PointIndex {
  private readonly types;

  /** `memoryLimit`: bytes the kept types may hold together; beyond it the least recently used are forgotten. */
  constructor(
    private readonly store: LocationStore,
    private readonly worker: WorkerClient<IndexRequest>,
    memoryLimit: number,
    /** Where built types are kept on disk for the next start (null: never). */
    private readonly snapshots: SnapshotShelf | null = null,
  ) {
    this.types = new PerTypeCache((typeId) => this.build(typeId), { limit: memoryLimit, weigh: bytesOf });
  }

  /** Bytes held by the types kept now. */
  memory(): number {
    return this.types.weight();
  }

  get(typeId: string): Promise<TypePoints> {
    return this.types.get(typeId);
  }

  /** Forgets every type: the data they were built from has changed. */
  clear(): void {
    this.types.clear();
  }

  private async build(typeId: string): Promise<TypePoints> {
    const meta = await this.store.meta();
    const kept = await this.snapshots?.load(typeId, (file) => decodeSnapshot(file, { typeId, meta }));
    if (kept) return kept;
    // Every page is read at `meta.version`, or the guarded store throws: the points are of that one version.
    const points = await this.read(typeId, meta);
    // Not awaited: the points serve now; the file is for the next process to start.
    void this.snapshots?.save(typeId, encodeSnapshot(points, meta));
    return points;
  }

  private async read(typeId: string, { version, updatedAt }: DatasetMeta): Promise<TypePoints> {
    let coordinates = new Float64Array(2 * PAGE_ROWS);
    const texts = new PointTexts(PAGE_ROWS);
    const facets = new PointFacetsBuilder();
    let after = 0;
    for (;;) {
      const page = await this.store.pointPage(typeId, after, PAGE_ROWS);
      if (page.length === 0) break;
      coordinates = withRoom(coordinates, 2 * (texts.count + page.length));
      // The gateway's field order: exactly what JSON.stringify of a MapLocation writes.
      const pageTexts = page.map((row) =>
        JSON.stringify({ Lat: row.lat, Long: row.lon, Name: row.name, Guid: row.guid }),
      );
      page.forEach((row, i) => {
        coordinates[2 * (texts.count + i)] = row.lon;
        coordinates[2 * (texts.count + i) + 1] = row.lat;
      });
      facets.append(page);
      texts.append(pageTexts);
      after = page[page.length - 1]!.id;
      if (page.length < PAGE_ROWS) break;
      await nextTurn();
    }
    const positions = coordinates.slice(0, 2 * texts.count);
    const tree = KDBush.from(await this.worker.call<ArrayBuffer>({ op: 'tree', coordinates: positions }));
    return {
      typeId,
      version,
      updatedAt,
      count: texts.count,
      coordinates: positions,
      tree,
      texts,
      facets: facets.build(),
    };
  }
}
