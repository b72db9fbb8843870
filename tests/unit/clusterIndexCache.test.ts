/** Cluster indexes live in the index worker within a memory budget: the least recently used is dropped there. */
import { afterEach, describe, expect, it } from 'vitest';
import { ClusterIndexCache } from '../../server/clusters/ClusterIndexCache';
import type { PointIndex } from '../../server/points/PointIndex';
import type { TypePoints } from '../../server/points/TypePoints';
import { WorkerClient } from '../../server/workers/WorkerClient';
import type { IndexRequest } from '../../server/workers/indexWorker';

const WORKER = new URL('../../server/workers/indexWorker.ts', import.meta.url);
const IRAN = { minLat: 24, minLon: 43, maxLat: 40.5, maxLon: 64 };

/** Just what ClusterIndexCache reads of a type's points: `count` points in a small square near Tehran. */
function pointsOf(count: number) {
  const coordinates = new Float64Array(count * 2);
  for (let i = 0; i < count; i++) {
    coordinates[i * 2] = 51 + (i % 100) * 0.001;
    coordinates[i * 2 + 1] = 35 + Math.floor(i / 100) * 0.001;
  }
  return { version: 1, count, coordinates } as unknown as TypePoints;
}

describe('ClusterIndexCache', () => {
  let worker: WorkerClient<IndexRequest>;
  afterEach(() => worker.close());

  it('drops the least recently used index from the worker beyond its budget, and builds it again when asked', async () => {
    worker = new WorkerClient<IndexRequest>(WORKER, 'test-clusters');
    const sizes: Record<string, number> = { A: 3_000, B: 3_000 };
    const points = { get: async (typeId: string) => pointsOf(sizes[typeId]!) } as unknown as PointIndex;
    // Room for one index of 3,000 points (280 bytes each), not two.
    const cache = new ClusterIndexCache(points, worker, 4_000 * 280);
    const total = (items: { Count: number }[]) => items.reduce((sum, item) => sum + item.Count, 0);

    expect(total(await cache.clusters('A', IRAN, 5))).toBe(3_000);
    expect(total(await cache.clusters('B', IRAN, 5))).toBe(3_000);
    expect(cache.memory()).toBe(3_000 * 280);
    // A's index is gone from the worker: asked for it by its key, the worker answers null.
    expect(await worker.call({ op: 'clusters', key: 'A@1#0', box: IRAN, zoom: 5 })).toBeNull();
    expect(await worker.call({ op: 'clusters', key: 'B@1#0', box: IRAN, zoom: 5 })).not.toBeNull();
    // Asked again, A is built again (and B dropped in turn).
    expect(total(await cache.clusters('A', IRAN, 5))).toBe(3_000);
    expect(await worker.call({ op: 'clusters', key: 'B@1#0', box: IRAN, zoom: 5 })).toBeNull();
  });
});
