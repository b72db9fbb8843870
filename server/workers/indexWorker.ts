/**
 * The index worker: builds what takes seconds at a million points (k-d trees, cluster indexes) away from
 * the event loop that answers requests, and the order of a type's names. A cluster index stays here and answers cluster queries by key.
 */
import KDBush from 'kdbush';
import { buildClusterIndex, clustersOf, type ClusterIndex } from '../clusters/clusterIndex';
import { buildAndWriteClusters, loadClusters } from '../clusters/clusterSnapshotFile';
import type { ClusteredPoints } from '../clusters/clusterSnapshot';
import { nameOrderOf } from '../points/nameOrder';
import { PointTexts, type PointTextParts } from '../points/PointTexts';
import type { Box } from '../store/LocationStore';
import { serveRequests } from './serveRequests';

export type IndexRequest =
  | { op: 'tree'; coordinates: Float64Array }
  /** The index from its file (see clusterSnapshotFile.ts), if the file is of these points. */
  | { op: 'loadClusters'; key: string; snapshot: string; points: ClusteredPoints }
  /** `snapshot`: where to write the built index's file, for those points. */
  | {
      op: 'buildClusters';
      key: string;
      coordinates: Float64Array;
      snapshot?: { path: string; points: ClusteredPoints };
    }
  | { op: 'clusters'; key: string; box: Box; zoom: number }
  | { op: 'dropClusters'; keys: string[] }
  | { op: 'nameOrder'; texts: PointTextParts };

/** The answer to 'loadClusters': loaded, or why not (null: no file yet). */
export type LoadClustersAnswer = { loaded: true } | { refused: string | null };

/** The answer to 'clusters': the items' JSON (an array of ClusterItem); null when that index was dropped meanwhile. */
export type ClustersAnswer = Uint8Array | null;

/** A k-d tree over longitude/latitude pairs, as the buffer `KDBush.from` takes. */
function buildTree(coordinates: Float64Array): ArrayBuffer {
  const count = coordinates.length / 2;
  const tree = new KDBush(Math.max(1, count));
  for (let i = 0; i < count; i++) tree.add(coordinates[i * 2]!, coordinates[i * 2 + 1]!);
  // An empty type still gets a valid (empty-answering) tree: one point far outside any box.
  if (count === 0) tree.add(Infinity, Infinity);
  tree.finish();
  return tree.data as ArrayBuffer;
}

const clusterIndexes = new Map<string, ClusterIndex>();

serveRequests<IndexRequest>(async (request) => {
  switch (request.op) {
    case 'tree': {
      const data = buildTree(request.coordinates);
      return { result: data, transfer: [data] };
    }
    case 'loadClusters': {
      const loaded = await loadClusters(request.snapshot, request.points);
      if (!('index' in loaded)) return { result: loaded satisfies LoadClustersAnswer };
      clusterIndexes.set(request.key, loaded.index);
      return { result: { loaded: true } satisfies LoadClustersAnswer };
    }
    case 'buildClusters': {
      const { snapshot } = request;
      if (snapshot === undefined) {
        clusterIndexes.set(request.key, buildClusterIndex(request.coordinates));
        return { result: false };
      }
      const { index, written } = buildAndWriteClusters(request.coordinates, snapshot.path, snapshot.points);
      clusterIndexes.set(request.key, index);
      return { result: written };
    }
    case 'clusters': {
      const index = clusterIndexes.get(request.key);
      if (!index) return { result: null satisfies ClustersAnswer };
      // Written as the answer's JSON here and handed over: a street zoom over a large box is a few hundred thousand
      // items, which the server's thread took 400 to 950 ms to receive as objects and serialise (1M locations).
      const json = new TextEncoder().encode(JSON.stringify(clustersOf(index, request.box, request.zoom)));
      return { result: json satisfies ClustersAnswer, transfer: [json.buffer] };
    }
    case 'nameOrder': {
      const texts = PointTexts.fromParts(request.texts);
      const names = Array.from(
        { length: texts.count },
        (_, id) => (JSON.parse(texts.text(id)) as { Name: string }).Name,
      );
      const { order, rank } = nameOrderOf(names);
      return { result: { order, rank }, transfer: [order.buffer, rank.buffer] };
    }
    case 'dropClusters':
      for (const key of request.keys) clusterIndexes.delete(key);
      return { result: true };
  }
});
