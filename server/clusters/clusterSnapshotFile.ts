/**
 * A type's cluster index from its file when one was written for exactly these points, else built and its
 * file written (to a temporary name, then renamed, so no process reads half a file). Runs in the index
 * worker, where seconds of clustering and a file's reading never hold up a request. A file that cannot be
 * written (a read-only disk, a full one) costs only the next start's time.
 */
import { randomBytes } from 'node:crypto';
import { closeSync, mkdirSync, openSync, renameSync, rmSync, writeSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { SnapshotRefused } from '../snapshots/sectionFile';
import { buildClusterIndex, type ClusterIndex } from './clusterIndex';
import { clusteredPointsOf, decodeClusterSnapshot, encodeClusterSnapshot } from './clusterSnapshot';

/** Where an index came from, and why a file there was not used. */
export type ClusterIndexSource = { from: 'snapshot' } | { from: 'built'; refused: string | null; written: boolean };

export async function loadOrBuildClusters(
  coordinates: Float64Array,
  path: string,
): Promise<{ index: ClusterIndex; source: ClusterIndexSource }> {
  const points = clusteredPointsOf(coordinates);
  let refused: string | null = null;
  try {
    return { index: await decodeClusterSnapshot(await readFile(path), points), source: { from: 'snapshot' } };
  } catch (error) {
    if (error instanceof SnapshotRefused) refused = error.message;
    else if ((error as NodeJS.ErrnoException).code !== 'ENOENT') refused = (error as Error).message;
  }
  const index = buildClusterIndex(coordinates);
  const temporary = `${path}.${process.pid}-${randomBytes(4).toString('hex')}.tmp`;
  let written = false;
  try {
    mkdirSync(dirname(path), { recursive: true });
    const fd = openSync(temporary, 'w');
    try {
      for (const part of encodeClusterSnapshot(index, points)) writeSync(fd, part);
    } finally {
      closeSync(fd);
    }
    renameSync(temporary, path);
    written = true;
  } catch {
    rmSync(temporary, { force: true });
  }
  return { index, source: { from: 'built', refused, written } };
}
