/**
 * The staff's side of the database (server/desk/): accounts, their sessions, the audit log, uploads waiting to be
 * applied, and the public's reports. The same DDL serves both stores; times are ISO 8601 text in UTC, so they
 * compare as text on both.
 */
export const CREATE_DESK_SQL = `
CREATE TABLE IF NOT EXISTS staff_account (
  name TEXT PRIMARY KEY,
  password_hash TEXT NOT NULL,
  created_at TEXT NOT NULL,
  failures INTEGER NOT NULL DEFAULT 0,
  locked_until TEXT NOT NULL DEFAULT ''
);
CREATE TABLE IF NOT EXISTS staff_session (
  token_hash TEXT PRIMARY KEY,
  name TEXT NOT NULL,
  created_at TEXT NOT NULL,
  seen_at TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS staff_session_by_name ON staff_session (name);
CREATE TABLE IF NOT EXISTS staff_audit (
  at TEXT NOT NULL,
  name TEXT NOT NULL,
  action TEXT NOT NULL,
  detail TEXT NOT NULL,
  dataset_version BIGINT NOT NULL
);
CREATE INDEX IF NOT EXISTS staff_audit_by_time ON staff_audit (at);
CREATE TABLE IF NOT EXISTS staff_upload (
  id TEXT PRIMARY KEY,
  name TEXT NOT NULL,
  file_name TEXT NOT NULL,
  format TEXT NOT NULL,
  options TEXT NOT NULL,
  content TEXT NOT NULL,
  base_version BIGINT NOT NULL,
  created_at TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS public_report (
  id TEXT PRIMARY KEY,
  guid TEXT NOT NULL,
  kind TEXT NOT NULL,
  text TEXT NOT NULL,
  seen_version BIGINT NOT NULL,
  type_id INTEGER NOT NULL,
  province_id INTEGER NOT NULL,
  created_at TEXT NOT NULL,
  status TEXT NOT NULL DEFAULT 'open',
  note TEXT NOT NULL DEFAULT '',
  decided_by TEXT NOT NULL DEFAULT '',
  decided_at TEXT NOT NULL DEFAULT '',
  changed_in_version BIGINT
);
CREATE INDEX IF NOT EXISTS public_report_by_guid ON public_report (guid);
CREATE INDEX IF NOT EXISTS public_report_by_time ON public_report (created_at);
`;

/** A report's link to the import that changed its location, marked in the import's transaction (importPlan.ts). */
export const PENDING_VERSION = -1;
