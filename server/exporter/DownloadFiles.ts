/**
 * A version's downloads (all types or one, CSV or GeoJSON, unfiltered) written once as files beside the snapshots,
 * then sent from them: with their length and ranges, so a download broken on a slow link goes on from where it
 * stopped (a browser's resume, `curl -C -`), and fifty visitors asking at once read one file rather than fifty
 * exports of the store. Before, each request was an export of its own: at a million locations the whole CSV is
 * 829 MB made in 65 s of the process's bulk budget, every time, from its first byte.
 *
 * A file is written by the first request that finds none (once per file and process; that request and those
 * meanwhile are streamed from the store as before), to a temporary name and renamed when whole, and only if the
 * dataset is still that version. Its time of change is the dataset's (a file of another time is of another
 * dataset, never sent), so its ETag and Last-Modified (size and time) are the same on every server that writes
 * it: a resumed download asked of another server behind the balancer is sent the rest of the same bytes. Older
 * versions' files are removed when a newer one is written. It is a cache, as the snapshots are: it is written
 * only where it leaves their headroom free on its disk, and stops (removed) as soon as it would not.
 */
import { createWriteStream } from 'node:fs';
import { mkdir, readdir, rename, rm, stat, utimes } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FastifyBaseLogger } from 'fastify';
import type { DatasetMeta } from '../../domain/gateway';
import type { ImportFormat } from '../importer/runImport';
import type { LocationStore } from '../store/LocationStore';
import { freeBytes, SNAPSHOT_HEADROOM_BYTES } from '../snapshots/diskRoom';
import { streamExport } from './writeExport';

/** How much is written between two asks of the disk's free space. */
const ROOM_CHECKED_EVERY_BYTES = 16 * 1024 * 1024;

/** A file's name: its version, what it holds (a type's id, one file for each route naming it; or `all`), format. */
const fileName = (version: number, holds: string, format: ImportFormat) => `v${version}-${holds}.${format}`;
const VERSION_OF = /^v(\d+)-/;

class NoRoom extends Error {}

/** Passes bytes through while the disk holding `dir` keeps the snapshots' headroom free after them. */
function roomKeeper(dir: string, headroom = SNAPSHOT_HEADROOM_BYTES): Transform {
  let sinceChecked = Infinity;
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      sinceChecked += chunk.length;
      if (sinceChecked >= ROOM_CHECKED_EVERY_BYTES) {
        sinceChecked = 0;
        const free = freeBytes(dir);
        if (free !== null && free - ROOM_CHECKED_EVERY_BYTES < headroom)
          return done(new NoRoom(`it would leave less than ${headroom / 1024 / 1024} MB free on its disk`));
      }
      done(null, chunk);
    },
  });
}

export class DownloadFiles {
  /** The files being written by this process, by path. */
  private readonly writing = new Map<string, Promise<void>>();
  /**
   * Those this process gave up (no room, a disk it may not write): not tried again for the version, else each
   * download would make the export twice.
   */
  private givenUp = { version: -1, paths: new Set<string>() };

  constructor(
    /** The folder of the files, or null: none kept (every download is streamed from the store). */
    private readonly dir: string | null,
    private readonly store: LocationStore,
    private readonly log: FastifyBaseLogger,
  ) {}

  /**
   * The path of the whole file of this download at `meta`'s version, or null: none yet (its writing is started,
   * unless under way) or none kept. `typeId`: the type it holds (null: all).
   */
  async ready(meta: DatasetMeta, typeId: string | null, format: ImportFormat): Promise<string | null> {
    if (this.dir === null) return null;
    const path = join(this.dir, fileName(meta.version, typeId ?? 'all', format));
    const found = await stat(path).catch(() => null);
    // Its time is its dataset's: a file of another dataset under the same version (a database made anew, or one
    // restored from a backup, counts its versions again) is never sent, and is written over.
    if (found?.isFile() && Math.round(found.mtimeMs) === Date.parse(meta.updatedAt)) return path;
    if (this.givenUp.version !== meta.version) this.givenUp = { version: meta.version, paths: new Set() };
    if (!this.writing.has(path) && !this.givenUp.paths.has(path)) {
      const written = this.write(this.dir, meta, typeId, format, path).finally(() => this.writing.delete(path));
      this.writing.set(path, written);
    }
    return null;
  }

  private async write(
    dir: string,
    meta: DatasetMeta,
    typeId: string | null,
    format: ImportFormat,
    path: string,
  ): Promise<void> {
    const temporary = `${path}.${process.pid}-${randomBytes(4).toString('hex')}.tmp`;
    try {
      await mkdir(dir, { recursive: true });
      // Older versions' files are never sent again (their addresses answer version_gone): their room is this one's.
      await this.removeOlderVersions(dir, meta.version);
      const keeper = roomKeeper(dir);
      await Promise.all([
        // Nobody waits for it: the downloads streamed meanwhile go first (exportPacer.ts).
        streamExport(this.store, typeId, format, keeper, () => true, 'background'),
        pipeline(keeper, createWriteStream(temporary)),
      ]);
      // An import applied meanwhile would make this file a mix of two versions under one version's name.
      if ((await this.store.meta()).version !== meta.version)
        throw new Error('the dataset changed while it was written');
      const changed = new Date(meta.updatedAt);
      await utimes(temporary, changed, changed);
      await rename(temporary, path);
      this.log.info({ path }, 'download file written');
      // And those another process wrote meanwhile. Never a newer version's: this process may be the one behind.
      await this.removeOlderVersions(dir, meta.version);
    } catch (error) {
      if (this.givenUp.version === meta.version) this.givenUp.paths.add(path);
      await rm(temporary, { force: true });
      this.log.warn({ err: error, path }, 'download file not written: downloads are made from the store meanwhile');
    }
  }

  private async removeOlderVersions(dir: string, version: number): Promise<void> {
    for (const name of await readdir(dir)) {
      const of = VERSION_OF.exec(name);
      if (of !== null && Number(of[1]) < version) await rm(join(dir, name), { force: true });
    }
  }
}
