/**
 * What each applied import changed, kept per dataset version, type and province: locations added, removed,
 * moved (more than CHANGE_MOVED_KM) and renamed. The same DDL serves both stores.
 */
export const CREATE_CHANGES_SQL = `
CREATE TABLE IF NOT EXISTS dataset_change (
  version BIGINT NOT NULL,
  updated_at TEXT NOT NULL,
  type_id INTEGER NOT NULL,
  province_id INTEGER NOT NULL,
  added INTEGER NOT NULL,
  removed INTEGER NOT NULL,
  moved INTEGER NOT NULL,
  renamed INTEGER NOT NULL,
  PRIMARY KEY (version, type_id, province_id)
);
`;

/** One row of dataset_change as both stores read it. */
export interface ChangeRow {
  version: number | string;
  updated_at: string;
  type_id: number;
  province_id: number;
  added: number;
  removed: number;
  moved: number;
  renamed: number;
}

/** The rows since a version (exclusive), newest version first. */
export const CHANGES_SINCE_SQL = (param: string) =>
  `SELECT version, updated_at, type_id, province_id, added, removed, moved, renamed FROM dataset_change
   WHERE version > ${param} ORDER BY version DESC, type_id, province_id`;

/**
 * Which locations each applied import changed, by name (the feed names them): up to CHANGED_PLACES_KEPT of each
 * kind per import, in file order; kept for the versions a feed lists.
 */
export const CREATE_CHANGE_PLACES_SQL = `
CREATE TABLE IF NOT EXISTS dataset_change_place (
  version BIGINT NOT NULL,
  kind TEXT NOT NULL,
  guid TEXT NOT NULL,
  name TEXT NOT NULL,
  type_id INTEGER NOT NULL,
  province_id INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS dataset_change_place_by_version ON dataset_change_place (version);
`;

/** Changed locations kept per kind and import, and the versions they are kept for. */
export const CHANGED_PLACES_KEPT = 200;
export const CHANGED_PLACES_VERSIONS = 100;

/** One row of dataset_change_place as both stores read it. */
export interface ChangePlaceRow {
  version: number | string;
  kind: string;
  guid: string;
  name: string;
  type_id: number;
  province_id: number;
}

/** The named changes since a version (exclusive), newest version first, in the order they were kept. */
export const CHANGE_PLACES_SINCE_SQL = (param: string) =>
  `SELECT version, kind, guid, name, type_id, province_id FROM dataset_change_place
   WHERE version > ${param} ORDER BY version DESC, kind, name, guid`;
