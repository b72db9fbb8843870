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
import type { ClusterItem } from '../../domain/gateway';
import type { PointIndex } from '../points/PointIndex';
import { filterHash, filterOf } from '../points/pointScans';
import { allIds, coordinatesOf } from '../points/TypePoints';
import type { Box } from '../store/LocationStore';
import { PerTypeCache } from '../store/perTypeCache';
import type { WorkerClient } from '../workers/WorkerClient';
import type { ClustersAnswer, IndexRequest } from '../workers/indexWorker';
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
  /** The filters of each filtered index's cache key. */
  private readonly filtersOfKey = new Map<string, Filters>();
  private generation = 0;

  /** `memoryLimit`: bytes the kept indexes may hold together in the worker. */
  constructor(
    private readonly points: PointIndex,
    private readonly worker: WorkerClient<IndexRequest>,
    memoryLimit = DEFAULT_CLUSTERS_MEMORY_MB * 1024 * 1024,
    private readonly snapshots: { dir: string; log: FastifyBaseLogger } | null = null,
  ) {
    this.keys = new PerTypeCache<BuiltIndex>((key) => this.build(key), {
      limit: memoryLimit,
      weigh: (index) => index.count * BYTES_PER_POINT,
      forget: (index) => this.drop([index.key]),
    });
  }

  /** Builds the type's index ahead of its first request (the warm-up). */
  async prepare(typeId: string): Promise<void> {
    await this.keys.get(typeId);
  }

  /** Bytes the kept indexes hold in the worker, as estimated. */
  memory(): number {
    return this.keys.weight();
  }

  /** Forgets every index: the data they were built from has changed. */
  clear(): void {
    this.generation++;
    this.keys.clear();
    this.filtersOfKey.clear();
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
    if (hash === '') return typeId.toUpperCase();
    const key = `${typeId}|${hash}`.toUpperCase();
    this.filtersOfKey.set(key, filters);
    return key;
  }

  private async build(cacheKey: string): Promise<BuiltIndex> {
    const generation = this.generation;
    const [typeId] = cacheKey.split('|') as [string];
    const filters = this.filtersOfKey.get(cacheKey) ?? NO_FILTERS;
    const points = await this.points.get(typeId);
    const key = `${cacheKey}@${points.version}#${generation}`;
    const filter = filterOf(points, filters);
    const coordinates = filter === null ? points.coordinates : coordinatesOf(points, allIds(points, filter));
    // Only a type's whole index has a file: a filtered one is of a passing share, asked for less often.
    const snapshot =
      filter === null && this.snapshots ? snapshotFileOf(this.snapshots.dir, 'clusters', typeId) : undefined;
    const source = await this.worker.call<ClusterIndexSource>({ op: 'buildClusters', key, coordinates, snapshot });
    if (snapshot && this.snapshots) this.report(typeId, snapshot, source, this.snapshots.log);
    // Built from data that changed meanwhile: not kept.
    if (generation !== this.generation) this.drop([key]);
    else this.built.add(key);
    return { key, count: coordinates.length / 2 };
  }

  private report(typeId: string, path: string, source: ClusterIndexSource, log: FastifyBaseLogger): void {
    if (source.from === 'snapshot') log.info({ typeId }, 'cluster index loaded from snapshot');
    else if (source.refused)
      log.info({ typeId, path, reason: source.refused }, 'cluster index snapshot refused: built anew');
    if (source.from === 'built' && !source.written)
      log.warn({ path }, 'cluster index snapshot not written: the next start clusters this type again');
  }

  async clusters(typeId: string, box: Box, zoom: number, filters: Filters = NO_FILTERS): Promise<ClusterItem[]> {
    for (let attempt = 0; ; attempt++) {
      const { key } = await this.keys.get(this.cacheKey(typeId, filters));
      const answer = await this.worker.call<ClustersAnswer>({ op: 'clusters', key, box, zoom });
      if (answer) return answer;
      // Dropped between our lookup and the query (the data changed): build from the new data.
      if (attempt === 2) throw new Error(`cluster index of ${typeId} kept being replaced`);
    }
  }
}
