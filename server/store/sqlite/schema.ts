/**
 * SQLite schema, as versioned migrations: a database records the version it is at (meta.schema_version)
 * and is brought to the latest on open; one made by a newer Makan is refused, never silently used.
 *
 * Viewport queries are answered from each type's points in memory (server/points/), read along
 * location_by_type; the R*Tree that answered them once is dropped (version 7).
 */
import { CREATE_CHANGE_PLACES_SQL, CREATE_CHANGES_SQL } from '../changesSql';
import { CREATE_DESK_SQL } from '../deskSql';
import { CREATE_COUNTS_SQL, REFRESH_COUNTS_SQL } from '../countsSql';

export interface Migration {
  version: number;
  sql: string;
}

export const MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    sql: `
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS location_type (id INTEGER PRIMARY KEY, guid TEXT NOT NULL UNIQUE, route TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS province (
  id INTEGER PRIMARY KEY, guid TEXT NOT NULL UNIQUE, iso TEXT NOT NULL UNIQUE, name_fa TEXT NOT NULL, name_en TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS location (
  id INTEGER PRIMARY KEY,
  guid TEXT NOT NULL UNIQUE,
  type_id INTEGER NOT NULL REFERENCES location_type(id),
  province_id INTEGER NOT NULL REFERENCES province(id),
  name TEXT NOT NULL,
  lat REAL NOT NULL,
  lon REAL NOT NULL,
  position TEXT NOT NULL DEFAULT '',
  supervision TEXT NOT NULL DEFAULT '',
  gender TEXT NOT NULL DEFAULT '',
  legal TEXT NOT NULL DEFAULT '',
  phone TEXT NOT NULL DEFAULT '',
  fax TEXT NOT NULL DEFAULT '',
  address TEXT NOT NULL DEFAULT '',
  show_more_details INTEGER NOT NULL DEFAULT 0,
  dynamic_fields TEXT NOT NULL DEFAULT '[]'
);
CREATE INDEX IF NOT EXISTS location_by_type_province ON location(type_id, province_id);
CREATE VIRTUAL TABLE IF NOT EXISTS location_rtree USING rtree(id, min_type, max_type, min_lat, max_lat, min_lon, max_lon);
`,
  },
  {
    // Dataset versions: every applied change bumps `version` and records `updated_at`.
    version: 2,
    sql: `
INSERT OR IGNORE INTO meta (key, value) SELECT 'version', CASE WHEN EXISTS (SELECT 1 FROM location) THEN '1' ELSE '0' END;
INSERT OR IGNORE INTO meta (key, value) SELECT 'updated_at', value FROM meta WHERE key = 'seeded_at';
INSERT OR IGNORE INTO meta (key, value) VALUES ('updated_at', '1970-01-01T00:00:00.000Z');
`,
  },
  {
    // Search by name: the folded name (and a Persian sort key), both written by the import path,
    // and an FTS5 trigram index over the folded name kept in step by triggers. makan_fold and makan_name_key
    // are the domain's rules, registered by migrate() for the backfill of existing rows.
    version: 3,
    sql: `
ALTER TABLE location ADD COLUMN name_folded TEXT NOT NULL DEFAULT '';
ALTER TABLE location ADD COLUMN name_key TEXT NOT NULL DEFAULT '';
UPDATE location SET name_folded = makan_fold(name), name_key = makan_name_key(name);
CREATE VIRTUAL TABLE location_search USING fts5(name_folded, content='location', content_rowid='id', tokenize='trigram');
INSERT INTO location_search(location_search) VALUES ('rebuild');
CREATE TRIGGER location_search_insert AFTER INSERT ON location BEGIN
  INSERT INTO location_search(rowid, name_folded) VALUES (new.id, new.name_folded);
END;
CREATE TRIGGER location_search_delete AFTER DELETE ON location BEGIN
  INSERT INTO location_search(location_search, rowid, name_folded) VALUES ('delete', old.id, old.name_folded);
END;
CREATE TRIGGER location_search_update AFTER UPDATE OF name_folded ON location BEGIN
  INSERT INTO location_search(location_search, rowid, name_folded) VALUES ('delete', old.id, old.name_folded);
  INSERT INTO location_search(rowid, name_folded) VALUES (new.id, new.name_folded);
END;
`,
  },
  {
    // Name starts in name order straight from an index (server/store/searchPlan.ts), for all types or one.
    version: 4,
    sql: `
CREATE INDEX IF NOT EXISTS location_by_name_key ON location(name_key);
CREATE INDEX IF NOT EXISTS location_by_type_name_key ON location(type_id, name_key);
`,
  },
  {
    // Maintained counts (server/store/countsSql.ts), refilled by every applied import.
    version: 5,
    sql: CREATE_COUNTS_SQL + REFRESH_COUNTS_SQL,
  },
  {
    // A type's rows in row-id order (the in-memory point index reads a type in pages along it).
    version: 6,
    sql: 'CREATE INDEX IF NOT EXISTS location_by_type ON location(type_id);',
  },
  {
    // The spatial index no query reads any more (boxes are answered from the in-memory points): keeping it
    // made a 5M-row import spend most of its time inserting into it.
    version: 7,
    sql: 'DROP TABLE IF EXISTS location_rtree;',
  },
  {
    // What each applied import changed (server/store/changesSql.ts).
    version: 8,
    sql: CREATE_CHANGES_SQL,
  },
  {
    // The staff's accounts, sessions and audit log, uploads awaiting apply, the public's reports (deskSql.ts).
    version: 9,
    sql: CREATE_DESK_SQL,
  },
  {
    // Which locations each applied import changed, by name, for the changes feed (server/store/changesSql.ts).
    version: 10,
    sql: CREATE_CHANGE_PLACES_SQL,
  },
];

export const SCHEMA_VERSION = MIGRATIONS[MIGRATIONS.length - 1]!.version;
