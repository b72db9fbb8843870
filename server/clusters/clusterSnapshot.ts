/**
 * A type's cluster index (Supercluster: a k-d tree and a data array per zoom) as one section file, so a
 * process that starts on points another process has already clustered reads the index in a fraction of a
 * second instead of clustering every zoom again. The file names the points it was made from by their count
 * and the CRC-32 of their coordinates: an index of other points, cut short or damaged is refused.
 */
import KDBush from 'kdbush';
import Supercluster from 'supercluster';
import { clusterOptions } from '../../domain/clustering';
import {
  bytesOf,
  crc32InTurns,
  decodeSections,
  encodeSections,
  ownBuffer,
  SnapshotRefused,
} from '../snapshots/sectionFile';
import type { ClusterIndex } from './clusterIndex';

const KIND = { magic: 'MKNCLS01', name: 'cluster index' };

/** A zoom's tree: a k-d tree whose `data` the library has replaced with its cluster data. */
type ClusterTree = Omit<KDBush, 'data'> & { data: Int32Array };

/** The parts of a Supercluster index its file keeps (they are not in the library's types). */
interface ClusterInternals {
  trees: ClusterTree[];
  numPoints: number;
  props: unknown[];
  coords: Float64Array;
  ids: unknown[] | null;
  stride: number;
}

/** The points an index is of: how many, and the CRC-32 of their longitude/latitude pairs. */
export interface ClusteredPoints {
  count: number;
  coordinatesCrc: number;
}

interface Header extends ClusteredPoints {
  stride: number;
  /** Each zoom's tree, highest first: its own sections, or the same tree as the zoom above it. */
  trees: { zoom: number; sameAsAbove: boolean }[];
}

/** Every point of a clustered type has the same (empty) properties: one object shared by all. */
const NO_PROPERTIES = Object.freeze({});

/** What a cluster file must be of; the checksum is computed a few megabytes per turn of the event loop. */
export async function clusteredPointsOf(coordinates: Float64Array): Promise<ClusteredPoints> {
  return { count: coordinates.length / 2, coordinatesCrc: await crc32InTurns(bytesOf(coordinates)) };
}

const internalsOf = (index: ClusterIndex) => index as unknown as ClusterInternals;

export function encodeClusterSnapshot(index: ClusterIndex, points: ClusteredPoints): Buffer[] {
  const inner = internalsOf(index);
  const trees: Header['trees'] = [];
  const arrays: [string, Buffer][] = [['coords', bytesOf(inner.coords)]];
  for (let zoom = inner.trees.length - 1; zoom >= 0; zoom--) {
    const tree = inner.trees[zoom];
    if (!tree) continue;
    const sameAsAbove = tree === inner.trees[zoom + 1];
    trees.push({ zoom, sameAsAbove });
    if (sameAsAbove) continue;
    // The library keeps the cluster data as `data`; the tree's own buffer is the one its views share.
    arrays.push([`tree-${zoom}`, bytesOf(new Uint8Array(tree.ids.buffer))], [`data-${zoom}`, bytesOf(tree.data)]);
  }
  const header: Header = { ...points, stride: inner.stride, trees };
  return encodeSections(KIND.magic, header, arrays);
}

/** The index a file holds, if it is whole and of exactly these points; throws SnapshotRefused otherwise. */
export async function decodeClusterSnapshot(file: Buffer, points: ClusteredPoints): Promise<ClusterIndex> {
  const { header, bytes, view } = await decodeSections<Header>(file, KIND, (header) => {
    if (header.count !== points.count || header.coordinatesCrc !== points.coordinatesCrc)
      throw new SnapshotRefused(`of other points (${header.count}, not ${points.count})`);
  });
  const index = new Supercluster<Record<string, never>>(clusterOptions());
  const inner = internalsOf(index);
  if (header.stride !== inner.stride) throw new SnapshotRefused('of another cluster layout');
  inner.numPoints = header.count;
  inner.coords = view('coords', (b, s, n) => new Float64Array(b, s, n), 8);
  inner.props = new Array<unknown>(header.count).fill(NO_PROPERTIES);
  inner.ids = null;
  for (const { zoom, sameAsAbove } of header.trees) {
    if (sameAsAbove) {
      inner.trees[zoom] = inner.trees[zoom + 1]!;
      continue;
    }
    const tree = KDBush.from(ownBuffer(bytes(`tree-${zoom}`))) as unknown as ClusterTree;
    tree.data = view(`data-${zoom}`, (b, s, n) => new Int32Array(b, s, n), 4);
    inner.trees[zoom] = tree;
  }
  return index;
}
