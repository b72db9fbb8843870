/**
 * A PostgreSQL cluster whose database lives on a small disk of its own, as an operator's data volume: a tmpfs
 * mounted in a user and mount namespace (`unshare`, util-linux) holds the database's tablespace, while the
 * cluster's catalogue and write-ahead log stay on the machine's disk. PostgreSQL refuses to run as root, so it
 * runs in a second user namespace inside the first as a user of its own. The test needs no privilege and leaves
 * nothing mounted: the disk goes with the server's process. A test fills and empties it through /proc/PID/root.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { freePort } from '../../tools/postgres/cluster';

export interface SmallDiskCluster {
  /** The database on the small disk. */
  url: string;
  /** The small disk as this process reaches it (in the server's mount namespace). */
  disk: string;
  stop(): Promise<void>;
}

/** Mounts the disk, then runs the rest of the command line in the namespace where it is mounted. */
const MOUNT_THEN = 'mount -t tmpfs -o "size=$1m" makan-pg-disk "$2" && shift 2 && exec "$@"';
/**
 * Makes the cluster and becomes its server. Without autovacuum: a vacuum truncating a table after a test's import
 * gives the disk back room at a moment of its own, and a test that filled it would find room it did not leave.
 */
const INIT_THEN_SERVE = [
  '"$1/initdb" -D "$2" -U makan --auth=trust -E UTF8 --locale=C.UTF-8 >/dev/null',
  'exec "$1/postgres" -D "$2" -c "port=$3" -c listen_addresses=127.0.0.1 -c "unix_socket_directories=$4"' +
    ' -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c autovacuum=off',
].join(' && ');

export async function startSmallDiskCluster(binDir: string, megabytes: number): Promise<SmallDiskCluster> {
  const dir = mkdtempSync(join(tmpdir(), 'makan-pg-small-disk-'));
  const [data, disk] = [join(dir, 'data'), join(dir, 'disk')];
  mkdirSync(disk);
  const port = await freePort();
  const child = spawn(
    'unshare',
    [
      ...['--user', '--map-root-user', '--mount', 'sh', '-c', MOUNT_THEN, 'sh', String(megabytes), disk],
      ...['unshare', '--user', '--map-user=1000', '--map-group=1000'],
      ...['sh', '-c', INIT_THEN_SERVE, 'sh', binDir, data, String(port), dir],
    ],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  let log = '';
  const exited = new Promise<void>((done) => child.on('close', () => done()));
  await new Promise<void>((ready, fail) => {
    const timer = setTimeout(() => fail(new Error(`PostgreSQL on a small disk did not start:\n${log}`)), 60_000);
    child.stderr.on('data', (chunk: Buffer) => {
      log += chunk.toString();
      if (log.includes('ready to accept connections')) {
        clearTimeout(timer);
        ready();
      }
    });
    void exited.then(() => fail(new Error(`PostgreSQL on a small disk exited:\n${log}`)));
  });
  const admin = new pg.Client({ connectionString: `postgres://makan@127.0.0.1:${port}/postgres` });
  await admin.connect();
  try {
    await admin.query(`CREATE TABLESPACE small_disk LOCATION '${disk}'`);
    await admin.query('CREATE DATABASE makan TABLESPACE small_disk');
  } finally {
    await admin.end();
  }
  return {
    url: `postgres://makan@127.0.0.1:${port}/makan`,
    // The process is PostgreSQL's server by now: each program in the chain replaced the one before.
    disk: `/proc/${child.pid}/root${disk}`,
    async stop() {
      child.kill('SIGQUIT');
      await exited;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
