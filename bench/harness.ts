/**
 * What the server benchmarks share: starting and stopping benchmark servers, timing the same requests on
 * several of them interleaved, and reading a process's memory. Figures are compared as ratios within one run.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { decodePoints, POINTS_MEDIA_TYPE } from '../domain/pointsWire';
import { benchServerFile, type BenchServer } from './benchBuild';
import { bodyOf, headerOf, send, type SendInit } from './send';
import { ms, percentile } from './stats';

/**
 * A Node child run directly (no npx in between, so killing the child kills the program). The child is stopped
 * when this process exits, on an error too: a benchmark that fails midway leaves no server holding its port for
 * the next run.
 */
function nodeChild(argv: string[], stdio: 'inherit' | 'pipe'): ChildProcess {
  const child = spawn(process.execPath, argv, { stdio: ['ignore', stdio, 'inherit'] });
  const stop = () => child.kill('SIGTERM');
  process.once('exit', stop);
  child.once('exit', () => process.off('exit', stop));
  return child;
}

/** Runs a TypeScript file from its source (a data generator, a script), through tsx. */
export function node(script: string, args: string[], stdio: 'inherit' | 'pipe'): ChildProcess {
  return nodeChild(['--import', 'tsx', script, ...args], stdio);
}

/** Runs one of the benchmarks' servers from its build, as `npm start` runs the server (bench/benchBuild.ts). */
export async function benchServer(
  script: BenchServer,
  args: string[],
  stdio: 'inherit' | 'pipe',
): Promise<ChildProcess> {
  return nodeChild([await benchServerFile(script), ...args], stdio);
}

/** Runs a TypeScript file to its end; rejects on a non-zero exit. */
export function runScript(script: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    node(script, args, 'inherit').on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`${script} exited ${code}`)),
    );
  });
}

/** The servers one benchmark run started, each stopped at its end. */
export class ServerPool {
  private readonly children = new Set<ChildProcess>();

  /** Starts the server `script args` and resolves once it prints `ready` (`readyText`). */
  async start(script: BenchServer, args: string[], readyText = 'ready'): Promise<ChildProcess> {
    const child = await benchServer(script, args, 'pipe');
    this.adopt(child);
    return new Promise((resolve, reject) => {
      child.stdout!.on('data', (chunk: Buffer) => chunk.toString().includes(readyText) && resolve(child));
      child.on('exit', (code) => reject(new Error(`bench server ${script} exited ${code}`)));
    });
  }

  /** Stops it with the others at the end (or earlier, through stop). */
  adopt(child: ChildProcess): void {
    this.children.add(child);
    child.once('exit', () => this.children.delete(child));
  }

  /** Stops one server and waits until it has exited. */
  stop(child: ChildProcess): Promise<void> {
    return new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    });
  }

  /** Stops every server and waits until each has exited. */
  async stopAll(): Promise<void> {
    await Promise.all([...this.children].map((child) => this.stop(child)));
  }
}

export const XSRF = 'bench-token';
/**
 * Uncompressed, like the plain baseline answers: comparisons with it measure the servers, not zlib.
 * (the compressed figure is printed on its own line.)
 */
export const JSON_HEADERS: Record<string, string> = {
  'content-type': 'application/json',
  cookie: `XSRF-TOKEN=${XSRF}`,
  'x-xsrf-token': XSRF,
  'accept-encoding': 'identity',
};

export interface Timing {
  p50: number;
  p99: number;
  rows: number;
  slowest: string;
  serverP50: number;
  serverP99: number;
}

export type RequestBuilder = (i: number) => { path: string; init?: SendInit };

/**
 * Times the same requests on several servers, interleaved: request i goes to each server in turn before
 * request i + 1, so a noisy spell on this shared machine falls on all of them alike rather than on whichever
 * server's block it hit. A null server (a store this run leaves out) gets null.
 */
export async function timeTogether<const B extends readonly (string | null)[]>(
  bases: B,
  build: RequestBuilder,
  count: number,
): Promise<{ [K in keyof B]: B[K] extends string ? Timing : Timing | null }> {
  return timeInterleaved(
    bases.map((base) => (base === null ? null : { base, build })),
    count,
  ) as Promise<{ [K in keyof B]: B[K] extends string ? Timing : Timing | null }>;
}

/**
 * Times several kinds of request, each on its server, interleaved as `timeTogether` does: two builders
 * seeded alike ask for the same boxes, so one server's filtered and unfiltered answers compare fairly.
 */
export async function timeInterleaved(
  runsAsked: readonly ({ base: string; build: RequestBuilder } | null)[],
  count: number,
): Promise<(Timing | null)[]> {
  const runs = runsAsked.map(() => ({
    timings: [] as number[],
    serverTimings: [] as number[],
    rows: 0,
    slowest: { ms: 0, path: '' },
  }));
  for (let i = 0; i < count; i++) {
    for (const [s, asked] of runsAsked.entries()) {
      if (asked === null) continue;
      const { path, init } = asked.build(i);
      const run = runs[s]!;
      const started = performance.now();
      const response = await send(asked.base + path, init);
      const compact = headerOf(response, 'content-type').startsWith(POINTS_MEDIA_TYPE);
      // Read as a client would, inside the timing: decompressed, a compact body as it is, JSON parsed.
      const read = bodyOf(response);
      const body = compact ? new Uint8Array(read).buffer : (JSON.parse(read.toString()) as unknown[]);
      const took = performance.now() - started;
      run.timings.push(took);
      const serverTime = /dur=([\d.]+)/.exec(headerOf(response, 'server-timing'));
      if (serverTime) run.serverTimings.push(Number(serverTime[1]));
      if (took > run.slowest.ms) run.slowest = { ms: took, path: decodeURIComponent(path) };
      if (!response.ok) throw new Error(`${path}: ${response.status}`);
      // The plain baseline's compact body has no header: 12 bytes a point.
      run.rows +=
        body instanceof ArrayBuffer
          ? headerOf(response, 'etag')
            ? decodePoints(body).count
            : body.byteLength / 12
          : body.length;
    }
  }
  return runs.map((run, s) =>
    runsAsked[s] === null
      ? null
      : {
          p50: percentile(run.timings, 50),
          p99: percentile(run.timings, 99),
          rows: run.rows / count,
          slowest: `${run.slowest.path} ${ms(run.slowest.ms)}`,
          serverP50: run.serverTimings.length ? percentile(run.serverTimings, 50) : NaN,
          serverP99: run.serverTimings.length ? percentile(run.serverTimings, 99) : NaN,
        },
  );
}

export const ratio = (a: number, b: number) => `${(a / b).toFixed(2)}x`;

/** Resident memory of a process (VmRSS), in MB. */
export function residentMb(pid: number): string {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return `${(Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024).toFixed(0)} MB`;
}
