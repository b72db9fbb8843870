/**
 * The README's commands run as a person runs them: `bash -c "…"` with the text as written, in a checkout
 * of this project of its own (the tracked and new files, sharing node_modules), so `npm start` has its own
 * dist/ and creates its own data/ there and a running server of the developer's is left alone.
 */
import { spawn, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { TEST_CLIENT_DIR, TEST_SERVER_DIR } from './paths';

/**
 * A copy of the project as a fresh clone would have it, plus uncommitted work, after its first build: node_modules
 * is shared, and dist/ and dist-server/ are the run's builds (tests/setup/testBuilds.ts), which `npm start` finds up
 * to date as it would its own (the same sources and VITE_ settings).
 */
export function makeCheckout(): { dir: string; remove(): void } {
  const root = resolve('.');
  const dir = mkdtempSync(join(tmpdir(), 'makan-checkout-'));
  const listed = spawnSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
    cwd: root,
    encoding: 'utf8',
  });
  if (listed.status !== 0) throw new Error(`git ls-files failed: ${listed.stderr}`);
  for (const file of listed.stdout.split('\0').filter(Boolean)) {
    mkdirSync(dirname(join(dir, file)), { recursive: true });
    try {
      cpSync(join(root, file), join(dir, file));
    } catch {
      // A file deleted from the work tree but not yet from the index: a clone of this work would not have it.
    }
  }
  symlinkSync(join(root, 'node_modules'), join(dir, 'node_modules'), 'dir');
  if (existsSync(TEST_CLIENT_DIR)) cpSync(TEST_CLIENT_DIR, join(dir, 'dist'), { recursive: true });
  if (existsSync(TEST_SERVER_DIR)) cpSync(TEST_SERVER_DIR, join(dir, 'dist-server'), { recursive: true });
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

export interface CommandResult {
  code: number;
  stdout: string;
  stderr: string;
  /** stderr without npm's own lines (its warnings and the "script failed" notes that follow ours). */
  ownErrors: string[];
}

const npmLine = /^(npm (warn|error|notice|ERR!)|\s*$)/;
const ownLines = (stderr: string) => stderr.split('\n').filter((line) => !npmLine.test(line));

const baseEnv = (env: Record<string, string>) => {
  const clean = { ...process.env };
  // What the test runner sets must not leak into the commands (a development build of React, Vitest's flags).
  for (const key of Object.keys(clean))
    if (key.startsWith('VITEST') || key === 'NODE_ENV' || key === 'MAKAN_DB') delete clean[key];
  return { ...clean, VITE_TILE_URL: '', MAKAN_LOG_LEVEL: 'info', ...env };
};

/** The command as a person types it, in a process group of its own (so a stop reaches npm's children too). */
function spawnShell(command: string, options: { cwd: string; env?: Record<string, string> }) {
  return spawn('bash', ['-c', command], {
    cwd: options.cwd,
    env: baseEnv(options.env ?? {}),
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
}

/** Runs a command to its end. */
export function runCommand(
  command: string,
  options: { cwd: string; env?: Record<string, string>; timeoutMs?: number },
): Promise<CommandResult> {
  return new Promise((done, fail) => {
    const child = spawnShell(command, options);
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const timer = setTimeout(() => {
      process.kill(-child.pid!, 'SIGKILL');
      fail(new Error(`${command} did not finish in time:\n${stdout}\n${stderr}`));
    }, options.timeoutMs ?? 120_000);
    // 'close', not 'exit': the last of the output may still be in the pipe when the process has exited.
    child.on('close', (code) => {
      clearTimeout(timer);
      done({ code: code ?? 1, stdout, stderr, ownErrors: ownLines(stderr) });
    });
  });
}

export interface RunningCommand {
  url: string;
  output(): string;
  /** SIGTERM to the whole process group (npm, its shell, the server and its workers); resolves on exit. */
  stop(): Promise<number>;
}

/**
 * Starts a long-running command (a server) and resolves once its output matches `ready` (the URL is the
 * pattern's first group), or rejects with what it printed if it exits or takes too long.
 */
export function startCommand(
  command: string,
  options: { cwd: string; env?: Record<string, string>; ready: RegExp; timeoutMs?: number },
): Promise<RunningCommand> {
  const child = spawnShell(command, options);
  let output = '';
  // 'close' waits for every process of the group to let go of the output, so what they said on the way out is read
  // ('exit' came first once, before the primary's "shutting down" line had been read).
  const exited = new Promise<number>((done) => child.on('close', (code) => done(code ?? 1)));
  const stop = async () => {
    // The whole group, even when its shell has gone: a server it started may still be running.
    try {
      process.kill(-child.pid!, 'SIGTERM');
    } catch {
      // already gone
    }
    return exited;
  };
  return new Promise((settle, fail) => {
    const timer = setTimeout(() => {
      void stop();
      fail(new Error(`${command} was not ready in time:\n${output}`));
    }, options.timeoutMs ?? 180_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = options.ready.exec(output);
      if (match) {
        clearTimeout(timer);
        settle({ url: match[1] ?? '', output: () => output, stop });
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    void exited.then((code) => {
      clearTimeout(timer);
      fail(new Error(`${command} exited ${code} before it was ready:\n${output}`));
    });
  });
}

export { SERVER_READY } from './serverProcess';
