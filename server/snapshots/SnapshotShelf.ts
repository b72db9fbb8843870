/**
 * Where a process keeps one kind of per-type snapshot it reads on the event loop (points, name orders): one
 * file per type, of the newest dataset a process has built. Whichever process builds a type first writes it
 * (to a temporary name, then renamed, so no process ever reads half a file); the others, and every later
 * start on the same dataset, read it. A file of another dataset, cut short or damaged is refused (logged),
 * the caller builds anew, and the file is written again.
 */
import { mkdir, open, readFile, rename, rm } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { leavesRoomFor, NO_ROOM } from './diskRoom';
import { snapshotFileOf, SnapshotRefused } from './sectionFile';

export interface ShelfKind {
  /** The files' prefix and the logs' word: `points`, `names`. */
  name: string;
  /** What the caller does when no file serves, for the log: "building from the store". */
  otherwise: string;
}

export class SnapshotShelf {
  constructor(
    readonly dir: string,
    private readonly kind: ShelfKind,
    private readonly log: FastifyBaseLogger,
  ) {}

  fileOf(typeId: string): string {
    return snapshotFileOf(this.dir, this.kind.name, typeId);
  }

  /** What the type's file holds, as `decode` reads it, or null (none yet, or refused). */
  async load<T>(typeId: string, decode: (file: Buffer) => Promise<T>): Promise<T | null> {
    const path = this.fileOf(typeId);
    const { name, otherwise } = this.kind;
    let file: Buffer;
    try {
      file = await readFile(path);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT')
        this.log.warn({ err: error, path }, `${name} snapshot unreadable: ${otherwise}`);
      return null;
    }
    try {
      const value = await decode(file);
      this.log.info({ typeId, bytes: file.length }, `${name} loaded from snapshot`);
      return value;
    } catch (error) {
      if (error instanceof SnapshotRefused) {
        this.log.info({ typeId, path, reason: error.message }, `${name} snapshot refused: ${otherwise}`);
        return null;
      }
      // Whatever else a file makes decoding throw, it is the file's fault: it is never used, and written anew.
      this.log.warn({ typeId, path, err: error }, `${name} snapshot malformed: ${otherwise}`);
      return null;
    }
  }

  /** Writes the type's file; a failure (a read-only disk, a full one) is logged, never thrown. */
  async save(typeId: string, parts: Buffer[]): Promise<void> {
    const path = this.fileOf(typeId);
    const temporary = `${path}.${process.pid}-${randomBytes(4).toString('hex')}.tmp`;
    try {
      await mkdir(this.dir, { recursive: true });
      if (!leavesRoomFor(this.dir, parts)) {
        this.log.warn({ path }, `${this.kind.name} snapshot not written: ${NO_ROOM}; the next start builds it again`);
        return;
      }
      const handle = await open(temporary, 'w');
      try {
        for (const part of parts) await handle.write(part);
      } finally {
        await handle.close();
      }
      await rename(temporary, path);
    } catch (error) {
      this.log.warn({ err: error, path }, `${this.kind.name} snapshot not written: the next start builds it again`);
      await rm(temporary, { force: true });
    }
  }
}
