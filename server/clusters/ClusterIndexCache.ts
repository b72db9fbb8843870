/**
 * Supercluster indexes, one per location type, built in the index worker from the type's points on the
 * first cluster request (seconds at a million points, none of it on the event loop) and kept there until
 * the dataset changes, within a memory budget: beyond it the least recently used index is dropped from the
 * worker and built again when next asked for. Concurrent first requests share one build. A filtered map has
 * an index of its own, of the points that pass, kept under the same budget. With a snapshot folder, a type's
 * whole index is read from its file when that was written for the same points (by whichever process
 * clustered them first), and written when not.
 */
import type { FastifyBaseLogger } from 'fastify';
import { NO_FILTERS, type Filters } from '../../domain/filters';
import type { PointIndex } from '../points/PointIndex';
import { filterHash, filterOf } from '../points/pointScans';
import { allIds, coordinatesOf } from '../points/TypePoints';
import type { Box } from '../store/LocationStore';
import { PerTypeCache } from '../derived/perTypeCache';
import type { WorkerClient } from '../workers/WorkerClient';
import type { ClustersAnswer, IndexRequest, LoadClustersAnswer } from '../workers/indexWorker';
import { clusteredPointsOf, type ClusteredPoints } from './clusterSnapshot';
import type { ClusterIndexSource } from './clusterSnapshotFile';
import { snapshotFileOf } from '../snapshots/sectionFile';

export { CLUSTER_MAX_ZOOM, CLUSTER_RADIUS } from './clusterIndex';

/** The default of MAKAN_CLUSTERS_MEMORY_MB: the cluster indexes of about 3.8M locations in each process. */
export const DEFAULT_CLUSTERS_MEMORY_MB = 1024;
/**
 * What a Supercluster index holds per point, all zoom levels together: 280 bytes measured at 1M points
 * (features on the heap and every level's k-d tree and data arrays).
 */
const BYTES_PER_POINT = 280;

interface BuiltIndex {
  key: string;
  count: number;
}

export class ClusterIndexCache {
  private readonly keys;
  private readonly built = new Set<string>();
  private generation = 0;

  /** `memoryLimit`: bytes the kept indexes may hold together in the worker. */
  constructor(
    private readonly points: PointIndex,
    private readonly worker: WorkerClient<IndexRequest>,
    memoryLimit = DEFAULT_CLUSTERS_MEMORY_MB * 1024 * 1024,
    private readonly snapshots: { dir: string; log: FastifyBaseLogger } | null = null,
  ) {
    this.keys = new PerTypeCache<BuiltIndex, Filters>((key, filters) => this.prepareIndex(key, filters), {
      limit: memoryLimit,
      weigh: (index) => index.count * BYTES_PER_POINT,
      forget: (index) => this.drop([index.key]),
    });
  }

  /** Builds the type's index ahead of its first request (the warm-up). */
  async prepare(typeId: string): Promise<void> {
    await this.keys.get(typeId, NO_FILTERS);
  }

  /** Bytes the kept indexes hold in the worker, as estimated. */
  memory(): number {
    return this.keys.weight();
  }

  /** Forgets every index: the data they were built from has changed. */
  clear(): void {
    this.generation++;
    this.keys.clear();
    this.drop([...this.built]);
  }

  private drop(keys: string[]): void {
    if (keys.length === 0) return;
    for (const key of keys) this.built.delete(key);
    this.worker.call({ op: 'dropClusters', keys }).catch(() => undefined);
  }

  /** The cache key of a type's index under these filters (the type id alone without any). */
  private cacheKey(typeId: string, filters: Filters): string {
    const hash = filterHash(filters);
    return (hash === '' ? typeId : `${typeId}|${hash}`).toUpperCase();
  }

  private async prepareIndex(cacheKey: string, filters: Filters): Promise<BuiltIndex> {
    const generation = this.generation;
    const [typeId] = cacheKey.split('|') as [string];
    const points = await this.points.get(typeId);
    const key = `${cacheKey}@${points.version}#${generation}`;
    const filter = filterOf(points, filters);
    // Only a type's whole index has a file: a filtered one is of a passing share, asked for less often.
    let count = points.count;
    if (filter === null && this.snapshots) {
      const path = snapshotFileOf(this.snapshots.dir, 'clusters', typeId);
      const source = await this.loadOrBuild(key, points.coordinates, path);
      this.report(typeId, path, source, this.snapshots.log);
    } else {
      const coordinates = filter === null ? points.coordinates.slice() : coordinatesOf(points, allIds(points, filter));
      count = coordinates.length / 2;
      await this.build(key, coordinates);
    }
    // Built from data that changed meanwhile: not kept.
    if (generation !== this.generation) this.drop([key]);
    else this.built.add(key);
    return { key, count };
  }

  /**
   * The worker reads the file knowing only what the points are; they are sent only when it must build. A
   * type read from its own snapshot has its coordinates inside that whole file's buffer, and posting a view
   * copies all of its buffer: the points sent are always a copy of their own, handed over, not copied again.
   */
  private async loadOrBuild(key: string, coordinates: Float64Array, path: string): Promise<ClusterIndexSource> {
    const points = await clusteredPointsOf(coordinates);
    const loaded = await this.worker.call<LoadClustersAnswer>({ op: 'loadClusters', key, snapshot: path, points });
    if ('loaded' in loaded) return { from: 'snapshot' };
    const written = await this.build(key, coordinates.slice(), { path, points });
    return { from: 'built', refused: loaded.refused, written };
  }

  /** Builds an index in the worker from coordinates of their own, handed over (they are not used here after). */
  private build(
    key: string,
    coordinates: Float64Array<ArrayBuffer>,
    snapshot?: { path: string; points: ClusteredPoints },
  ) {
    return this.worker.call<boolean>({ op: 'buildClusters', key, coordinates, snapshot }, [coordinates.buffer]);
  }

  private report(typeId: string, path: string, source: ClusterIndexSource, log: FastifyBaseLogger): void {
    if (source.from === 'snapshot') log.info({ typeId }, 'cluster index loaded from snapshot');
    else if (source.refused)
      log.info({ typeId, path, reason: source.refused }, 'cluster index snapshot refused: built anew');
    if (source.from === 'built' && !source.written)
      log.warn({ path }, 'cluster index snapshot not written: the next start clusters this type again');
  }

  /** The clusters and single points of the box at this zoom, as the answer's JSON (an array of ClusterItem). */
  async clustersJson(typeId: string, box: Box, zoom: number, filters: Filters = NO_FILTERS): Promise<Buffer> {
    for (let attempt = 0; ; attempt++) {
      const { key } = await this.keys.get(this.cacheKey(typeId, filters), filters);
      const answer = await this.worker.call<ClustersAnswer>({ op: 'clusters', key, box, zoom });
      if (answer) return Buffer.from(answer.buffer, answer.byteOffset, answer.byteLength);
      // Dropped between our lookup and the query (the data changed): build from the new data.
      if (attempt === 2) throw new Error(`cluster index of ${typeId} kept being replaced`);
    }
  }
}
