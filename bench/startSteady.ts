/**
 * npm run bench:start [-- --points 1000000]
 * From a server process listening to it answering at steady speed, as `npm start` warms: without points
 * snapshots (every type read from the store and its k-d tree built), then again on the same dataset with the
 * snapshots the first start wrote. Right after "listening", LazyLoad at spec zoom 10 and 12 and chart data are
 * asked in turn, one at a time; "steady" is when, from then on, every run of 9 answers of each kind has its
 * median within 1.2x (plus 2 ms of timer noise) of that kind's median over the 30 seconds after warming, the
 * warm figures. Also printed: each kind's first answer, and when /api/health first said "ready" (every type
 * warmed, cluster indexes included).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { sqliteWithData } from './data';
import { node, type RequestBuilder } from './harness';
import { chartData, lazyLoad } from './requests';
import { ms, percentile } from './stats';

const { values } = parseArgs({ options: { points: { type: 'string', default: '1000000' } } });
const points = Number(values.points);
const PORT = 18_291;
const BASE = `http://127.0.0.1:${PORT}`;
const WARM_WINDOW_MS = 30_000;
/** Answers of a kind whose median decides whether it runs at steady speed. */
const WINDOW = 9;
const KINDS: [string, RequestBuilder][] = [
  ['LazyLoad z10', lazyLoad(10)],
  ['LazyLoad z12', lazyLoad(12)],
  ['chart data', chartData()],
];

interface Sample {
  kind: string;
  at: number;
  took: number;
}

async function startOnce(dbFile: string): Promise<{ steady: number; ready: number; warm: string; first: string }> {
  const child = node('bench/serve.ts', [dbFile, String(PORT), 'store'], 'pipe');
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => chunk.toString().includes('ready') && resolve());
    child.on('exit', (code) => reject(new Error(`server exited ${code}`)));
  });
  const listening = performance.now();
  const samples: Sample[] = [];
  let ready = NaN;
  let warmSince = Infinity;
  try {
    for (let i = 0; performance.now() - warmSince < WARM_WINDOW_MS; i++) {
      for (const [kind, build] of KINDS) {
        const { path, init } = build(i);
        const started = performance.now();
        const response = await fetch(BASE + path, init);
        await response.arrayBuffer();
        if (!response.ok) throw new Error(`${kind}: ${response.status}`);
        samples.push({ kind, at: started - listening, took: performance.now() - started });
      }
      if (Number.isNaN(ready)) {
        const health = await fetch(`${BASE}/api/health`);
        await health.arrayBuffer();
        if (health.status === 200) {
          ready = performance.now() - listening;
          warmSince = performance.now();
        }
      }
    }
  } finally {
    child.kill('SIGTERM');
  }
  const warmFrom = warmSince - listening;
  let steady = 0;
  const warmText: string[] = [];
  const firstText: string[] = [];
  for (const [kind] of KINDS) {
    const own = samples.filter((s) => s.kind === kind);
    const warm = percentile(
      own.filter((s) => s.at >= warmFrom).map((s) => s.took),
      50,
    );
    warmText.push(`${kind} ${ms(warm)}`);
    firstText.push(`${kind} ${ms(own[0]!.took)}`);
    // Steady from the first answer after which every run of WINDOW answers has its median within the bound:
    // a single slow answer on a shared machine is noise, a run of them is not.
    const bound = warm * 1.2 + 2;
    let from = own.length;
    for (let i = own.length - WINDOW; i >= 0; i--) {
      if (
        percentile(
          own.slice(i, i + WINDOW).map((s) => s.took),
          50,
        ) > bound
      )
        break;
      from = i;
    }
    steady = Math.max(steady, from < own.length ? own[from]!.at : Infinity);
  }
  return { steady, ready, warm: warmText.join(', '), first: firstText.join(', ') };
}

const dbFile = await sqliteWithData(points);
const snapshotDir = mkdtempSync(join(tmpdir(), 'makan-bench-snapshots-'));
process.env['MAKAN_BENCH_WARM_UP'] = '1';
process.env['MAKAN_SNAPSHOT_DIR'] = snapshotDir;
try {
  const cold = await startOnce(dbFile);
  const fromSnapshots = await startOnce(dbFile);
  console.log(
    `${points.toLocaleString('en-US')} locations, SQLite, warming as npm start does; steady = from then on, the median of every 9 answers within 1.2x + 2 ms of warm`,
  );
  console.log(
    `Start without snapshots: steady ${ms(cold.steady)} after listening | health ready ${ms(cold.ready)} | first answers: ${cold.first} | warm: ${cold.warm}`,
  );
  console.log(
    `Start from snapshots:    steady ${ms(fromSnapshots.steady)} after listening | health ready ${ms(fromSnapshots.ready)} | first answers: ${fromSnapshots.first} | warm: ${fromSnapshots.warm}`,
  );
} finally {
  rmSync(snapshotDir, { recursive: true, force: true });
}
