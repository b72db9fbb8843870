/**
 * An import into SQLite: one IMMEDIATE write transaction held from the first staged record to commit.
 * Records are staged in a temporary table (bounded memory for any file size), then applied with set
 * operations: new Guids inserted, changed ones updated, identical ones left alone, and with `prune` the
 * staged types' locations that the file does not list deleted. A kill before commit leaves the old data.
 */
import type { ImportSession, LocationRecord, StagedDuplicate } from '../LocationStore';
import type { Db } from './openDatabase';
import {
  applyStaged,
  STAGED_COLUMNS,
  stagedValuesOf,
  type AppliedImport,
  type ApplyOptions,
  type ImportRunner,
} from '../importPlan';

export class SqliteImportSession implements ImportSession {
  private readonly insertStaged;
  private readonly stagedSource;
  private open = true;
  private seq = 0;

  constructor(private readonly db: Db) {
    db.exec('BEGIN IMMEDIATE');
    // Columns without a declared type keep values exactly as given (no affinity conversions).
    db.exec(`CREATE TEMP TABLE IF NOT EXISTS staging (
      guid TEXT PRIMARY KEY, ${STAGED_COLUMNS.slice(1).join(', ')}, existing_id INTEGER, status TEXT
    ) WITHOUT ROWID`);
    db.exec('DELETE FROM staging');
    this.insertStaged = db.prepare(
      `INSERT OR IGNORE INTO staging (${STAGED_COLUMNS.join(', ')}) VALUES (${STAGED_COLUMNS.map(() => '?').join(', ')})`,
    );
    this.stagedSource = db.prepare('SELECT source FROM staging WHERE guid = ?').pluck();
  }

  async flush(): Promise<StagedDuplicate[]> {
    return [];
  }

  async stage(record: LocationRecord, source: string): Promise<StagedDuplicate[]> {
    // SQLite keeps a flag as 0 or 1.
    const values = stagedValuesOf(record, this.seq++, source, (flag) => (flag ? 1 : 0));
    const guid = values[0] as string;
    const result = this.insertStaged.run(values);
    return result.changes === 0 ? [{ guid, source, earlier: this.stagedSource.get(guid) as string }] : [];
  }

  async apply(options: ApplyOptions): Promise<AppliedImport> {
    const db = this.db;
    const runner: ImportRunner = {
      run: async (sql) => db.prepare(sql).run().changes,
      rows: async <T>(sql: string) => db.prepare(sql).all() as T[],
    };
    return applyStaged(runner, options);
  }

  async commit(): Promise<void> {
    if (!this.open) return;
    this.open = false;
    this.db.exec('DELETE FROM staging');
    this.db.exec('COMMIT');
  }

  async rollback(): Promise<void> {
    if (!this.open) return;
    this.open = false;
    this.db.exec('ROLLBACK');
  }
}
