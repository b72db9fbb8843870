/** Cluster indexes live in the index worker within a memory budget: the least recently used is dropped there. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Transferable } from 'node:worker_threads';
import type { FastifyBaseLogger } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import type { ClusterItem } from '../../domain/gateway';
import { ClusterIndexCache } from '../../server/clusters/ClusterIndexCache';
import type { PointIndex } from '../../server/points/PointIndex';
import type { TypePoints } from '../../server/points/TypePoints';
import { WorkerClient } from '../../server/workers/WorkerClient';
import type { IndexRequest } from '../../server/workers/indexWorker';

const WORKER = new URL('../../server/workers/indexWorker.ts', import.meta.url);
const IRAN = { minLat: 24, minLon: 43, maxLat: 40.5, maxLon: 64 };

/** The items of the cache's answer, which comes as the JSON the route sends. */
async function clustersOf(cache: ClusterIndexCache, typeId: string, box: typeof IRAN, zoom: number) {
  return JSON.parse((await cache.clustersJson(typeId, box, zoom)).toString()) as ClusterItem[];
}

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

    expect(total(await clustersOf(cache, 'A', IRAN, 5))).toBe(3_000);
    expect(total(await clustersOf(cache, 'B', IRAN, 5))).toBe(3_000);
    expect(cache.memory()).toBe(3_000 * 280);
    // A's index is gone from the worker: asked for it by its key, the worker answers null.
    expect(await worker.call({ op: 'clusters', key: 'A@1#0', box: IRAN, zoom: 5 })).toBeNull();
    expect(await worker.call({ op: 'clusters', key: 'B@1#0', box: IRAN, zoom: 5 })).not.toBeNull();
    // Asked again, A is built again (and B dropped in turn).
    expect(total(await clustersOf(cache, 'A', IRAN, 5))).toBe(3_000);
    expect(await worker.call({ op: 'clusters', key: 'B@1#0', box: IRAN, zoom: 5 })).toBeNull();
  });

  it('a type read from its snapshot has its cluster file read without posting its points; to build, only its own coordinates go, handed over', async () => {
    /** Every buffer posted to the worker, with whether it was handed over (transferred) or copied. */
    const posted: { op: string; bytes: number; handedOver: boolean }[] = [];
    class RecordingWorker extends WorkerClient<IndexRequest> {
      override call<Result>(request: IndexRequest, transfer: Transferable[] = []): Promise<Result> {
        for (const value of Object.values(request))
          if (ArrayBuffer.isView(value))
            posted.push({
              op: request.op,
              bytes: value.buffer.byteLength,
              handedOver: transfer.includes(value.buffer as ArrayBuffer),
            });
        return super.call(request, transfer);
      }
    }
    // As a snapshot-loaded type holds them: the coordinates are a view inside its whole file's buffer.
    const file = new ArrayBuffer(1_000_000);
    const coordinates = new Float64Array(file, 4_096, 3_000 * 2);
    coordinates.set(pointsOf(3_000).coordinates);
    const points = { get: async () => ({ version: 1, count: 3_000, coordinates }) } as unknown as PointIndex;
    const dir = mkdtempSync(join(tmpdir(), 'makan-cluster-files-'));
    const log = { info: () => undefined, warn: () => undefined } as unknown as FastifyBaseLogger;
    try {
      worker = new RecordingWorker(WORKER, 'test-clusters');
      const first = new ClusterIndexCache(points, worker, undefined, { dir, log });
      const clustered = await clustersOf(first, 'A', IRAN, 5);
      expect(posted).toEqual([{ op: 'buildClusters', bytes: 3_000 * 16, handedOver: true }]);
      await worker.close();

      posted.length = 0;
      worker = new RecordingWorker(WORKER, 'test-clusters');
      const second = new ClusterIndexCache(points, worker, undefined, { dir, log });
      expect(await clustersOf(second, 'A', IRAN, 5)).toEqual(clustered);
      expect(posted).toEqual([]);
      // The type's points are still whole here: what was handed over was a copy.
      expect(coordinates[0]).toBe(51);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
