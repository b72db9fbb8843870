/**
 * The one place that turns MAKAN_DB (or --db) into a store: a SQLite file path (the embedded default) or
 * a postgres:// URL (PostgreSQL + PostGIS), by the rule in dbSpec.ts. Everything else speaks the
 * LocationStore interface.
 */
import { parseDbSpec, specLabel, type DbSpec } from './dbSpec';
import type { LocationStore } from './LocationStore';
import { openPostgres } from './postgres/openPostgres';
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

/** `spec` as MAKAN_DB takes it, or already parsed (a refused one never reaches this far). */
export async function openStore(spec: string | DbSpec, options: OpenOptions = {}): Promise<OpenedStore> {
  const db = typeof spec === 'string' ? parseDbSpec(spec) : spec;
  if (db.kind === 'postgres') {
    const { pool, readonly } = await openPostgres(db.url);
    return {
      store: new PostgresStore(pool),
      readonly: readonly || options.readonly === true,
      label: specLabel(db),
      pagesUnchecked: false,
    };
  }
  const { db: sqlite, readonly, pagesUnchecked } = openDatabase(db.file, options);
  return { store: new SqliteStore(sqlite), readonly, label: specLabel(db), pagesUnchecked };
}
