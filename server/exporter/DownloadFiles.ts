/**
 * A version's downloads (all types or one, CSV or GeoJSON, unfiltered) written once as files beside the snapshots,
 * then sent from them: with their length and ranges, so a download broken on a slow link goes on from where it
 * stopped (a browser's resume, `curl -C -`), and fifty visitors asking at once read one file rather than fifty
 * exports of the store. Before, each request was an export of its own: at a million locations the whole CSV is
 * 829 MB made in 65 s of the process's bulk budget, every time, from its first byte.
 *
 * A file is written by the first request that finds none (once per file and process), to a temporary name and
 * renamed when whole, and only if the dataset is still that version. The requests meanwhile, that first one too,
 * read it as it is written (GrowingFile.ts): one export of the store however many ask at once. Its time of change
 * is the dataset's (a file of another time is of another dataset, never sent), so its ETag and Last-Modified (size
 * and time) are the same on every server that writes it: a resumed download asked of another server behind the
 * balancer is sent the rest of the same bytes. Older versions' files are removed when a newer one is written. It
 * is a cache, as the snapshots are: it is written only where it leaves their headroom free on its disk, and stops
 * (removed) as soon as it would not; its readers are then given the rest from the store.
 */
import { mkdir, readdir, rename, rm, stat, utimes } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import { dirname, join } from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FastifyBaseLogger } from 'fastify';
import type { DatasetMeta } from '../../domain/gateway';
import type { ImportFormat } from '../importer/runImport';
import type { LocationStore } from '../store/LocationStore';
import { freeBytes, SNAPSHOT_HEADROOM_BYTES } from '../snapshots/diskRoom';
import { streamExport } from './writeExport';
import { GrowingFile } from './GrowingFile';

/** How much is written between two asks of the disk's free space. */
const ROOM_CHECKED_EVERY_BYTES = 16 * 1024 * 1024;

/** A file's name: its version, what it holds (a type's id, one file for each route naming it; or `all`), format. */
const fileName = (version: number, holds: string, format: ImportFormat) => `v${version}-${holds}.${format}`;
const VERSION_OF = /^v(\d+)-/;

class NoRoom extends Error {}

/** Throws unless the disk holding `dir` keeps `headroom` free after the next ROOM_CHECKED_EVERY_BYTES. */
function checkRoom(dir: string, headroom: number): void {
  const free = freeBytes(dir);
  if (free !== null && free - ROOM_CHECKED_EVERY_BYTES < headroom)
    throw new NoRoom(`it would leave less than ${headroom / 1024 / 1024} MB free on its disk`);
}

/** Passes bytes through while the disk holding `dir` keeps the snapshots' headroom free after them. */
function roomKeeper(dir: string, headroom = SNAPSHOT_HEADROOM_BYTES): Transform {
  let sinceChecked = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      sinceChecked += chunk.length;
      if (sinceChecked >= ROOM_CHECKED_EVERY_BYTES) {
        sinceChecked = 0;
        try {
          checkRoom(dir, headroom);
        } catch (error) {
          return done(error as NoRoom);
        }
      }
      done(null, chunk);
    },
  });
}

/** A download as kept: whole (its path), or being written (followed as it grows); null: none kept. */
export type KeptDownload = { whole: string } | { growing: GrowingFile } | null;

export class DownloadFiles {
  /** The files being written by this process, by path: each once it can be read (null: given up before). */
  private readonly writing = new Map<string, Promise<GrowingFile | null>>();
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
   * This download at `meta`'s version as kept: its whole file, or the file being written (its writing started
   * unless under way); null when none is kept. `typeId`: the type it holds (null: all).
   */
  async ready(meta: DatasetMeta, typeId: string | null, format: ImportFormat): Promise<KeptDownload> {
    if (this.dir === null) return null;
    const path = join(this.dir, fileName(meta.version, typeId ?? 'all', format));
    const whole = await this.whole(path, meta);
    if (whole !== null) return whole;
    if (this.givenUp.version !== meta.version) this.givenUp = { version: meta.version, paths: new Set() };
    if (this.givenUp.paths.has(path)) return null;
    let writing = this.writing.get(path);
    if (writing === undefined) {
      writing = this.write(this.dir, meta, typeId, format, path);
      this.writing.set(path, writing);
    }
    const growing = await writing;
    if (growing?.growing) return { growing };
    // Whole or given up since: asked again.
    return this.whole(path, meta);
  }

  /** The whole file at `path`, if it is `meta`'s dataset's. */
  private async whole(path: string, meta: DatasetMeta): Promise<KeptDownload> {
    const found = await stat(path).catch(() => null);
    // Its time is its dataset's: a file of another dataset under the same version (a database made anew, or one
    // restored from a backup, counts its versions again) is never sent, and is written over.
    return found?.isFile() && Math.round(found.mtimeMs) === Date.parse(meta.updatedAt) ? { whole: path } : null;
  }

  /** Begins writing the file: resolves once it can be read (null: given up before), and goes on. */
  private async write(
    dir: string,
    meta: DatasetMeta,
    typeId: string | null,
    format: ImportFormat,
    path: string,
  ): Promise<GrowingFile | null> {
    const temporary = `${path}.${process.pid}-${randomBytes(4).toString('hex')}.tmp`;
    let growing: GrowingFile;
    try {
      await mkdir(dir, { recursive: true });
      // Older versions' files are never sent again (their addresses answer version_gone): their room is this one's.
      await this.removeOlderVersions(dir, meta.version);
      // Before anyone reads it: a file given up at its first bytes would have its readers' bytes made twice.
      checkRoom(dir, SNAPSHOT_HEADROOM_BYTES);
      growing = await GrowingFile.create(temporary, path);
    } catch (error) {
      this.gaveUp(meta, path, error);
      this.writing.delete(path);
      return null;
    }
    void this.finish(growing, meta, typeId, format);
    return growing;
  }

  private async finish(
    growing: GrowingFile,
    meta: DatasetMeta,
    typeId: string | null,
    format: ImportFormat,
  ): Promise<void> {
    const { temporary, path } = growing;
    try {
      const keeper = roomKeeper(dirname(path));
      // Nobody waits for it unless someone reads it as it grows: the downloads made meanwhile go first.
      const work = () => (growing.followers > 0 ? 'visitor' : 'background');
      await Promise.all([
        streamExport(this.store, typeId, format, keeper, () => true, work),
        pipeline(keeper, growing.sink()),
      ]);
      // An import applied meanwhile would make this file a mix of two versions under one version's name.
      if ((await this.store.meta()).version !== meta.version)
        throw new Error('the dataset changed while it was written');
      const changed = new Date(meta.updatedAt);
      await utimes(temporary, changed, changed);
      await rename(temporary, path);
      growing.whole();
      this.log.info({ path }, 'download file written');
      // And those another process wrote meanwhile. Never a newer version's: this process may be the one behind.
      await this.removeOlderVersions(dirname(path), meta.version);
    } catch (error) {
      growing.failed();
      this.gaveUp(meta, path, error);
      await rm(temporary, { force: true });
    } finally {
      this.writing.delete(path);
    }
  }

  private gaveUp(meta: DatasetMeta, path: string, error: unknown): void {
    if (this.givenUp.version === meta.version) this.givenUp.paths.add(path);
    this.log.warn({ err: error, path }, 'download file not written: downloads are made from the store meanwhile');
  }

  private async removeOlderVersions(dir: string, version: number): Promise<void> {
    for (const name of await readdir(dir)) {
      const of = VERSION_OF.exec(name);
      if (of !== null && Number(of[1]) < version) await rm(join(dir, name), { force: true });
    }
  }
}
