/**
 * LocationStore over PostgreSQL + PostGIS (MAKAN_DB=postgres://...): the same contract as the SQLite store,
 * its reads the shared ones (storeReads.ts) over PostgreSQL's dialect.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { DatasetMeta, ImportSession } from '../LocationStore';
import { WATCH_INTERVAL_MS } from '../storedRecords';
import { PostgresImportSession } from './PostgresImportSession';
import { StoreReads, type ReadConnection, type ReadDialect, type SqlParams } from '../storeReads';
import { DeskRecords, PROBE_ROOM_BYTES } from '../deskRecords';
import { unwritableCode } from '../unwritable';

/** A LIKE pattern for "contains", with LIKE's own wildcards escaped. */
const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export const POSTGRES_READS: ReadDialect = {
  position: (haystack, needle) => `strpos(${haystack}, ${needle})`,
  prefix: (text, length) => `left(${text}, ${length})`,
  // name_key is built to sort byte by byte; the database's own collation would not.
  bytewise: ' COLLATE "C"',
  byTypeIndex: '',
  // From three characters the trigram index answers LIKE '%q%'.
  indexedContains: (folded) => ({ sql: 'name_folded LIKE @pattern', params: { pattern: containsPattern(folded) } }),
  // A page's rows arrive together and node-postgres parses what arrives in one go, then the page is kept whole: at
  // 5,000 rows a download held every other request up to 74 ms (one) and 445 ms (fifty at once), at 500 22-42 ms
  // and 197 ms, in the same time (`npm run bench:downloads -- --store postgres`, 100,000 locations).
  exportPage: 500,
};

/**
 * node-postgres numbers its parameters: each `@name` becomes `$n`, numbered in the order names first appear,
 * and only the names the query uses are sent.
 */
export function numberedParameters(sql: string, params: SqlParams): { text: string; values: unknown[] } {
  const values: unknown[] = [];
  const numbers = new Map<string, number>();
  const text = sql.replace(/@([A-Za-z_]\w*)/g, (_, name: string) => {
    if (!(name in params)) throw new Error(`no value given for @${name}`);
    let number = numbers.get(name);
    if (number === undefined) {
      values.push(params[name]);
      number = values.length;
      numbers.set(name, number);
    }
    return `$${number}`;
  });
  return { text, values };
}

function postgresConnection(pool: pg.Pool): ReadConnection {
  const rows = async <T>(sql: string, params: SqlParams = {}) => {
    const { text, values } = numberedParameters(sql, params);
    return (await pool.query(text, values)).rows as T[];
  };
  return {
    rows,
    column: async <T>(sql: string, params: SqlParams = {}) => {
      const { text, values } = numberedParameters(sql, params);
      return (await pool.query({ text, values, rowMode: 'array' })).rows.map((row: unknown[]) => row[0] as T);
    },
  };
}

/** How long health's write probe may take to connect, and then to write. */
const PROBE_TIMEOUT_MS = 2000;

/**
 * Rows of the probe's table: each below the size PostgreSQL compresses, four to a page, PROBE_ROOM_BYTES in all.
 * The value is ours, written into the statement (CREATE TABLE AS takes no parameters).
 */
const PROBE_ROWS = (PROBE_ROOM_BYTES / 8192) * 4;

/**
 * Health's write probe: PROBE_ROOM_BYTES written to a table of its own on the database's disk (its default
 * tablespace), as an import's tables are, then rolled back, so nothing stays (unlogged: nor in the log). A read-only
 * database refuses it (25006), a full disk too (53100). Each probe's table has a name of its own: two servers'
 * probes at once do not wait for each other.
 */
async function probeRoom(client: pg.Client): Promise<void> {
  await client.query('BEGIN');
  try {
    await client.query(
      `CREATE UNLOGGED TABLE makan_room_probe_${randomBytes(6).toString('hex')} AS
       SELECT repeat('x', 1900) AS room FROM generate_series(1, ${PROBE_ROWS})`,
    );
  } finally {
    await client.query('ROLLBACK');
  }
}

/** read_only_sql_transaction: the session's transaction may not write. */
const READ_ONLY = '25006';

/**
 * `use` on a session of its own, opened now and closed after: as an import's, it begins with the database's
 * settings of now. (The pool's sessions keep those they began with: a database made read-only, or writable
 * again, applies to new sessions only.)
 */
async function ownSession<T>(pool: pg.Pool, use: (client: pg.Client) => Promise<T>, timeoutMs?: number): Promise<T> {
  const bounds = timeoutMs === undefined ? {} : { connectionTimeoutMillis: timeoutMs, query_timeout: timeoutMs };
  const client = new pg.Client({ ...pool.options, ...bounds });
  // A session ended under its statement (a failover, pg_terminate_backend) fails that statement, and pg reports the
  // end again as an 'error' event: unheard, that ended the server's process.
  client.on('error', () => undefined);
  await client.connect();
  try {
    return await use(client);
  } finally {
    await client.end();
  }
}

/**
 * A desk write. Refused as read-only, it is asked once more on a session of its own: a pooled session opened while
 * the database was read-only (ALTER DATABASE ... SET default_transaction_read_only) keeps that default after it is
 * reset, and each such session failed one visitor's report or sign-in with 503 before the pool dropped it. A
 * refused statement wrote nothing, so asking again is safe; a database still read-only refuses it the same way.
 */
async function deskWrite(pool: pg.Pool, query: pg.QueryConfig): Promise<pg.QueryResult> {
  try {
    return await pool.query(query);
  } catch (error) {
    if ((error as { code?: unknown }).code !== READ_ONLY) throw error;
    // Asked again and failed otherwise (the database unreachable for that moment): the refusal stands, as a 503.
    return ownSession(pool, (client) => client.query(query)).catch((again: unknown) => {
      throw unwritableCode(again) === null ? error : again;
    });
  }
}

export class PostgresStore extends StoreReads {
  readonly desk: DeskRecords;

  constructor(private readonly pool: pg.Pool) {
    const read = postgresConnection(pool);
    super(read, POSTGRES_READS);
    this.desk = new DeskRecords({
      rows: read.rows,
      write: async <T>(sql: string, params: SqlParams = {}) =>
        (await deskWrite(pool, numberedParameters(sql, params))).rows as T[],
      run: async (sql, params = {}) => (await deskWrite(pool, numberedParameters(sql, params))).rowCount ?? 0,
      // Bounded, as health waits for it.
      probeWrite: () => ownSession(pool, probeRoom, PROBE_TIMEOUT_MS),
    });
  }

  /** A PostgreSQL server that cannot take a write says so itself, per write. */
  writesRefused(): string | null {
    return null;
  }

  beginImport(): Promise<ImportSession> {
    return PostgresImportSession.begin(this.pool);
  }

  watchVersion(onChange: (meta: DatasetMeta) => void): () => void {
    let version: number | null = null;
    let busy = false;
    const check = async () => {
      if (busy) return;
      busy = true;
      try {
        const now = await this.datasetVersion();
        if (version !== null && now !== version) onChange(await this.meta());
        version = now;
      } catch {
        // The database is unreachable for a moment: the next check tries again.
      } finally {
        busy = false;
      }
    };
    void check();
    const timer = setInterval(() => void check(), WATCH_INTERVAL_MS);
    timer.unref();
    return () => clearInterval(timer);
  }

  close(): void {
    void this.pool.end();
  }
}
