import Database from 'better-sqlite3';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { SCHEMA_SQL } from './schema';

export type Db = Database.Database;

export function openDatabase(file: string, options: { readonly?: boolean } = {}): Db {
  if (!options.readonly) mkdirSync(dirname(file), { recursive: true });
  const db = new Database(file, { readonly: options.readonly ?? false, fileMustExist: options.readonly ?? false });
  if (!options.readonly) {
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = NORMAL');
    db.exec(SCHEMA_SQL);
  }
  db.pragma('cache_size = -65536');
  db.pragma('mmap_size = 268435456');
  return db;
}

export function isSeeded(db: Db): boolean {
  const row = db.prepare("SELECT value FROM meta WHERE key = 'seeded_at'").get() as { value: string } | undefined;
  return row !== undefined;
}
