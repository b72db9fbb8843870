/**
 * A PostgreSQL primary that can stream to standbys, with an empty `makan` database, and a hot standby
 * copied from it (pg_basebackup): the README's scale-out, for the tests that run it.
 */
import pg from 'pg';
import { clusterFolder, startCluster, type PgCluster } from '../../tools/postgres/cluster';

export async function startPrimary(binDir: string, name: string): Promise<PgCluster> {
  const primary = await startCluster(binDir, {
    name,
    extraConfig: 'wal_level = replica\nmax_wal_senders = 4\nhot_standby = on',
  });
  const admin = new pg.Client({ connectionString: primary.url('postgres') });
  await admin.connect();
  await admin.query('CREATE DATABASE makan');
  await admin.end();
  return primary;
}

/** A hot standby of `primary` as it is now (take it once the data to replicate from the start is there). */
export async function startStandby(binDir: string, primary: PgCluster, name: string): Promise<PgCluster> {
  // The folder itself is the data folder (pg_basebackup fills an empty one), so stopping the standby removes it.
  const dataDir = clusterFolder(name);
  const from = ['-h', '127.0.0.1', '-p', String(primary.port), '-U', 'makan'];
  primary.run('pg_basebackup', ['-D', dataDir, '-R', '-X', 'stream', '-c', 'fast', ...from]);
  return startCluster(binDir, { name, dataDir, initialise: false, extraConfig: 'hot_standby = on' });
}
