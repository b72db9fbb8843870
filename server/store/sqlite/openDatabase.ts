/**
 * Opening the SQLite file, with the checks that keep Makan from serving damage or writing into a file
 * that is not its own:
 * - a Makan database carries its own application_id (SQLite's header field for this); any other
 *   non-empty file is refused untouched;
 * - its pages are checked (quick_check) before it is served;
 * - a file Makan may not write (read-only folder or file) is opened read-only and served as it is.
 */
import Database from 'better-sqlite3';
import {
  accessSync,
  closeSync,
  constants,
  existsSync,
  mkdirSync,
  openSync,
  readSync,
  statfsSync,
  statSync,
} from 'node:fs';
import { dirname } from 'node:path';
import { StartupError } from '../../startupError';
import { unwritableCode } from '../unwritable';
import { checkSchemaVersion, isCurrent, migrate } from './migrate';
import { SCHEMA_VERSION } from './schema';

export type Db = Database.Database;

// Lets a read-only folder's WAL database be opened as `file:...?immutable=1` (see openReadOnly). Read by the
// native addon once, when the first database is opened; plain paths are not affected.
process.env['SQLITE_USE_URI'] ??= '1';

/** "MKN1": marks a SQLite file as a Makan database (PRAGMA application_id). */
export const MAKAN_APPLICATION_ID = 0x4d4b4e31;
const SQLITE_MAGIC = 'SQLite format 3\0';
const VARIABLE = 'MAKAN_DB';
/** How long a connection waits for another's write (a first start seeding, an import) before giving up. */
const BUSY_TIMEOUT_MS = 60_000;

export interface OpenedDatabase {
  db: Db;
  readonly: boolean;
  /** The page check was left for later (`deferPageCheckAbove`): the caller runs `pageCheckOf`. */
  pagesUnchecked: boolean;
}

export interface OpenOptions {
  readonly?: boolean;
  /** This file's pages were just checked (a server process started by the primary that checked them). */
  pagesChecked?: boolean;
  /**
   * A file larger than this many bytes is not page-checked here but left to the caller (`pagesUnchecked`),
   * to run later off the event loop: the check reads the whole file, seconds at a million locations.
   */
  deferPageCheckAbove?: number;
  /** Told when an upgrade waits for another process's write (by default, a line on standard error). */
  onWaitForWriter?: (message: string) => void;
}

const writable = (path: string) => {
  try {
    accessSync(path, constants.W_OK);
    return true;
  } catch {
    return false;
  }
};

function prepareFolder(file: string): void {
  const folder = dirname(file);
  if (existsSync(folder)) {
    if (!statSync(folder).isDirectory())
      throw new StartupError(
        `${VARIABLE}=${file}: its folder ${folder} is a file; point ${VARIABLE} at a path inside a folder`,
      );
    return;
  }
  try {
    mkdirSync(folder, { recursive: true });
  } catch (error) {
    throw new StartupError(
      `${VARIABLE}=${file}: cannot create its folder ${folder} (${(error as NodeJS.ErrnoException).code}); create it or point ${VARIABLE} elsewhere`,
    );
  }
}

/** The SQLite header of an existing non-empty file: null when the file is empty (a new database). */
function readHeader(file: string): Buffer | null {
  let fd: number;
  try {
    fd = openSync(file, 'r');
  } catch (error) {
    throw new StartupError(
      `${VARIABLE}=${file} cannot be read (${(error as NodeJS.ErrnoException).code}); give the server read access or point ${VARIABLE} elsewhere`,
    );
  }
  try {
    const header = Buffer.alloc(100);
    const read = readSync(fd, header, 0, 100, 0);
    if (read === 0) return null;
    if (read < 100 || header.toString('latin1', 0, 16) !== SQLITE_MAGIC) {
      throw new StartupError(
        `${VARIABLE}=${file} is not a SQLite database; Makan leaves it untouched: point ${VARIABLE} at a new file`,
      );
    }
    return header;
  } finally {
    closeSync(fd);
  }
}

/**
 * A file whose header on disk carries no application_id that Makan may still take: one Makan made before it
 * stamped its files (the same tables), one a racing first start has stamped in its write-ahead log but not yet
 * copied into the file, or one with no tables at all (another start has just made it, its schema not yet
 * committed: there is nothing in it to harm).
 */
function isUnstampedMakanDatabase(file: string): boolean {
  const peek = new Database(file, { readonly: true, fileMustExist: true, timeout: BUSY_TIMEOUT_MS });
  try {
    if (peek.pragma('application_id', { simple: true }) === MAKAN_APPLICATION_ID) return true;
    const tables = peek.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").pluck().all() as string[];
    if (tables.length === 0) return true;
    return ['meta', 'location', 'location_type', 'province'].every((t) => tables.includes(t));
  } finally {
    peek.close();
  }
}

/**
 * A WAL database needs its -shm file even to be read; in a folder nobody may write, SQLite cannot make
 * one. Nothing can change such a file under us either, so it is then opened as immutable.
 */
function openReadOnly(file: string): Db {
  const db = new Database(file, { readonly: true, fileMustExist: true, timeout: BUSY_TIMEOUT_MS });
  try {
    db.prepare('SELECT count(*) FROM sqlite_master').get();
    return db;
  } catch {
    db.close();
    return new Database(`file:${file.replace(/[?#%]/g, encodeURIComponent)}?immutable=1`, {
      readonly: true,
      fileMustExist: true,
      timeout: BUSY_TIMEOUT_MS,
    });
  }
}

/** Page cache while checking: quick_check walks every page, and is CPU-bound on cache misses with a small one. */
const CHECK_CACHE_KIB = 262_144;

/**
 * SQLite's quick_check of every page: 'ok', or what is wrong. A failure to read at all that is not damage (a full
 * disk, an I/O error) is thrown, to be said for what it is.
 */
function quickCheck(db: Db, file: string): string {
  try {
    db.pragma(`cache_size = -${CHECK_CACHE_KIB}`);
    db.pragma(`mmap_size = ${Math.min(statSync(file).size, 2 ** 31)}`);
    return db.pragma('quick_check', { simple: true }) as string;
  } catch (error) {
    if (isDamageError(error)) return (error as Error).message;
    throw error;
  } finally {
    tune(db);
  }
}

function checkPages(db: Db, file: string): void {
  const result = quickCheck(db, file);
  if (result !== 'ok') {
    db.close();
    throw damaged(file, `quick_check: ${result.split('\n')[0]}`);
  }
}

/** The deferred page check (on its own read-only connection): null when the pages are sound, else what to say. */
export function pageCheckOf(file: string): string | null {
  let db: Db;
  try {
    db = new Database(file, { readonly: true, fileMustExist: true, timeout: BUSY_TIMEOUT_MS });
  } catch (error) {
    return notOpened(file, error).message;
  }
  try {
    const result = quickCheck(db, file);
    return result === 'ok' ? null : damaged(file, `quick_check: ${result.split('\n')[0]}`).message;
  } catch (error) {
    return notOpened(file, error).message;
  } finally {
    db.close();
  }
}

/** SQLite's own word that a file's pages are not sound, wherever it is met (a query at start, the check). */
export function isDamageError(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  // With its extended codes (SQLITE_CORRUPT_INDEX, _SEQUENCE, _VTAB).
  return typeof code === 'string' && (code.startsWith('SQLITE_CORRUPT') || code === 'SQLITE_NOTADB');
}

export function damaged(file: string, why: string): StartupError {
  return new StartupError(
    `${VARIABLE}=${file} is damaged (${why}); restore it from a backup, or point ${VARIABLE} at a new file to start afresh`,
  );
}

/** Less free space than this beside the file is a full disk: SQLite's shared-memory file alone takes 32 KiB. */
const FULL_DISK_BYTES = 1024 * 1024;

function freeBytesBeside(file: string): number | null {
  try {
    const { bavail, bsize } = statfsSync(dirname(file));
    return bavail * bsize;
  } catch {
    return null;
  }
}

/**
 * Why a file could not be opened or read, when SQLite does not say it is damaged: a full disk (SQLite cannot
 * grow its shared-memory or log file beside it, which it reports as an I/O error) is said as such, with the
 * file left as it was. Calling it damaged would send an operator to a backup, or to start afresh, for nothing.
 */
export function notOpened(file: string, error: unknown): StartupError {
  const why = (error as Error).message;
  if (isDamageError(error)) return damaged(file, why);
  const free = freeBytesBeside(file);
  if ((error as { code?: unknown }).code === 'SQLITE_FULL' || (free !== null && free < FULL_DISK_BYTES))
    return new StartupError(
      `${VARIABLE}=${file} cannot be opened: the disk holding it is full (${free ?? 0} bytes free in ${dirname(file)}), and SQLite needs room beside the file for its log and shared memory; free some space and start Makan again (the database itself is left as it was)`,
    );
  return new StartupError(
    `${VARIABLE}=${file} cannot be opened (${why}); check its disk, and the permissions of the file and its folder`,
  );
}

function tune(db: Db): void {
  db.pragma('cache_size = -65536');
  db.pragma('mmap_size = 268435456');
}

/** Header bytes 18 and 19, the file format's read and write versions: both 2 in a WAL database. */
const WAL_VERSIONS = 18;
const WAL_MODE = 0x0202;

/** How long a first try at the write lock waits before the wait is announced. */
const QUIET_WAIT_MS = 1_000;

const warnOfWait = (message: string) => process.stderr.write(`makan: ${message}\n`);

/**
 * Turns on WAL, then stamps and migrates in one write transaction, so two first starts on one new file do
 * not collide. Behind another process's write (an import), it says that it waits and for what, and if the wait
 * runs out, what to do.
 */
function upgrade(db: Db, file: string, onWait: (message: string) => void): void {
  const run = () => {
    db.pragma('journal_mode = WAL');
    db.transaction(() => {
      db.pragma(`application_id = ${MAKAN_APPLICATION_ID}`);
      migrate(db, file);
    }).immediate();
  };
  db.pragma(`busy_timeout = ${QUIET_WAIT_MS}`);
  try {
    run();
    return;
  } catch (error) {
    if ((error as { code?: unknown }).code !== 'SQLITE_BUSY') throw error;
  } finally {
    db.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
  }
  onWait(
    `${VARIABLE}=${file} must be upgraded for this version of Makan, and another process (an import, or another start) is writing to it: waiting up to ${BUSY_TIMEOUT_MS / 1000} s for it to finish`,
  );
  try {
    run();
  } catch (error) {
    if ((error as { code?: unknown }).code !== 'SQLITE_BUSY') throw error;
    db.close();
    throw new StartupError(
      `${VARIABLE}=${file} must be upgraded for this version of Makan, and another process kept writing to it for ${BUSY_TIMEOUT_MS / 1000} s: start Makan again once that process (an import?) has finished`,
    );
  }
}

/** Opens (creating if new) a Makan database, or throws a StartupError that says what is wrong and what to do. */
export function openDatabase(file: string, options: OpenOptions = {}): OpenedDatabase {
  prepareFolder(file);
  const exists = existsSync(file);
  if (exists && !statSync(file).isFile())
    throw new StartupError(`${VARIABLE}=${file} is not a file; point ${VARIABLE} at a database file`);
  const header = exists ? readHeader(file) : null;
  if (header) {
    const applicationId = header.readUInt32BE(68);
    if (applicationId !== MAKAN_APPLICATION_ID && !(applicationId === 0 && isUnstampedMakanDatabase(file))) {
      throw new StartupError(
        `${VARIABLE}=${file} is a SQLite database that is not Makan's; Makan leaves it untouched: point ${VARIABLE} at a new file`,
      );
    }
  }
  const readonly = options.readonly === true || (exists ? !writable(file) || !writable(dirname(file)) : false);
  if (readonly && !header)
    throw new StartupError(
      `${VARIABLE}=${file} is empty and cannot be written; give the server write access to it and its folder`,
    );

  let db: Db;
  const pagesUnchecked =
    Boolean(header) &&
    !options.pagesChecked &&
    options.deferPageCheckAbove !== undefined &&
    statSync(file).size > options.deferPageCheckAbove;
  try {
    db = readonly ? openReadOnly(file) : new Database(file, { timeout: BUSY_TIMEOUT_MS });
  } catch (error) {
    throw new StartupError(
      `${VARIABLE}=${file} cannot be opened (${(error as Error).message}); check the path and its permissions`,
    );
  }
  try {
    // Even the first pragmas read the schema, which may lie on a damaged page.
    tune(db);
    if (header && !options.pagesChecked && !pagesUnchecked) checkPages(db, file);
  } catch (error) {
    if (error instanceof StartupError) throw error;
    db.close();
    throw notOpened(file, error);
  }
  if (!readonly) {
    // A current file is served as it is: stamping and migrating take the write lock, which an import may
    // hold for minutes, and a start or a restarted server process would wait behind it for nothing.
    const current =
      header?.readUInt32BE(68) === MAKAN_APPLICATION_ID && header.readUInt16BE(WAL_VERSIONS) === WAL_MODE
        ? isCurrent(db)
        : false;
    db.pragma('synchronous = NORMAL');
    try {
      if (!current) upgrade(db, file, options.onWaitForWriter ?? warnOfWait);
    } catch (error) {
      // A new file or an upgrade on a full disk: said as such, not as a failure of Makan's.
      if (error instanceof StartupError || unwritableCode(error) === null) throw error;
      db.close();
      throw notOpened(file, error);
    }
  } else {
    const stored = checkSchemaVersion(db, file);
    if (stored < SCHEMA_VERSION) {
      db.close();
      throw new StartupError(
        `${VARIABLE}=${file} was made by an older Makan (schema version ${stored}, this one uses ${SCHEMA_VERSION}) and cannot be upgraded read-only: start Makan once with write access to it and its folder`,
      );
    }
  }
  return { db, readonly, pagesUnchecked };
}
