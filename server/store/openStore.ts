/**
 * The one place that turns MAKAN_DB (or --db) into a store: a SQLite file path (the embedded default) or
 * a postgres:// URL (PostgreSQL + PostGIS). Everything else speaks the LocationStore interface.
 */
import type { LocationStore } from './LocationStore';
import { openPostgres, redact } from './postgres/openPostgres';
import { PostgresStore } from './postgres/PostgresStore';
import { openDatabase, type OpenOptions } from './sqlite/openDatabase';
import { SqliteStore } from './sqlite/SqliteStore';

export interface OpenedStore {
  store: LocationStore;
  readonly: boolean;
  /** What to name in messages: the file, or the URL without its password. */
  label: string;
  /** A large SQLite file whose page check was deferred (`deferPageCheckAbove`): run `pageCheckOf` on it. */
  pagesUnchecked: boolean;
}

export function isPostgresUrl(spec: string): boolean {
  return /^postgres(ql)?:\/\//i.test(spec);
}

export async function openStore(spec: string, options: OpenOptions = {}): Promise<OpenedStore> {
  if (isPostgresUrl(spec)) {
    const { pool, readonly } = await openPostgres(spec);
    return { store: new PostgresStore(pool), readonly: readonly || options.readonly === true, label: redact(spec), pagesUnchecked: false };
  }
  const { db, readonly, pagesUnchecked } = openDatabase(spec, options);
  return { store: new SqliteStore(db), readonly, label: spec, pagesUnchecked };
}
