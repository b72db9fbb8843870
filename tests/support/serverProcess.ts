/**
 * Runs the built server (what `npm start` serves with: tools/build/serverBuild.ts) as its own process, as an operator
 * would, and the command-line scripts built beside it.
 */
import { spawn, spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { SERVER_ENTRY, type ScriptEntry } from '../../tools/build/serverBuild';
import { TEST_SERVER_DIR } from './paths';

/** The server's script: its processes' command lines name it (a worker process's too). */
export const SERVER_SCRIPT = join(TEST_SERVER_DIR, SERVER_ENTRY);

/** A command-line script in the run's server build (tools/build/serverBuild.ts SCRIPT_ENTRIES). */
export const builtScript = (script: ScriptEntry): string => join(TEST_SERVER_DIR, `${script}.js`);

/**
 * Runs a command-line script (`npm run import`'s, `npm run export`'s) from the run's server build, as its own
 * process, and waits for it; `input` is piped on its standard input. What it does is the source's: the build is made
 * from it for the run (tests/setup/testBuilds.ts). The README's own commands are run as written elsewhere
 * (tests/api/readmeCommands.test.ts).
 */
export function runScript(script: ScriptEntry, args: string[], input?: Buffer) {
  const result = spawnSync(process.execPath, [builtScript(script), ...args], {
    encoding: 'utf8',
    input,
  });
  return { code: result.status, out: result.stdout, err: result.stderr };
}

/** The ready line of `npm start` and `npm run serve`, with the URL it serves as the first group. */
export const SERVER_READY = /"url":"([^"]+)"[^\n]*Makan is ready at/;

export interface ServerRun {
  /** Null while it is still running (it came up). */
  exitCode: number | null;
  stdout: string;
  stderr: string;
  url: string | null;
  pid: number;
  /** Resolves with the exit code (1 for a signal) once the process has exited. */
  exited: Promise<number>;
  stop(): Promise<void>;
}

/**
 * Starts the server with these variables and resolves once it is ready (or its output matches `until`, whose
 * first group is the URL) or has exited.
 * `onStderr` is told the standard error so far each time it grows, while the server starts and after.
 * `asUser` runs it as another system user (a test as root uses it to lose root's way past permissions);
 * `wrap` runs the command line it is given instead (the server's process is the one it finally executes).
 */
export function runServer(
  env: Record<string, string>,
  options: {
    asUser?: string;
    wrap?: (commandLine: string[]) => string[];
    timeoutMs?: number;
    until?: RegExp;
    onStderr?: (stderr: string) => void;
  } = {},
): Promise<ServerRun> {
  const args = [SERVER_SCRIPT];
  const plain = options.asUser
    ? ['setpriv', '--reuid', options.asUser, '--regid', 'nogroup', '--clear-groups', process.execPath, ...args]
    : [process.execPath, ...args];
  const [command, ...commandArgs] = options.wrap ? options.wrap(plain) : plain;
  const child = spawn(command!, commandArgs, {
    env: { ...process.env, MAKAN_LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // 'close' rather than 'exit' throughout: it comes once the output (and any worker's) has all been read.
  const exited = new Promise<number>((done) => child.on('close', (code) => done(code ?? 1)));
  const run: ServerRun = {
    exitCode: null,
    stdout: '',
    stderr: '',
    url: null,
    pid: child.pid!,
    exited,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
  return new Promise((settle, fail) => {
    const timer = setTimeout(
      () => fail(new Error(`server neither ready nor exited in time:\n${run.stdout}\n${run.stderr}`)),
      options.timeoutMs ?? 60_000,
    );
    child.stdout.on('data', (chunk: Buffer) => {
      run.stdout += chunk.toString();
      const ready = (options.until ?? SERVER_READY).exec(run.stdout);
      if (ready && run.url === null) {
        run.url = ready[1]!;
        clearTimeout(timer);
        settle(run);
      }
    });
    child.stderr.on('data', (chunk: Buffer) => {
      run.stderr += chunk.toString();
      options.onStderr?.(run.stderr);
    });
    child.on('close', (code) => {
      run.exitCode = code ?? 1;
      clearTimeout(timer);
      settle(run);
    });
  });
}
