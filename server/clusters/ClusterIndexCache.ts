/**
 * Supercluster indexes, one per location type, built in the index worker from the type's points on the
 * first cluster request (seconds at a million points, none of it on the event loop) and kept there until
 * the dataset changes. Concurrent first requests share one build.
 */
import type { ClusterItem } from '../../domain/gateway';
import type { PointIndex } from '../points/PointIndex';
import type { Box } from '../store/LocationStore';
import { PerTypeCache } from '../store/perTypeCache';
import type { WorkerClient } from '../workers/WorkerClient';
import type { ClustersAnswer, IndexRequest } from '../workers/indexWorker';

export { CLUSTER_MAX_ZOOM, CLUSTER_RADIUS } from './clusterIndex';

export class ClusterIndexCache {
  private readonly keys = new PerTypeCache((typeId) => this.build(typeId));
  private readonly built = new Set<string>();
  private generation = 0;

  constructor(
    private readonly points: PointIndex,
    private readonly worker: WorkerClient<IndexRequest>,
  ) {}

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

  private async build(typeId: string): Promise<string> {
    const generation = this.generation;
    const points = await this.points.get(typeId);
    const key = `${typeId}@${points.version}#${generation}`;
    await this.worker.call({ op: 'buildClusters', key, coordinates: points.coordinates });
    // Built from data that changed meanwhile: not kept.
    if (generation !== this.generation) this.drop([key]);
    else this.built.add(key);
    return key;
  }

  async clusters(typeId: string, box: Box, zoom: number): Promise<ClusterItem[]> {
    for (let attempt = 0; ; attempt++) {
      const key = await this.keys.get(typeId);
      const answer = await this.worker.call<ClustersAnswer>({ op: 'clusters', key, box, zoom });
      if (answer) return answer;
      // Dropped between our lookup and the query (the data changed): build from the new data.
      if (attempt === 2) throw new Error(`cluster index of ${typeId} kept being replaced`);
    }
  }
}
