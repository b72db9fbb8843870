/**
 * The one place that turns MAKAN_DB (or --db) into a store: a SQLite file path (the embedded default) or,
 * later, a postgres:// URL. Everything else speaks the LocationStore interface.
 */
import { StartupError } from '../startupError';
import type { LocationStore } from './LocationStore';
import { openDatabase } from './sqlite/openDatabase';
import { SqliteStore } from './sqlite/SqliteStore';

export interface OpenedStore {
  store: LocationStore;
  readonly: boolean;
  /** What to name in messages: the file, or the URL without its password. */
  label: string;
}

export function isPostgresUrl(spec: string): boolean {
  return /^postgres(ql)?:\/\//i.test(spec);
}

export async function openStore(spec: string, options: { readonly?: boolean } = {}): Promise<OpenedStore> {
  if (isPostgresUrl(spec)) {
    throw new StartupError('MAKAN_DB is a postgres:// URL, but this build has no PostgreSQL store yet: use a SQLite file path');
  }
  const { db, readonly } = openDatabase(spec, options);
  return { store: new SqliteStore(db), readonly, label: spec };
}
