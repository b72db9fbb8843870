/**
 * A full disk under the database, as an operator meets one: the server goes on answering visitors, refuses
 * each write with the reason and when to ask again (503, Retry-After) rather than "internal server error", and
 * takes writes again once there is room; a start on a disk with no room says the disk is full, not that the
 * database is damaged (which sent operators to a backup for nothing).
 *
 * The disk is a small tmpfs of the server's own, mounted in a user and mount namespace (`unshare`, util-linux), so
 * the test needs no privilege and leaves nothing mounted; the test fills and empties it through /proc/PID/root.
 * PostgreSQL's is the disk of the database's tablespace, its cluster in such namespaces (smallDiskPostgres.ts).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { hashPassword } from '../../server/desk/passwords';
import { TRADES_WARMED_MESSAGE, WARMED_MESSAGE } from '../../server/points/warmUp';
import type { Health } from '../../domain/wire/answers';
import { openStore } from '../../server/store/openStore';
import { openPostgres } from '../../server/store/postgres/openPostgres';
import { PostgresStore } from '../../server/store/postgres/PostgresStore';
import { seedStore } from '../../server/seed/seedDatabase';
import { copySeededSqlite } from '../support/seededDatabases';
import { builtScript, runServer, type ServerRun } from '../support/serverProcess';
import { CookieClient } from '../support/staffClient';
import { fillDisk } from '../support/fillDisk';
import { startSmallDiskCluster, type SmallDiskCluster } from '../support/smallDiskPostgres';

const PASSWORD = 'a long enough test password';
const DISK_MB = 24;

let dir: string;
let seeded: string;
let nextPort = 19_300 + Math.floor(Math.random() * 400);
const running: ServerRun[] = [];

/**
 * The server's command line in its own namespaces, with `folder` a tmpfs of DISK_MB holding a copy of the seeded
 * database; `fill`: the disk filled before the server starts.
 */
const onOwnDisk =
  (folder: string, fill = false) =>
  (commandLine: string[]) => [
    'unshare',
    '--user',
    '--map-root-user',
    '--mount',
    'sh',
    '-c',
    `mount -t tmpfs -o size=${DISK_MB}m makan-disk "$1" && cp "$2" "$1/makan.db" && ${
      fill ? 'dd if=/dev/zero of="$1/filler" bs=64k 2>/dev/null; ' : ''
    }shift 2 && exec "$@"`,
    'sh',
    folder,
    seeded,
    ...commandLine,
  ];

/** Runs `commandLine` in the server's user and mount namespaces, where its disk is; its exit code and errors. */
const inServersNamespaces = (pid: number, commandLine: string[]) =>
  runCommand([
    'nsenter',
    '--target',
    String(pid),
    '--user',
    '--mount',
    '--preserve-credentials',
    `--wd=${process.cwd()}`,
    ...commandLine,
  ]);

/** Runs `commandLine`; its exit code and errors. */
function runCommand([command, ...args]: string[]): Promise<{ code: number; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(command!, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code: code ?? -1, stderr }));
  });
}

async function startOnOwnDisk(
  fill = false,
  env: Record<string, string> = { MAKAN_SNAPSHOT_DIR: 'off' },
): Promise<{ run: ServerRun; folder: string }> {
  const folder = mkdtempSync(join(dir, 'disk-'));
  const run = await runServer(
    { PORT: String(nextPort++), MAKAN_DB: join(folder, 'makan.db'), MAKAN_WORKERS: '1', ...env },
    { wrap: onOwnDisk(folder, fill) },
  );
  running.push(run);
  return { run, folder };
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'makan-full-disk-'));
  seeded = join(dir, 'seeded.db');
  await copySeededSqlite(300, seeded);
  const { store } = await openStore(seeded);
  await store.desk.addAccount('maryam', await hashPassword(PASSWORD), new Date().toISOString());
  store.close();
});
afterAll(async () => {
  await Promise.all(running.map((r) => r.stop()));
  rmSync(dir, { recursive: true, force: true });
});

describe('a full disk under the SQLite database', () => {
  it('refuses each write with the reason while visitors are answered, and writes again once there is room', async () => {
    const { run, folder } = await startOnOwnDisk();
    expect(run.url, run.stderr + run.stdout).not.toBeNull();
    const db = join(folder, 'makan.db');
    const base = run.url!.replace(/\/$/, '');
    const signIn = (client: CookieClient) =>
      client.request('/api/staff/session', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'maryam', password: PASSWORD }),
      });
    const visitor = new CookieClient(base);
    const [location] = (await (await visitor.request(`/api/search?q=${encodeURIComponent('مرکز')}`)).json()) as {
      Guid: string;
    }[];
    const report = () =>
      visitor.request('/api/reports', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ Guid: location!.Guid, Kind: 'wrong_phone', Text: 'شماره تلفن عوض شده است' }),
      });
    expect((await report()).status).toBe(201);

    const filler = `/proc/${run.pid}/root${folder}/filler`;
    fillDisk(filler);
    const health = async () => (await (await visitor.request('/api/health')).json()) as Health;
    expect(await health()).toMatchObject({ status: 'ready', database: 'ok' });
    // What visitors read is answered as before.
    expect((await visitor.request(`/api/search?q=${encodeURIComponent('مرکز')}`)).status).toBe(200);
    // A visitor's correction and a sign-in are refused with the reason, and when to ask again.
    for (const refused of [await report(), await signIn(new CookieClient(base))]) {
      expect(refused.status).toBe(503);
      expect(refused.headers.get('retry-after')).toBe('30');
      expect(await refused.json()).toEqual({
        error: 'database_unwritable',
        message: expect.stringMatching(/cannot be written now \(SQLITE_FULL\).*disk is full; nothing was saved/),
      });
    }
    // Said where an operator looks: health (still 200, the server serves), and the log, never as a failure of
    // the server's own.
    expect(await health()).toEqual({
      status: 'ready',
      version: expect.any(Number),
      rewarming: false,
      database: 'unwritable',
      problem: expect.stringMatching(/^every write since \S+ was refused \(SQLITE_FULL\)/),
    });
    expect(run.stdout).toMatch(/"level":40[^\n]*"error":"database_unwritable"[^\n]*"url":"\/api\/reports"/);
    expect(run.stdout).not.toMatch(/"level":50/);

    // The import script (`npm run import`'s, built) beside the server, on the same full disk: refused saying that
    // nothing was applied, and so.
    const csv = await (await visitor.request('/api/downloads/latest/locations.csv?type=Centers')).text();
    const renamed = join(dir, 'renamed.csv');
    writeFileSync(renamed, csv.replaceAll('مرکز', 'مرکز نو'));
    const before = ((await (await visitor.request('/api/meta')).json()) as { version: number }).version;
    const imported = await inServersNamespaces(run.pid, [process.execPath, builtScript('import'), renamed, '--db', db]);
    expect(imported.code, imported.stderr).toBe(1);
    expect(imported.stderr).toMatch(/^makan import: .*\(SQLITE_FULL\): .*nothing was applied\n$/);
    expect(((await (await visitor.request('/api/meta')).json()) as { version: number }).version).toBe(before);

    unlinkSync(filler);
    // Health says so once there is room, before any write of the staff's or the visitors' is taken.
    expect(await health()).toMatchObject({ database: 'ok' });
    expect((await report()).status).toBe(201);
    expect((await signIn(new CookieClient(base))).status).toBe(204);
    expect(await health()).toMatchObject({ database: 'ok' });
    expect(await health()).not.toHaveProperty('problem');
  });

  it('the warm-up writes no snapshot (a cache) where it would leave the database less than its headroom', async () => {
    // The default: snapshots beside the database, on its disk, here far smaller than the headroom.
    const { run, folder } = await startOnOwnDisk(false, {});
    expect(run.url, run.stderr + run.stdout).not.toBeNull();
    await expect.poll(() => run.stdout, { timeout: 30_000 }).toMatch(new RegExp(WARMED_MESSAGE));
    expect(run.stdout).toMatch(/points snapshot not written: it would leave less than 256 MB free on its disk/);
    const snapshots = `/proc/${run.pid}/root${folder}/makan.db.snapshots`;
    expect(readdirSync(snapshots).filter((name) => name.endsWith('.bin'))).toEqual([]);
    // Nor a download's file: the downloads are made from the store, whole, each time.
    const csv = async () => {
      const answer = await fetch(new URL('/api/downloads/latest/locations.csv', run.url!));
      expect(answer.status, await answer.clone().text()).toBe(200);
      expect(answer.headers.get('accept-ranges')).toBeNull();
      return answer.text();
    };
    const first = await csv();
    await expect.poll(() => run.stdout, { timeout: 30_000 }).toMatch(/download file not written/);
    expect(await csv()).toBe(first);
    expect(first.split('\n').length).toBeGreaterThan(100);
    expect(readdirSync(`${snapshots}/downloads`)).toEqual([]);
  });

  it('a start on a full disk says so in one line, not that the database is damaged', async () => {
    const { run } = await startOnOwnDisk(true);
    expect(run.exitCode, run.stdout).not.toBe(0);
    expect(run.exitCode).not.toBeNull();
    const lines = run.stderr.trim().split('\n');
    expect(lines, run.stderr).toHaveLength(1);
    expect(lines[0]).toMatch(
      /^makan: MAKAN_DB=\S+makan\.db cannot be opened: the disk holding it is full \(\d+ bytes free/,
    );
    expect(lines[0]).not.toMatch(/damaged|backup/);
  });
});

describe('a full disk under the PostgreSQL database', () => {
  let cluster: SmallDiskCluster;
  beforeAll(async () => {
    cluster = await startSmallDiskCluster(inject('pgBinDir'), 64);
    const { pool } = await openPostgres(cluster.url);
    try {
      const store = new PostgresStore(pool);
      // Enough for a download's and the changes' sorts to spill to temporary files (below).
      await seedStore(store, { totalPoints: 3000 });
      await store.desk.addAccount('maryam', await hashPassword(PASSWORD), new Date().toISOString());
    } finally {
      await pool.end();
    }
  });
  afterAll(() => cluster?.stop());

  /** A server of one process on the small-disk cluster; without snapshots unless `env` says otherwise. */
  async function startOnCluster(env: Record<string, string> = { MAKAN_SNAPSHOT_DIR: 'off' }): Promise<ServerRun> {
    const run = await runServer({ PORT: String(nextPort++), MAKAN_DB: cluster.url, MAKAN_WORKERS: '1', ...env });
    running.push(run);
    return run;
  }

  it('refuses each write that needs room with the reason, health says so until there is room, and then writes', async () => {
    const run = await startOnCluster();
    expect(run.url, run.stderr + run.stdout).not.toBeNull();
    const base = run.url!.replace(/\/$/, '');
    const visitor = new CookieClient(base);
    const staff = new CookieClient(base);
    expect((await staff.signIn('maryam', PASSWORD)).status).toBe(204);
    const search = () => visitor.request(`/api/search?q=${encodeURIComponent('مرکز')}`);
    const [location] = (await (await search()).json()) as { Guid: string }[];
    const report = () =>
      visitor.json('/api/reports', { Guid: location!.Guid, Kind: 'wrong_phone', Text: 'شماره تلفن عوض شده است' });
    expect((await report()).status).toBe(201);
    const csv = await (await visitor.request('/api/downloads/latest/locations.csv?type=Centers')).text();
    const renamed = csv.replaceAll('مرکز', 'مرکز نو');
    const version = async () => ((await (await visitor.request('/api/meta')).json()) as { version: number }).version;
    const before = await version();
    const health = async () => (await (await visitor.request('/api/health')).json()) as Health;
    // A file previewed while there was room, to be applied once there is none.
    const previewed = await staff.upload('renamed.csv', renamed);
    expect(previewed.status, await previewed.clone().text()).toBe(200);
    const { Id: waiting } = (await previewed.json()) as { Id: string };
    const apply = () => staff.request(`/api/staff/uploads/${waiting}/apply`, { method: 'POST' });

    const filler = join(cluster.disk, 'filler');
    fillDisk(filler);
    expect((await search()).status).toBe(200);
    // A staff upload, kept in the database until it is applied, needs pages the database's disk has no room for.
    const refused = await staff.upload('renamed.csv', renamed);
    expect(refused.status).toBe(503);
    expect(refused.headers.get('retry-after')).toBe('30');
    expect(await refused.json()).toEqual({
      error: 'database_unwritable',
      message: expect.stringMatching(/cannot be written now \(53100\).*disk is full/),
    });
    const unwritable = {
      status: 'ready',
      database: 'unwritable',
      problem: expect.stringMatching(/^every write since \S+ was refused \(53100\)/),
    };
    expect(await health()).toMatchObject(unwritable);
    // A visitor's report still fits in a page its table has (PostgreSQL takes it), but the disk has no room: health
    // goes on saying so (its probe needs room, as an import does), rather than "ok" after a one-row write.
    expect((await report()).status).toBe(201);
    expect(await health()).toMatchObject(unwritable);
    // Applying the file previewed before, through the import's worker: refused the same way, nothing imported.
    const notApplied = await apply();
    expect(notApplied.status).toBe(503);
    expect(await notApplied.json()).toEqual({
      error: 'database_unwritable',
      message: expect.stringMatching(/cannot be written now \(53100\).*nothing was imported/),
    });
    expect(await health()).toMatchObject(unwritable);
    // The import script (`npm run import`'s, built) beside the server: refused saying that nothing was applied, and so.
    const file = join(dir, 'renamed-pg.csv');
    writeFileSync(file, renamed);
    const imported = await runCommand([process.execPath, builtScript('import'), file, '--db', cluster.url]);
    expect(imported.code, imported.stderr).toBe(1);
    expect(imported.stderr).toMatch(/^makan import: .*No space left on device \(53100\): .*nothing was applied\n$/);
    expect(await version()).toBe(before);
    expect(run.stdout).toMatch(/"level":40[^\n]*"error":"database_unwritable"[^\n]*"url":"\/api\/staff\/uploads/);
    expect(run.stdout).not.toMatch(/"level":50/);

    unlinkSync(filler);
    expect(await health()).toMatchObject({ status: 'ready', database: 'ok' });
    expect(await health()).not.toHaveProperty('problem');
    // The same file applied now, and served.
    const applied = await apply();
    expect(applied.status, await applied.clone().text()).toBe(200);
    await expect.poll(version, { timeout: 15_000 }).toBe(before + 1);
    const renamedFound = await visitor.request(`/api/search?q=${encodeURIComponent('مرکز نو')}`);
    expect(((await renamedFound.json()) as unknown[]).length).toBeGreaterThan(0);
  });

  it('a server started on a full disk says so from the start, not from the first write it refuses', async () => {
    const filler = join(cluster.disk, 'filler');
    fillDisk(filler);
    const run = await startOnCluster();
    try {
      expect(run.url, run.stderr + run.stdout).not.toBeNull();
      const health = async () => (await (await fetch(new URL('/api/health', run.url!))).json()) as Health;
      // Before: "ok", until staff met the refusal of an upload.
      expect(await health()).toMatchObject({
        database: 'unwritable',
        problem: expect.stringMatching(/^every write since \S+ was refused \(53100\)/),
      });
      expect((await fetch(new URL(`/api/search?q=${encodeURIComponent('مرکز')}`, run.url!))).status).toBe(200);
    } finally {
      unlinkSync(filler);
    }
    expect(await (await fetch(new URL('/api/health', run.url!))).json()).toMatchObject({ database: 'ok' });
  });

  it('a read whose sort needs temporary files it has no room for is refused with the reason, logged once', async () => {
    // Sorts past work_mem spill to temporary files on the database's disk: with the least PostgreSQL takes, a
    // download's and the changes' reads do here. (Sessions opened from now on; the server below opens its own.)
    const admin = new pg.Client({ connectionString: cluster.url });
    await admin.connect();
    await admin.query("ALTER DATABASE makan SET work_mem = '64kB'").finally(() => admin.end());
    const run = await startOnCluster({});
    expect(run.url, run.stderr + run.stdout).not.toBeNull();
    await expect.poll(() => run.stdout, { timeout: 30_000 }).toMatch(new RegExp(TRADES_WARMED_MESSAGE));
    const base = run.url!.replace(/\/$/, '');
    const reads = ['/api/downloads/latest/locations.csv?type=Centers&gender=1', '/api/changes'];
    const before = run.stdout.length;
    // Each read meets a full disk: a failed sort's temporary files are removed, and their room taken again here.
    const fillers = reads.map((_, i) => join(cluster.disk, `filler-${i}`));
    const answered: string[] = [];
    for (const [i, path] of reads.entries()) {
      fillDisk(fillers[i]!);
      const refused = await fetch(base + path);
      // Where it was answered, a download's latest address having sent it to its version's.
      answered.push(new URL(refused.url).pathname + new URL(refused.url).search);
      expect(refused.status, path).toBe(503);
      expect(refused.headers.get('retry-after')).toBe('30');
      expect(await refused.json()).toEqual({
        error: 'database_unavailable',
        message: expect.stringMatching(/^the database cannot answer this now \(53100\): its disk/),
      });
    }
    // Each once, as the refusal it is (a warning), never as a failure of the server's own (before: 500, and two
    // lines at the error level for a download). The server's log reaches this process through a pipe, after its
    // answer: waited for, and a moment more for a second line, written with the first, to arrive.
    const logged = () => run.stdout.slice(before);
    const linesOf = (url: string) =>
      logged()
        .split('\n')
        .filter((line) => line.includes(`"url":"${url}"`));
    for (const url of answered) await expect.poll(() => linesOf(url).length, { timeout: 10_000 }).toBeGreaterThan(0);
    await new Promise((settle) => setTimeout(settle, 200));
    for (const url of answered)
      expect(linesOf(url)).toEqual([
        expect.stringMatching(/"level":40.*"error":"database_unavailable".*"msg":"request refused"/),
      ]);
    expect(logged()).not.toMatch(/"level":50/);
    for (const filler of fillers) unlinkSync(filler);
    for (const path of reads) expect((await fetch(base + path)).status, path).toBe(200);
  });
});
