/**
 * A type's cluster index from its file when one was written for exactly these points, else built and its
 * file written (to a temporary name, then renamed, so no process reads half a file). Runs in the index
 * worker, where seconds of clustering and a file's reading never hold up a request. A file that cannot be
 * written (a read-only disk, a full one) costs only the next start's time. Reading a file needs only what
 * the points are (their count and checksum), not the points themselves: they are sent only to build.
 */
import { randomBytes } from 'node:crypto';
import { closeSync, mkdirSync, openSync, renameSync, rmSync, writeSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { leavesRoomFor } from '../snapshots/diskRoom';
import { SnapshotRefused } from '../snapshots/sectionFile';
import { buildClusterIndex, type ClusterIndex } from './clusterIndex';
import { decodeClusterSnapshot, encodeClusterSnapshot, type ClusteredPoints } from './clusterSnapshot';

/** Where an index came from, and why a file there was not used. */
export type ClusterIndexSource = { from: 'snapshot' } | { from: 'built'; refused: string | null; written: boolean };

/** The index the file holds for these points, or why there is none (null: no file yet). */
export async function loadClusters(
  path: string,
  points: ClusteredPoints,
): Promise<{ index: ClusterIndex } | { refused: string | null }> {
  try {
    return { index: await decodeClusterSnapshot(await readFile(path), points) };
  } catch (error) {
    if (error instanceof SnapshotRefused) return { refused: error.message };
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { refused: null };
    return { refused: (error as Error).message };
  }
}

/** Builds the index and writes its file; whether the file was written. */
export function buildAndWriteClusters(
  coordinates: Float64Array,
  path: string,
  points: ClusteredPoints,
): { index: ClusterIndex; written: boolean } {
  const index = buildClusterIndex(coordinates);
  const temporary = `${path}.${process.pid}-${randomBytes(4).toString('hex')}.tmp`;
  try {
    mkdirSync(dirname(path), { recursive: true });
    const parts = encodeClusterSnapshot(index, points);
    if (!leavesRoomFor(dirname(path), parts)) return { index, written: false };
    const fd = openSync(temporary, 'w');
    try {
      for (const part of parts) writeSync(fd, part);
    } finally {
      closeSync(fd);
    }
    renameSync(temporary, path);
    return { index, written: true };
  } catch {
    rmSync(temporary, { force: true });
    return { index, written: false };
  }
}
