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
