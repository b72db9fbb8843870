/**
 * Demo databases seeded once per run and copied. The demo seed is deterministic (server/seed/generate.ts), so
 * a copy of a database seeded with N locations is what seeding N would make: a file copy for SQLite and
 * CREATE DATABASE … TEMPLATE for PostgreSQL, instead of an import through the whole import path each time.
 * The originals live in the run's folder and the run's cluster (tests/setup/seedCache.ts); two workers asking
 * for one at once are serialised (an advisory lock) or both make the same file and one replaces the other.
 */
import { randomBytes } from 'node:crypto';
import { copyFileSync, existsSync, renameSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import { LAZYLOAD_ROW_CAP } from '../../domain/gateway';
import { seedStore } from '../../server/seed/seedDatabase';
import { openPostgres } from '../../server/store/postgres/openPostgres';
import { PostgresStore } from '../../server/store/postgres/PostgresStore';
import { openDatabase } from '../../server/store/sqlite/openDatabase';
import { SqliteStore } from '../../server/store/sqlite/SqliteStore';

/**
 * The large seed the suites share (one original per store for the run): a third of it is Academy, more of it
 * than the gateway's LazyLoad cap.
 */
export const SEED_PAST_THE_CAP = Math.round(3.2 * LAZYLOAD_ROW_CAP);

/** Copies a SQLite database seeded with `points` demo locations to `file` (which must not exist yet). */
export async function copySeededSqlite(points: number, file: string): Promise<void> {
  const original = join(inject('seedDir'), `seeded-${points}.db`);
  if (!existsSync(original)) {
    const making = `${original}.${process.pid}.${randomBytes(4).toString('hex')}`;
    const store = new SqliteStore(openDatabase(making).db);
    try {
      await seedStore(store, { totalPoints: points });
    } finally {
      store.close(); // folds the write-ahead log into the file: the file alone is the database
    }
    renameSync(making, original);
  }
  copyFileSync(original, file);
}

/** Creates the database `name` in the tests' cluster as a copy of one seeded with `points` demo locations. */
export async function createSeededPostgres(points: number, name: string): Promise<void> {
  const admin = inject('pgAdminUrl');
  const original = `makan_seeded_${points}`;
  const client = new pg.Client({ connectionString: admin });
  await client.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [points]);
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [original]);
    if (found.rowCount === 0) {
      await client.query(`CREATE DATABASE ${original}`);
      const { pool } = await openPostgres(admin.replace(/\/postgres$/, `/${original}`));
      try {
        await seedStore(new PostgresStore(pool), { totalPoints: points });
      } finally {
        await pool.end(); // a template must have no one connected to it
      }
    }
    await client.query(`CREATE DATABASE ${name} TEMPLATE ${original}`);
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [points]).catch(() => {});
    await client.end();
  }
}
