/**
 * The benchmark's data, built once and kept in bench/.data/: the SQLite database (seeded), its CSV export,
 * and a PostgreSQL cluster into which that CSV is imported with `npm run import` (timed, printed).
 */
import { existsSync, mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import pg from 'pg';
import { openDatabase } from '../server/store/sqlite/openDatabase';
import { startCluster, type PgCluster } from '../tools/postgres/cluster';
import { ensure } from '../tools/provision/provision';
import { POSTGRES } from '../tools/provision/requirements';
import { runScript } from './harness';

export const sqliteFileOf = (points: number) => `bench/.data/makan-${points}.db`;

/** The seeded SQLite file of `points` locations, at the current schema (the servers open it read-only). */
export async function sqliteWithData(points: number): Promise<string> {
  const dbFile = sqliteFileOf(points);
  if (!existsSync(dbFile)) await runScript('server/scripts/seed.ts', ['--points', String(points), '--db', dbFile]);
  openDatabase(dbFile).db.close();
  return dbFile;
}

/** The kept PostgreSQL cluster with the same data imported (timed the first time). */
export async function postgresWithData(points: number): Promise<PgCluster> {
  const dbFile = await sqliteWithData(points);
  const csvFile = `bench/.data/makan-${points}.csv`;
  const pgDir = resolve(`bench/.data/pg-${points}`);
  if (!existsSync(csvFile)) await runScript('server/scripts/export.ts', ['--db', dbFile, '--out', csvFile]);
  const fresh = !existsSync(`${pgDir}/PG_VERSION`);
  if (fresh) mkdirSync(pgDir, { recursive: true });
  const cluster = await startCluster(ensure(POSTGRES), {
    dataDir: pgDir,
    initialise: fresh,
    keep: true,
    extraConfig: 'shared_buffers = 512MB\nwork_mem = 32MB',
  });
  const admin = new pg.Client(cluster.url('postgres'));
  await admin.connect();
  const exists = (await admin.query("SELECT 1 FROM pg_database WHERE datname = 'makan'")).rowCount === 1;
  if (!exists) await admin.query('CREATE DATABASE makan');
  await admin.end();
  const probe = new pg.Client(cluster.url('makan'));
  await probe.connect();
  const filled = await probe
    .query<{ n: string }>('SELECT count(*) AS n FROM location')
    .then((r) => Number(r.rows[0]!.n) === points)
    .catch(() => false);
  await probe.end();
  if (!filled) {
    console.log(`importing ${csvFile} into PostgreSQL (once; kept in ${pgDir}) ...`);
    await runScript('server/scripts/import.ts', [csvFile, '--db', cluster.url('makan')]);
  }
  return cluster;
}
