/** LocationStore over better-sqlite3: its reads are the shared ones (storeReads.ts) over SQLite's dialect. */
import Database, { type Statement } from 'better-sqlite3';
import type { DatasetMeta, ImportSession } from '../LocationStore';
import type { Db } from './openDatabase';
import { WATCH_INTERVAL_MS } from '../storedRecords';
import { SqliteImportSession } from './SqliteImportSession';
import { StoreReads, type ReadConnection, type ReadDialect } from '../storeReads';
import { DeskRecords, PROBE_ROOM_BYTES, type DeskParams } from '../deskRecords';
import { DATABASE_LOST } from '../../../domain/http';
import { HttpError } from '../../http/errors';
import { FileIdentity } from './fileIdentity';
import { accessSync, constants } from 'node:fs';
import { dirname } from 'node:path';
import { freeBytes } from '../../snapshots/diskRoom';

/** An FTS5 phrase: the trigram tokenizer matches it as a substring. */
const phraseOf = (folded: string) => `"${folded.replaceAll('"', '""')}"`;

export const SQLITE_READS: ReadDialect = {
  position: (haystack, needle) => `instr(${haystack}, ${needle})`,
  prefix: (text, length) => `substr(${text}, 1, ${length})`,
  bytewise: '',
  byTypeIndex: 'INDEXED BY location_by_type',
  indexedContains: (folded) => ({
    sql: 'id IN (SELECT rowid FROM location_search WHERE location_search MATCH @phrase)',
    params: { phrase: phraseOf(folded) },
  }),
  // Rows an export reads at a time, synchronously (about 2 ms): 5,000 held the event loop for tens of ms at
  // each page of each download (the exporter paces the rest, see exporter/exportPacer.ts).
  exportPage: 250,
};

/** Reads through statements prepared once per distinct SQL text (a handful of shapes). */
function sqliteConnection(db: Db): ReadConnection {
  const prepared = new Map<string, Statement>();
  const plucked = new Map<string, Statement>();
  const statement = (cache: Map<string, Statement>, sql: string, pluck: boolean) => {
    let found = cache.get(sql);
    if (!found) {
      found = pluck ? db.prepare(sql).pluck() : db.prepare(sql);
      cache.set(sql, found);
    }
    return found;
  };
  return {
    rows: async <T>(sql: string, params = {}) => statement(prepared, sql, false).all(params) as T[],
    column: async <T>(sql: string, params = {}) => statement(plucked, sql, true).all(params) as T[],
  };
}

export interface SqliteStoreOptions {
  /**
   * Search through the name indexes (true, the default), or rank by scanning every folded name of the scope:
   * the benchmark's baseline for what the indexes are worth.
   */
  searchIndex?: boolean;
}

/** The probe's write: a row set to what it holds, which the database still writes (and logs) as any change. */
const PROBE_WRITE = "UPDATE meta SET value = value WHERE key = 'version'";

/** The desk's statements, prepared once per SQL text; better-sqlite3 binds exactly the names a statement uses. */
function sqliteDesk(db: Db, file: FileIdentity): DeskRecords {
  const prepared = new Map<string, Statement>();
  const statement = (sql: string) => {
    let found = prepared.get(sql);
    if (!found) prepared.set(sql, (found = db.prepare(sql)));
    return found;
  };
  /**
   * A write, tried without waiting for the write lock and tried again a little later while another connection
   * holds it (an import, in the console's worker thread or the CLI, holds it for seconds): SQLite's own wait
   * would hold this thread, and with it every request, for as long as that import runs.
   */
  const write = async <T>(work: () => T): Promise<T> => {
    const lost = file.check();
    if (lost !== null) throw new HttpError(503, DATABASE_LOST, lost);
    const until = Date.now() + DESK_WRITE_WAIT_MS;
    for (;;) {
      const waits = db.pragma('busy_timeout', { simple: true }) as number;
      db.pragma('busy_timeout = 0');
      try {
        return work();
      } catch (error) {
        if ((error as { code?: unknown }).code !== 'SQLITE_BUSY') throw error;
        if (Date.now() > until)
          throw new HttpError(503, 'database_busy', 'an import is writing to the database: try again shortly', 5);
      } finally {
        db.pragma(`busy_timeout = ${waits}`);
      }
      await new Promise((retry) => setTimeout(retry, DESK_WRITE_RETRY_MS));
    }
  };
  return new DeskRecords({
    rows: async <T>(sql: string, params: DeskParams = {}) => statement(sql).all(params) as T[],
    run: (sql: string, params: DeskParams = {}) => write(() => statement(sql).run(params).changes),
    write: <T>(sql: string, params: DeskParams = {}) => write(() => statement(sql).all(params) as T[]),
    probeWrite: async () => {
      // Asked as an import would find the database: a one-row write fits in the log's pages already on disk,
      // through this connection or a new one, while an import, which makes files beside the database (its journal,
      // its staging) and writes the file itself, cannot (the file or its folder read-only, the disk full). So the
      // file and its folder must be writable, the write go through a connection of its own (not waiting for
      // another's write lock: busy is not a refusal, and the next ask tries again), and the disk have room.
      // A store opened read-only writes nothing, whatever its file would take.
      if (db.readonly) throw Object.assign(new Error('opened read-only'), { code: 'SQLITE_READONLY' });
      for (const path of [db.name, dirname(db.name)]) accessSync(path, constants.W_OK);
      const probe = new Database(db.name, { fileMustExist: true, timeout: 0 });
      try {
        probe.pragma('synchronous = NORMAL');
        probe.prepare(PROBE_WRITE).run();
      } finally {
        probe.close();
      }
      // Some room: a few megabytes, more than a report or a sign-in writes.
      const free = freeBytes(dirname(db.name));
      if (free !== null && free < PROBE_ROOM_BYTES)
        throw Object.assign(new Error(`${free} bytes free beside the database`), { code: 'SQLITE_FULL' });
    },
  });
}

/** How long a desk write waits for another connection's write lock, asking again every DESK_WRITE_RETRY_MS. */
const DESK_WRITE_WAIT_MS = 60_000;
const DESK_WRITE_RETRY_MS = 25;

export class SqliteStore extends StoreReads {
  private readonly versionValue: Statement;
  private readonly file: FileIdentity;
  readonly desk: DeskRecords;

  constructor(
    private readonly db: Db,
    options: SqliteStoreOptions = {},
  ) {
    super(sqliteConnection(db), SQLITE_READS, options.searchIndex ?? true);
    this.versionValue = db.prepare("SELECT value FROM meta WHERE key = 'version'").pluck();
    // A read-only or in-memory database is written by nobody here: nothing to lose.
    this.file = new FileIdentity(db.readonly || db.memory ? null : db.name);
    this.desk = sqliteDesk(db, this.file);
  }

  writesRefused(): string | null {
    return this.file.check();
  }

  async beginImport(): Promise<ImportSession> {
    return new SqliteImportSession(this.db);
  }

  watchVersion(onChange: (meta: DatasetMeta) => void): () => void {
    let dataVersion = this.db.pragma('data_version', { simple: true }) as number;
    let version = Number(this.versionValue.get() ?? 0);
    const timer = setInterval(() => {
      if (!this.db.open) return;
      const now = this.db.pragma('data_version', { simple: true }) as number;
      if (now === dataVersion) return;
      dataVersion = now;
      const latest = Number(this.versionValue.get() ?? 0);
      if (latest === version) return;
      version = latest;
      void this.meta().then(onChange);
    }, WATCH_INTERVAL_MS);
    timer.unref();
    return () => clearInterval(timer);
  }

  close(): void {
    if (!this.db.open) return;
    // Fold the WAL back into the file, so the file alone is the whole database (copies, read-only serving).
    if (!this.db.readonly) {
      try {
        // Without waiting: a TRUNCATE checkpoint waits for every writer, and an import may write for minutes.
        this.db.pragma('busy_timeout = 0');
        this.db.pragma('wal_checkpoint(TRUNCATE)');
      } catch {
        // Another process holds the database: its checkpoint will do.
      }
    }
    this.db.close();
  }
}
