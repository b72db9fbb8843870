/**
 * An import into SQLite: one IMMEDIATE write transaction held from the first staged record to commit.
 * Records are staged in a temporary table (bounded memory for any file size), then applied with set
 * operations: new Guids inserted, changed ones updated, identical ones left alone, and with `prune` the
 * staged types' locations that the file does not list deleted. A kill before commit leaves the old data.
 */
import type { ImportSession, ImportSummary, LocationRecord, StagedDuplicate } from '../LocationStore';
import type { Db } from './openDatabase';
import { provinceKeyOf, typeKeyOf } from '../catalogueKeys';
import { searchColumnsOf } from '../searchColumns';
import { REFRESH_COUNTS_SQL } from '../countsSql';
import { DETAIL_COLUMNS, DETAIL_FIELDS, storedValueOf } from '../locationFields';

/** What an import writes and compares: where the location is, and its fields (from the one field table). */
const COLUMNS = ['type_id', 'province_id', 'lat', 'lon', ...DETAIL_COLUMNS];
const SAME = COLUMNS.map((c) => `l.${c} IS s.${c}`).join(' AND ');
/** Written with the record but derived from its name, so not compared. */
const STORED = [...COLUMNS, 'name_folded', 'name_key'];

export class SqliteImportSession implements ImportSession {
  private readonly insertStaged;
  private readonly stagedSource;
  private open = true;
  private seq = 0;

  constructor(private readonly db: Db) {
    db.exec('BEGIN IMMEDIATE');
    // Columns without a declared type keep values exactly as given (no affinity conversions).
    db.exec(`CREATE TEMP TABLE IF NOT EXISTS staging (
      guid TEXT PRIMARY KEY, seq INTEGER, ${STORED.join(', ')}, source TEXT, existing_id INTEGER, status TEXT
    ) WITHOUT ROWID`);
    db.exec('DELETE FROM staging');
    this.insertStaged = db.prepare(
      `INSERT OR IGNORE INTO staging (guid, seq, ${STORED.join(', ')}, source) VALUES (@guid, @seq, ${STORED.map((c) => `@${c}`).join(', ')}, @source)`,
    );
    this.stagedSource = db.prepare('SELECT source FROM staging WHERE guid = ?').pluck();
  }

  async flush(): Promise<StagedDuplicate[]> {
    return [];
  }

  async stage(record: LocationRecord, source: string): Promise<StagedDuplicate[]> {
    const guid = record.guid.toUpperCase();
    const result = this.insertStaged.run({
      guid,
      seq: this.seq++,
      type_id: typeKeyOf.get(record.typeId.toUpperCase()),
      province_id: provinceKeyOf.get(record.provinceIso),
      lat: record.lat,
      lon: record.lon,
      // SQLite keeps a flag as 0 or 1.
      ...Object.fromEntries(DETAIL_FIELDS.map((f) => [f.column, storedValueOf(record, f, (flag) => (flag ? 1 : 0))])),
      ...searchColumnsOf(record.name),
      source,
    });
    return result.changes === 0 ? [{ guid, source, earlier: this.stagedSource.get(guid) as string }] : [];
  }

  async apply({ prune }: { prune: boolean }): Promise<ImportSummary> {
    const db = this.db;
    db.exec(`UPDATE staging SET existing_id = (SELECT l.id FROM location l WHERE l.guid = staging.guid)`);
    db.exec(`UPDATE staging SET status = CASE
      WHEN existing_id IS NULL THEN 'new'
      WHEN EXISTS (SELECT 1 FROM location l, staging s WHERE l.id = staging.existing_id AND s.guid = staging.guid AND ${SAME}) THEN 'same'
      ELSE 'changed' END`);
    const count = (status: string) =>
      (db.prepare('SELECT count(*) FROM staging WHERE status = ?').pluck().get(status) as number) ?? 0;
    const summary: ImportSummary = {
      inserted: count('new'),
      updated: count('changed'),
      unchanged: count('same'),
      deleted: 0,
    };

    db.exec(`UPDATE location SET ${STORED.map((c) => `${c} = s.${c}`).join(', ')}
      FROM staging s WHERE s.status = 'changed' AND location.id = s.existing_id`);
    // In file order, so new locations get ids (and the export order) in the order they were given.
    db.exec(
      `INSERT INTO location (guid, ${STORED.join(', ')}) SELECT guid, ${STORED.join(', ')} FROM staging WHERE status = 'new' ORDER BY seq`,
    );
    if (prune) {
      const doomed = `SELECT l.id FROM location l WHERE l.type_id IN (SELECT DISTINCT type_id FROM staging) AND NOT EXISTS (SELECT 1 FROM staging s WHERE s.guid = l.guid)`;
      db.exec(
        `CREATE TEMP TABLE IF NOT EXISTS doomed (id INTEGER PRIMARY KEY); DELETE FROM doomed; INSERT INTO doomed ${doomed}`,
      );
      summary.deleted = db.prepare('SELECT count(*) FROM doomed').pluck().get() as number;
      db.exec('DELETE FROM location WHERE id IN (SELECT id FROM doomed)');
    }
    if (summary.inserted + summary.updated + summary.deleted > 0) {
      db.exec(REFRESH_COUNTS_SQL);
      db.prepare("UPDATE meta SET value = CAST(value AS INTEGER) + 1 WHERE key = 'version'").run();
      db.prepare("INSERT OR REPLACE INTO meta (key, value) VALUES ('updated_at', ?)").run(new Date().toISOString());
    }
    return summary;
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
