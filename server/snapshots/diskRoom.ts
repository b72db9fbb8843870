/**
 * Snapshots are a cache; the database beside them is not. A snapshot is written only where it leaves this much
 * free on its disk: on a disk nearly full, the warm-up's snapshots took the last bytes and the next report, sign-in
 * or import met a full disk (tests/api/fullDisk.test.ts).
 */
import { statfsSync } from 'node:fs';

export const SNAPSHOT_HEADROOM_BYTES = 256 * 1024 * 1024;

/** The bytes free to this process on the disk holding `dir`; null when the disk cannot be asked. */
export function freeBytes(dir: string): number | null {
  try {
    const { bavail, bsize } = statfsSync(dir);
    return bavail * bsize;
  } catch {
    return null;
  }
}

/** Whether writing `parts` into `dir` (which exists) leaves the headroom free; true when the disk cannot be asked. */
export function leavesRoomFor(dir: string, parts: readonly Buffer[]): boolean {
  const free = freeBytes(dir);
  if (free === null) return true;
  const bytes = parts.reduce((sum, part) => sum + part.length, 0);
  return free - bytes >= SNAPSHOT_HEADROOM_BYTES;
}

/** What the log says of a snapshot left unwritten for want of room. */
export const NO_ROOM = `it would leave less than ${SNAPSHOT_HEADROOM_BYTES / 1024 / 1024} MB free on its disk, which the database needs`;
