/**
 * A server process that cannot start again is not restarted forever: the primary backs off, then stops
 * with one line naming the last failure, and a non-zero exit a supervisor sees. A stop at any moment,
 * warm-up included, is quiet.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { copySeededSqlite, SEED_PAST_THE_CAP } from '../support/seededDatabases';
import { runServer, SERVER_SCRIPT, type ServerRun } from '../support/serverProcess';
import { WARMED_MESSAGE } from '../../server/points/warmUp';

const dir = mkdtempSync(join(tmpdir(), 'makan-respawn-'));
let run: ServerRun | null = null;
afterAll(async () => {
  await run?.stop();
  rmSync(dir, { recursive: true, force: true });
});

describe('a server process that keeps failing to start', () => {
  it('is restarted with a growing wait, then the primary stops and says why', async () => {
    const file = join(dir, 'makan.db');
    // A seeded copy: a first run's seeding is walked by health.test.ts and the README's commands, not here.
    await copySeededSqlite(1000, file);
    const port = String(19_700 + Math.floor(Math.random() * 200));
    run = await runServer({ MAKAN_DB: file, PORT: port, MAKAN_WORKERS: '2' }, { timeoutMs: 120_000 });
    expect(run.exitCode, run.stderr).toBeNull();
    // The database is replaced by a file that is not one: the running processes keep the old file open,
    // but a new process cannot open it.
    writeFileSync(join(dir, 'garbage'), 'not a database at all\n'.repeat(100));
    renameSync(join(dir, 'garbage'), file);
    const workers = spawnSync('pgrep', ['-P', String(run.pid), '-f', SERVER_SCRIPT], { encoding: 'utf8' })
      .stdout.trim()
      .split('\n')
      .map(Number);
    expect(workers).toHaveLength(2);
    const killedAt = Date.now();
    process.kill(workers[0]!, 'SIGKILL');

    expect(await run.exited).toBe(1);
    const tookMs = Date.now() - killedAt;
    // Four waits of 250, 500, 1000 and 2000 ms between the five failed starts: not one restart a second forever.
    expect(tookMs).toBeGreaterThan(3_500);
    const restarts = run.stdout
      .split('\n')
      .filter((line) => line.includes('a server process stopped; starting another'));
    expect(restarts.map((line) => (JSON.parse(line) as { restartInMs: number }).restartInMs)).toEqual([
      0, 250, 500, 1000, 2000,
    ]);
    const last = run.stderr.trim().split('\n').at(-1)!;
    expect(last).toMatch(
      /^makan: a server process failed to start 5 times in a row \(the last: MAKAN_DB=.*makan\.db .*\); stopping/,
    );
    expect(run.stderr).not.toMatch(/\n\s+at /);
    // The other process was stopped with it.
    await expect.poll(() => spawnSync('kill', ['-0', String(workers[1])]).status, { timeout: 15_000 }).not.toBe(0);
  }, 120_000);
});

describe('a stop during the warm-up', () => {
  it('is quiet: the log says it stopped, with no warning and no stack trace', async () => {
    const file = join(dir, 'large.db');
    // Enough locations that building them all takes longer than the stop below takes to arrive.
    await copySeededSqlite(SEED_PAST_THE_CAP, file);
    const port = String(19_900 + Math.floor(Math.random() * 90));
    const warming = await runServer(
      { MAKAN_DB: file, PORT: port, MAKAN_WORKERS: '1' },
      { timeoutMs: 120_000, until: /"url":"([^"]+)"[^\n]*listening at/ },
    );
    expect(warming.exitCode, warming.stderr).toBeNull();
    expect(warming.stdout).not.toContain(WARMED_MESSAGE);
    process.kill(warming.pid, 'SIGTERM');
    expect(await warming.exited).toBe(0);
    expect(warming.stdout).not.toContain(WARMED_MESSAGE);
    expect(warming.stdout).toMatch(/"msg":"shutting down"/);
    expect(warming.stdout).toMatch(/"msg":"warming stopped: the server is shutting down"/);
    const troubles = warming.stdout.split('\n').filter((line) => /"level":(40|50|60)/.test(line));
    expect(troubles).toEqual([]);
    expect(warming.stderr).toBe('');
  }, 180_000);
});
