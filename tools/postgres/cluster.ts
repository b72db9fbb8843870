/**
 * A PostgreSQL cluster on a free port, for the tests and the benchmark: initdb, start, and stop. A
 * throwaway cluster (the tests') lives in a temporary folder and is deleted on stop; a kept one (the
 * benchmark's, `keep: true`) stays in its folder and is started again from it. As root it runs as the
 * `postgres` system user (PostgreSQL refuses root).
 */
import { spawnSync } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface PgCluster {
  port: number;
  dir: string;
  /** postgres:// URL of a database on this cluster. */
  url(database: string): string;
  run(tool: string, args: string[]): void;
  /** Stops the server at once (as a crash would), keeping its data to start again on the same port. */
  halt(): void;
  /** Starts a halted server again. */
  resume(): void;
  stop(): void;
}

const asRoot = process.getuid?.() === 0;

function osUser(): { uid: number; gid: number } | null {
  if (!asRoot) return null;
  const id = (flag: string) => Number(spawnSync('id', [flag, 'postgres'], { encoding: 'utf8' }).stdout.trim());
  return { uid: id('-u'), gid: id('-g') };
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** A folder the cluster's system user owns (PostgreSQL wants its data folders its own, mode 0700). */
export function clusterFolder(name: string): string {
  const dir = mkdtempSync(join(tmpdir(), `makan-pg-${name}-`));
  const user = osUser();
  if (user) chownSync(dir, user.uid, user.gid);
  chmodSync(dir, 0o700);
  return dir;
}

export async function startCluster(
  binDir: string,
  options: { name?: string; extraConfig?: string; dataDir?: string; initialise?: boolean; keep?: boolean } = {},
): Promise<PgCluster> {
  const dir = options.dataDir ?? mkdtempSync(join(tmpdir(), `makan-pg-${options.name ?? 'main'}-`));
  const user = osUser();
  if (user) {
    chownSync(dir, user.uid, user.gid);
    chmodSync(dir, 0o700);
  }
  const run = (tool: string, args: string[]) => {
    const command = join(binDir, tool);
    const result = user
      ? spawnSync(
          'setpriv',
          ['--reuid', String(user.uid), '--regid', String(user.gid), '--clear-groups', command, ...args],
          { encoding: 'utf8', cwd: '/' },
        )
      : spawnSync(command, args, { encoding: 'utf8' });
    if (result.status !== 0) throw new Error(`${tool} ${args.join(' ')} failed: ${result.stderr || result.stdout}`);
  };
  const port = await freePort();
  if (options.initialise ?? true) {
    run('initdb', ['-D', dir, '-U', 'makan', '--auth=trust', '-E', 'UTF8', '--locale=C.UTF-8']);
  }
  const config = [
    `port = ${port}`,
    "listen_addresses = '127.0.0.1'",
    `unix_socket_directories = '${dir}'`,
    'fsync = off',
    'synchronous_commit = off',
    'full_page_writes = off',
    'max_connections = 60',
    'shared_buffers = 128MB',
    options.extraConfig ?? '',
  ].join('\n');
  // Appended: a standby made by pg_basebackup -R keeps the primary_conninfo it wrote there.
  const autoConf = join(dir, 'postgresql.auto.conf');
  writeFileSync(autoConf, `${existsSync(autoConf) ? readFileSync(autoConf, 'utf8') : ''}\n${config}\n`);
  if (user) chownSync(autoConf, user.uid, user.gid);
  run('pg_ctl', ['-D', dir, '-l', join(dir, 'server.log'), '-w', '-t', '60', 'start']);
  return {
    port,
    dir,
    url: (database) => `postgres://makan@127.0.0.1:${port}/${database}`,
    run,
    halt: () => run('pg_ctl', ['-D', dir, '-m', 'immediate', '-w', 'stop']),
    resume: () => run('pg_ctl', ['-D', dir, '-l', join(dir, 'server.log'), '-w', '-t', '60', 'start']),
    stop() {
      try {
        run('pg_ctl', ['-D', dir, '-m', 'immediate', '-w', 'stop']);
      } finally {
        if (!options.keep) rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
