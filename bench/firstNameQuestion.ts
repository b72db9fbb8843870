/**
 * npm run bench:first-names [-- --points 1000000]
 * The first question that needs a type's names in order (an area's first names), asked of a server that
 * has the type's points (read from the snapshots an earlier start wrote) but no name order yet: how long the
 * answer takes (the order is computed in a worker) and the worst wait of a health check asked every few
 * milliseconds meanwhile, beside the worst wait in the second before (the plain baseline). A type's texts are
 * handed to the worker as a copy; posting them as they are would copy their whole snapshot file at once.
 * `npm start` orders every type's names while warming, before it says ready; the servers asked here do not
 * warm, as when warming stopped short of its memory budget, and read the type's points first.
 */
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { sqliteWithData } from './data';
import { JSON_HEADERS, ServerPool } from './harness';
import { ACADEMY, LAZY_LOAD_PATH } from './requests';
import { ms } from './stats';

const { values } = parseArgs({ options: { points: { type: 'string', default: '1000000' } } });
const PORT = 18_391;
const BASE = `http://127.0.0.1:${PORT}`;
const RUNS = 3;
/** Around Tehran: tens of thousands of Academy locations at 1M. */
const AREA = {
  Polygon: [
    [51.2, 35.5],
    [51.6, 35.5],
    [51.6, 35.9],
    [51.2, 35.9],
  ],
};

const db = await sqliteWithData(Number(values.points));
const servers = new ServerPool();
const snapshots = mkdtempSync(join(tmpdir(), 'makan-bench-names-'));
process.env['MAKAN_SNAPSHOT_DIR'] = snapshots;
process.env['MAKAN_BENCH_WARM_UP'] = '1';
try {
  // The first start warms, writing the points snapshots; the later ones do not (they inherit this at spawn).
  await servers.stop(await startReady());
  delete process.env['MAKAN_BENCH_WARM_UP'];
  console.log(`first name-ordered question after a start from snapshots, ${values.points} points (${RUNS} runs):`);
  for (let run = 0; run < RUNS; run++) {
    for (const file of readdirSync(snapshots)) if (file.startsWith('names')) rmSync(join(snapshots, file));
    const server = await startReady();
    try {
      await readPoints();
      console.log(`  ${await firstQuestion()}`);
    } finally {
      await servers.stop(server);
    }
  }
} finally {
  await servers.stopAll();
  rmSync(snapshots, { recursive: true, force: true });
}

async function firstQuestion(): Promise<string> {
  let worst = 0;
  let pinging = true;
  const pinger = (async () => {
    while (pinging) {
      const started = performance.now();
      await (await fetch(`${BASE}/api/health`)).arrayBuffer();
      worst = Math.max(worst, performance.now() - started);
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
  })();
  await new Promise((resolve) => setTimeout(resolve, 1_000));
  const idle = worst;
  worst = 0;
  const started = performance.now();
  const response = await fetch(`${BASE}/api/area/${ACADEMY}`, {
    method: 'POST',
    headers: JSON_HEADERS,
    body: JSON.stringify(AREA),
  });
  if (!response.ok) throw new Error(`area: ${response.status}`);
  const { Count } = (await response.json()) as { Count: number };
  const took = performance.now() - started;
  pinging = false;
  await pinger;
  return `${Count} locations in the area: answer ${ms(took)} | worst health answer meanwhile ${ms(worst)} (in the second before: ${ms(idle)})`;
}

/** The type's points, read from their snapshot by a small LazyLoad, and a second for the process to settle. */
async function readPoints(): Promise<void> {
  const box = { MinLat: 35.7, MinLon: 51.4, MaxLat: 35.71, MaxLon: 51.41 };
  const response = await fetch(`${BASE}${LAZY_LOAD_PATH}`, {
    method: 'POST',
    headers: JSON_HEADERS,
    body: JSON.stringify(box),
  });
  if (!response.ok) throw new Error(`LazyLoad: ${response.status}`);
  await response.arrayBuffer();
  await new Promise((resolve) => setTimeout(resolve, 1_000));
}

/** A server started as `npm start` starts one, once its health says ready. */
async function startReady() {
  const child = await servers.start('bench/serve.ts', [db, String(PORT), 'store']);
  while (!(await fetch(`${BASE}/api/health`)).ok) await new Promise((resolve) => setTimeout(resolve, 200));
  return child;
}
