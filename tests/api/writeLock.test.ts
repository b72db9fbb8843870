/**
 * A start, or a server process restarted by its primary, while another process holds the database's write
 * lock (an import takes it for as long as it applies, minutes for a large file): a current database is
 * served without waiting for it; one that must be upgraded says that it waits, and for what.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { seedStore } from '../../server/seed/seedDatabase';
import { openStore } from '../../server/store/openStore';
import { SCHEMA_VERSION } from '../../server/store/sqlite/schema';
import { runServer, SERVER_SCRIPT, type ServerRun } from '../support/serverProcess';

const dir = mkdtempSync(join(tmpdir(), 'makan-write-lock-'));
const runs: ServerRun[] = [];
const holders: Database.Database[] = [];
afterAll(async () => {
  await Promise.all(runs.map((run) => run.stop()));
  for (const holder of holders) if (holder.open) holder.close();
  rmSync(dir, { recursive: true, force: true });
});

async function seededFile(name: string): Promise<string> {
  const file = join(dir, name);
  const { store } = await openStore(file);
  await seedStore(store, { totalPoints: 300 });
  store.close();
  return file;
}

/** Takes the write lock as an import does, and holds it until the returned connection commits. */
function holdWriteLock(file: string): Database.Database {
  const holder = new Database(file);
  holders.push(holder);
  holder.exec('BEGIN IMMEDIATE');
  holder.prepare("UPDATE meta SET value = value WHERE key = 'version'").run();
  return holder;
}

const port = () => String(21_400 + Math.floor(Math.random() * 500));

describe('starting while an import holds the write lock', () => {
  it('serves a current database at once, and a restarted process comes back without waiting', async () => {
    const file = await seededFile('current.db');
    const holder = holdWriteLock(file);
    const started = Date.now();
    // Before: the start waited for the lock for 60 s, then exited with "database is locked".
    const run = await runServer({ MAKAN_DB: file, PORT: port(), MAKAN_WORKERS: '2' }, { timeoutMs: 45_000 });
    runs.push(run);
    expect(run.exitCode, run.stderr).toBeNull();
    expect(Date.now() - started).toBeLessThan(45_000);
    expect(run.stderr).not.toContain('waiting');

    const workers = spawnSync('pgrep', ['-P', String(run.pid), '-f', SERVER_SCRIPT], { encoding: 'utf8' })
      .stdout.trim()
      .split('\n')
      .map(Number);
    expect(workers).toHaveLength(2);
    process.kill(workers[0]!, 'SIGKILL');
    await expect.poll(() => run.stdout.includes('starting another'), { timeout: 10_000 }).toBe(true);
    // The replacement warms and the server says ready again, the lock still held.
    await expect
      .poll(async () => (await fetch(`${run.url}api/health`)).status, { timeout: 40_000, interval: 200 })
      .toBe(200);
    await expect
      .poll(
        () =>
          spawnSync('pgrep', ['-P', String(run.pid), '-f', SERVER_SCRIPT])
            .stdout.toString()
            .trim()
            .split('\n'),
        {
          timeout: 10_000,
        },
      )
      .toHaveLength(2);
    expect(run.stderr).not.toMatch(/could not start|locked/);
    expect(holder.inTransaction).toBe(true);
    holder.exec('COMMIT');
  }, 120_000);

  it('says it waits when the database must be upgraded, and starts once the import is done', async () => {
    const file = await seededFile('older.db');
    // Made by the Makan before the last migration: it runs again (its statements are idempotent).
    const editor = new Database(file);
    editor.prepare("UPDATE meta SET value = ? WHERE key = 'schema_version'").run(String(SCHEMA_VERSION - 1));
    editor.close();
    const holder = holdWriteLock(file);
    let saidWaiting: () => void;
    const waiting = new Promise<void>((resolve) => (saidWaiting = resolve));
    const starting = runServer(
      { MAKAN_DB: file, PORT: port(), MAKAN_WORKERS: '1' },
      { timeoutMs: 60_000, onStderr: (stderr) => stderr.includes('waiting up to') && saidWaiting() },
    );
    // The import ends once the start has said that it waits for it.
    await waiting;
    holder.exec('COMMIT');
    const run = await starting;
    runs.push(run);
    expect(run.exitCode, run.stderr).toBeNull();
    expect(run.stderr).toMatch(/must be upgraded .* another process .* is writing to it: waiting up to 60 s/);
  }, 120_000);
});
