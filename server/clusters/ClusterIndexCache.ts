/**
 * Supercluster indexes, one per location type, built in the index worker from the type's points on the
 * first cluster request (seconds at a million points, none of it on the event loop) and kept there until
 * the dataset changes, within a memory budget: beyond it the least recently used index is dropped from the
 * worker and built again when next asked for. Concurrent first requests share one build.
 */
import type { ClusterItem } from '../../domain/gateway';
import type { PointIndex } from '../points/PointIndex';
import type { Box } from '../store/LocationStore';
import { PerTypeCache } from '../store/perTypeCache';
import type { WorkerClient } from '../workers/WorkerClient';
import type { ClustersAnswer, IndexRequest } from '../workers/indexWorker';

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
  ) {
    this.keys = new PerTypeCache<BuiltIndex>((typeId) => this.build(typeId), {
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
    this.drop([...this.built]);
  }

  private drop(keys: string[]): void {
    if (keys.length === 0) return;
    for (const key of keys) this.built.delete(key);
    this.worker.call({ op: 'dropClusters', keys }).catch(() => undefined);
  }

  private async build(typeId: string): Promise<BuiltIndex> {
    const generation = this.generation;
    const points = await this.points.get(typeId);
    const key = `${typeId}@${points.version}#${generation}`;
    await this.worker.call({ op: 'buildClusters', key, coordinates: points.coordinates });
    // Built from data that changed meanwhile: not kept.
    if (generation !== this.generation) this.drop([key]);
    else this.built.add(key);
    return { key, count: points.count };
  }

  async clusters(typeId: string, box: Box, zoom: number): Promise<ClusterItem[]> {
    for (let attempt = 0; ; attempt++) {
      const { key } = await this.keys.get(typeId);
      const answer = await this.worker.call<ClustersAnswer>({ op: 'clusters', key, box, zoom });
      if (answer) return answer;
      // Dropped between our lookup and the query (the data changed): build from the new data.
      if (attempt === 2) throw new Error(`cluster index of ${typeId} kept being replaced`);
    }
  }
}
