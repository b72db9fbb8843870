/**
 * Where each type's points snapshot (pointsSnapshot.ts) is kept: one file per type, of the newest dataset a
 * process has built. Whichever process builds a type first writes it (to a temporary name, then renamed, so
 * no process ever reads half a file); the others, and every later start on the same dataset, read it. A file
 * of another dataset, cut short or damaged is refused (logged), the type is built from the store, and the
 * file is written again.
 */
import { mkdir, open, readFile, rename, rm } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { DatasetMeta } from '../../domain/gateway';
import { snapshotFileOf } from '../snapshots/sectionFile';
import { decodeSnapshot, encodeSnapshot, SnapshotRefused, type SnapshotKey } from './pointsSnapshot';
import type { TypePoints } from './TypePoints';

export class PointSnapshots {
  constructor(
    readonly dir: string,
    private readonly log: FastifyBaseLogger,
  ) {}

  fileOf(typeId: string): string {
    return snapshotFileOf(this.dir, 'points', typeId);
  }

  /** The type's points of this dataset from its file, or null (none yet, or refused: then built anew). */
  async load(key: SnapshotKey): Promise<TypePoints | null> {
    const path = this.fileOf(key.typeId);
    let file: Buffer;
    try {
      file = await readFile(path);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT')
        this.log.warn({ err: error, path }, 'points snapshot unreadable: building from the store');
      return null;
    }
    try {
      const points = decodeSnapshot(file, key);
      this.log.info(
        { typeId: key.typeId, version: key.meta.version, points: points.count },
        'points loaded from snapshot',
      );
      return points;
    } catch (error) {
      if (!(error instanceof SnapshotRefused)) throw error;
      this.log.info(
        { typeId: key.typeId, path, reason: error.message },
        'points snapshot refused: building from the store',
      );
      return null;
    }
  }

  /** Writes the type's file for this dataset; a failure (a read-only disk, a full one) is logged, never thrown. */
  async save(points: TypePoints, meta: DatasetMeta): Promise<void> {
    const path = this.fileOf(points.typeId);
    const temporary = `${path}.${process.pid}-${randomBytes(4).toString('hex')}.tmp`;
    try {
      await mkdir(this.dir, { recursive: true });
      const handle = await open(temporary, 'w');
      try {
        for (const part of encodeSnapshot(points, meta)) await handle.write(part);
      } finally {
        await handle.close();
      }
      await rename(temporary, path);
    } catch (error) {
      this.log.warn({ err: error, path }, 'points snapshot not written: the next start builds this type again');
      await rm(temporary, { force: true });
    }
  }
}
