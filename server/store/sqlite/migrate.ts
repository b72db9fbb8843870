/** Brings a writable database to the latest schema and fills the reference tables from the catalogue. */
import { PROVINCE_ROWS, TYPE_ROWS } from '../catalogueKeys';
import { refuseNewerSchema } from '../schemaVersion';
import type Database from 'better-sqlite3';
import { MIGRATIONS, SCHEMA_VERSION } from './schema';
import { foldText, nameSortKey } from '../../../domain/text';

export function storedSchemaVersion(db: Database.Database): number {
  const hasMeta = db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'meta'").get() !== undefined;
  if (!hasMeta) return 0;
  const row = db.prepare("SELECT value FROM meta WHERE key = 'schema_version'").get() as { value: string } | undefined;
  if (row) return Number(row.value);
  // Made before versions were recorded: the first schema, if it has its tables.
  return db.prepare("SELECT 1 FROM sqlite_master WHERE name = 'location'").get() ? 1 : 0;
}

/** Refuses a database made by a newer Makan, whose schema this one does not know. */
export function checkSchemaVersion(db: Database.Database, file: string): number {
  const stored = storedSchemaVersion(db);
  refuseNewerSchema(file, stored, SCHEMA_VERSION, ', or point MAKAN_DB at another file');
  return stored;
}

/**
 * Whether a database needs nothing from `migrate`: at this schema version, with every catalogue key this
 * version writes. Read-only, so a start never waits for the write lock (held by a long import) on a file
 * that is already current.
 */
export function isCurrent(db: Database.Database): boolean {
  if (storedSchemaVersion(db) !== SCHEMA_VERSION) return false;
  // What migrate's INSERT OR IGNORE would add: a catalogue row whose key is not there yet.
  const type = db.prepare('SELECT 1 FROM location_type WHERE id = ?');
  const province = db.prepare('SELECT 1 FROM province WHERE id = ?');
  return (
    TYPE_ROWS.every(([id]) => type.get(id) !== undefined) &&
    PROVINCE_ROWS.every(([id]) => province.get(id) !== undefined)
  );
}

/** Runs inside the caller's write transaction. */
export function migrate(db: Database.Database, file: string): void {
  const stored = checkSchemaVersion(db, file);
  db.function('makan_fold', { deterministic: true }, (name) => foldText(String(name)));
  db.function('makan_name_key', { deterministic: true }, (name) => nameSortKey(String(name)));
  for (const migration of MIGRATIONS) {
    if (migration.version <= stored) continue;
    db.exec(migration.sql);
  }
  db.prepare("INSERT OR REPLACE INTO meta (key, value) VALUES ('schema_version', ?)").run(String(SCHEMA_VERSION));
  const insertType = db.prepare('INSERT OR IGNORE INTO location_type (id, guid, route) VALUES (?, ?, ?)');
  for (const row of TYPE_ROWS) insertType.run(...row);
  const insertProvince = db.prepare(
    'INSERT OR IGNORE INTO province (id, guid, iso, name_fa, name_en) VALUES (?, ?, ?, ?, ?)',
  );
  for (const row of PROVINCE_ROWS) insertProvince.run(...row);
}
