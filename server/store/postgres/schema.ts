/**
 * PostgreSQL + PostGIS schema, as versioned migrations (meta.schema_version), like the SQLite store's.
 * No query of Makan's reads `geom` or its GiST index: the map and nearest answer from the in-memory points.
 * They are kept for the organisation's own spatial SQL and GIS tools (QGIS and others connect to PostGIS
 * directly and expect a geometry column with a spatial index); btree_gist lets the type share that index.
 */
import { CREATE_CHANGE_PLACES_SQL, CREATE_CHANGES_SQL } from '../changesSql';
import { CREATE_DESK_SQL } from '../deskSql';
import type pg from 'pg';
import { searchColumnsOf } from '../searchColumns';
import { CREATE_COUNTS_SQL, REFRESH_COUNTS_SQL } from '../countsSql';

export interface PgMigration {
  version: number;
  sql: string;
  /** Work SQL cannot do (the domain's text rules run in JavaScript), after `sql`, in the same transaction. */
  backfill?: (client: pg.PoolClient) => Promise<void>;
}

const BACKFILL_BATCH = 5000;

/** Fills the search columns of existing rows from their names, in batches of ids. */
async function backfillSearchColumns(client: pg.PoolClient): Promise<void> {
  for (let after = 0; ;) {
    const { rows } = await client.query<{ id: string; name: string }>(
      'SELECT id, name FROM location WHERE id > $1 ORDER BY id LIMIT $2',
      [after, BACKFILL_BATCH],
    );
    if (rows.length === 0) return;
    const columns = rows.map((r) => searchColumnsOf(r.name));
    await client.query(
      `UPDATE location l SET name_folded = v.folded, name_key = v.key
       FROM unnest($1::bigint[], $2::text[], $3::text[]) AS v(id, folded, key) WHERE l.id = v.id`,
      [rows.map((r) => r.id), columns.map((c) => c.name_folded), columns.map((c) => c.name_key)],
    );
    after = Number(rows[rows.length - 1]!.id);
  }
}

export const PG_MIGRATIONS: readonly PgMigration[] = [
  {
    version: 1,
    sql: `
CREATE EXTENSION IF NOT EXISTS postgis;
CREATE EXTENSION IF NOT EXISTS btree_gist;
CREATE TABLE IF NOT EXISTS meta (key text PRIMARY KEY, value text NOT NULL);
CREATE TABLE IF NOT EXISTS location_type (id integer PRIMARY KEY, guid text NOT NULL UNIQUE, route text NOT NULL);
CREATE TABLE IF NOT EXISTS province (id integer PRIMARY KEY, guid text NOT NULL UNIQUE, iso text NOT NULL UNIQUE, name_fa text NOT NULL, name_en text NOT NULL);
CREATE TABLE IF NOT EXISTS location (
  id bigserial PRIMARY KEY,
  guid text NOT NULL UNIQUE,
  type_id integer NOT NULL REFERENCES location_type(id),
  province_id integer NOT NULL REFERENCES province(id),
  name text NOT NULL,
  lat double precision NOT NULL,
  lon double precision NOT NULL,
  geom geometry(Point, 4326) GENERATED ALWAYS AS (ST_SetSRID(ST_MakePoint(lon, lat), 4326)) STORED,
  position text NOT NULL DEFAULT '',
  supervision text NOT NULL DEFAULT '',
  gender text NOT NULL DEFAULT '',
  legal text NOT NULL DEFAULT '',
  phone text NOT NULL DEFAULT '',
  fax text NOT NULL DEFAULT '',
  address text NOT NULL DEFAULT '',
  show_more_details boolean NOT NULL DEFAULT false,
  dynamic_fields text NOT NULL DEFAULT '[]'
);
CREATE INDEX IF NOT EXISTS location_type_geom ON location USING gist (type_id, geom);
CREATE INDEX IF NOT EXISTS location_by_type_province ON location (type_id, province_id);
`,
  },
  {
    version: 2,
    sql: `
INSERT INTO meta (key, value) SELECT 'version', CASE WHEN EXISTS (SELECT 1 FROM location) THEN '1' ELSE '0' END ON CONFLICT DO NOTHING;
INSERT INTO meta (key, value) VALUES ('updated_at', '1970-01-01T00:00:00.000Z') ON CONFLICT DO NOTHING;
`,
  },
  {
    // Search by name: the folded name and a Persian sort key, written by the import path.
    version: 3,
    sql: `
CREATE EXTENSION IF NOT EXISTS pg_trgm;
ALTER TABLE location ADD COLUMN IF NOT EXISTS name_folded text NOT NULL DEFAULT '';
ALTER TABLE location ADD COLUMN IF NOT EXISTS name_key text NOT NULL DEFAULT '';
`,
    backfill: backfillSearchColumns,
  },
  {
    // Built after the backfill: a trigram index serves "contains" (LIKE '%q%') from three characters.
    version: 4,
    sql: 'CREATE INDEX IF NOT EXISTS location_name_trigram ON location USING gin (name_folded gin_trgm_ops);',
  },
  {
    // Name starts in name order straight from an index (server/store/searchPlan.ts); keys compare by code point.
    version: 5,
    sql: `
CREATE INDEX IF NOT EXISTS location_by_name_key ON location (name_key COLLATE "C");
CREATE INDEX IF NOT EXISTS location_by_type_name_key ON location (type_id, name_key COLLATE "C");
`,
  },
  {
    // Maintained counts (server/store/countsSql.ts), refilled by every applied import.
    version: 6,
    sql: CREATE_COUNTS_SQL + REFRESH_COUNTS_SQL,
  },
  {
    // A type's rows in row-id order (the in-memory point index reads a type in pages along it).
    version: 7,
    sql: 'CREATE INDEX IF NOT EXISTS location_by_type_id ON location (type_id, id);',
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

export const PG_SCHEMA_VERSION = PG_MIGRATIONS[PG_MIGRATIONS.length - 1]!.version;

/** Advisory lock keys: one migration, and one import, at a time per database. */
export const MIGRATION_LOCK = 0x4d4b4e01;
export const IMPORT_LOCK = 0x4d4b4e02;
