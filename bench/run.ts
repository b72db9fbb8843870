/**
 * npm run bench [-- --points 1000000] [--stores sqlite] [--only map|search]
 * Prints LazyLoad (JSON and Makan's compact form), cluster and chart-data latencies (p50/p99) over HTTP for
 * the SQLite store, the PostgreSQL + PostGIS store and the plain baseline (one type's points in a
 * kdbush index on node:http, bench/plainServer.ts), all started side by side in the same run over the same
 * data, then requests/s under concurrent load (autocannon), start-up, event-loop stalls and resident memory.
 * Latencies are compared interleaved: each request goes to every server in turn before the next request.
 * Search is compared with a naive baseline (SQLite without its search index). Ratios within one run are
 * what to compare: these machines are shared and noisy.
 *
 * The data is built once and kept in bench/.data/: the SQLite database (seeded), its CSV export, and a
 * PostgreSQL cluster into which that CSV is imported with `npm run import` (timed, printed).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import pg from 'pg';
import { typeByRoute } from '../domain/locationTypes';
import { createRng } from '../server/seed/rng';
import { startCluster, type PgCluster } from '../tools/postgres/cluster';
import { ensure } from '../tools/provision/provision';
import { POSTGRES } from '../tools/provision/requirements';
import { ms, percentile } from './stats';
import { decodePoints, POINTS_MEDIA_TYPE } from '../domain/pointsWire';
import { LOCATION_TYPES } from '../domain/locationTypes';
import { PROVINCES } from '../domain/provinces';
import { greatCircleKm } from '../server/geo/greatCircle';
import { NAME_STEMS } from '../server/seed/vocabulary';
import { openDatabase } from '../server/store/sqlite/openDatabase';

const { values } = parseArgs({
  options: {
    points: { type: 'string', default: '1000000' },
    samples: { type: 'string', default: '200' },
    only: { type: 'string', default: 'all' },
    stores: { type: 'string', default: 'sqlite,postgis' },
  },
});
/** `--stores sqlite`: without the PostgreSQL store (its import of millions of rows takes long; SQLite is the default store). */
const withPostgis = values.stores!.split(',').includes('postgis');
/** `--only search`: just the search and nearest figures; `--only map`: just the map's and statistics' server figures. */
const only = values.only === 'search' || values.only === 'map' ? values.only : 'all';
const points = Number(values.points);
const samples = Number(values.samples);
const dbFile = `bench/.data/makan-${points}.db`;
const csvFile = `bench/.data/makan-${points}.csv`;
const pgDir = resolve(`bench/.data/pg-${points}`);
const XSRF = 'bench-token';

/** Runs a TypeScript file in a Node child directly (no npx in between, so killing the child kills the program). */
function node(script: string, args: string[], stdio: 'inherit' | 'pipe'): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', script, ...args], { stdio: ['ignore', stdio, 'inherit'] });
}

function run(script: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    node(script, args, 'inherit').on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`${script} exited ${code}`)),
    );
  });
}

const children = new Set<ChildProcess>();

function startServer(port: number, spec: string, kind: 'store' | 'naive' | 'plain'): Promise<ChildProcess> {
  return new Promise((resolve, reject) => {
    const child =
      kind === 'plain'
        ? node('bench/plainServer.ts', [spec, String(port), academy], 'pipe')
        : node('bench/serve.ts', [spec, String(port), kind], 'pipe');
    children.add(child);
    child.stdout!.on('data', (chunk: Buffer) => chunk.toString().includes('ready') && resolve(child));
    child.on('exit', (code) => {
      children.delete(child);
      reject(new Error(`bench server exited ${code}`));
    });
  });
}

/** Stops every server this run started and waits until each has exited. */
async function stopServers(): Promise<void> {
  await Promise.all(
    [...children].map(
      (child) =>
        new Promise<void>((resolve) => {
          child.once('exit', () => resolve());
          child.kill('SIGTERM');
        }),
    ),
  );
}

/** Boxes as a 1280x800 viewport sees them at that zoom, centred near dense cities. */
const CITIES: [number, number][] = [
  [35.69, 51.39],
  [36.3, 59.6],
  [32.65, 51.67],
  [29.61, 52.53],
  [38.08, 46.29],
  [34.64, 50.88],
  [31.32, 48.67],
];
function viewportBox(zoom: number, rng: ReturnType<typeof createRng>) {
  const [lat, lon] = rng.pick(CITIES);
  const width = (1280 / (512 * 2 ** zoom)) * 360;
  const height = width * (800 / 1280) * Math.cos((lat * Math.PI) / 180);
  const cLat = lat + (rng.next() - 0.5) * height * 0.5;
  const cLon = lon + (rng.next() - 0.5) * width * 0.5;
  return { MinLat: cLat - height / 2, MinLon: cLon - width / 2, MaxLat: cLat + height / 2, MaxLon: cLon + width / 2 };
}

/**
 * Uncompressed, like the plain baseline answers: comparisons with it measure the servers, not zlib.
 * (fetch would otherwise ask for gzip and deflate; the compressed figure is printed on its own line.)
 */
const headers: Record<string, string> = {
  'content-type': 'application/json',
  cookie: `XSRF-TOKEN=${XSRF}`,
  'x-xsrf-token': XSRF,
  'accept-encoding': 'identity',
};
const academy = typeByRoute('Academy')!.typeId;

interface Timing {
  p50: number;
  p99: number;
  rows: number;
  slowest: string;
  serverP50: number;
  serverP99: number;
}

/**
 * Times the same requests on several servers, interleaved: request i goes to each server in turn before
 * request i + 1, so a noisy spell on this shared machine falls on all of them alike rather than on whichever
 * server's block it hit. A null server (a store this run leaves out) gets null.
 */
async function timeTogether<const B extends readonly (string | null)[]>(
  bases: B,
  build: (i: number) => { path: string; init?: RequestInit },
  count = samples,
): Promise<{ [K in keyof B]: B[K] extends string ? Timing : Timing | null }> {
  const runs = bases.map(() => ({
    timings: [] as number[],
    serverTimings: [] as number[],
    rows: 0,
    slowest: { ms: 0, path: '' },
  }));
  for (let i = 0; i < count; i++) {
    const { path, init } = build(i);
    for (const [s, base] of bases.entries()) {
      if (base === null) continue;
      const run = runs[s]!;
      const started = performance.now();
      const response = await fetch(base + path, init);
      const compact = (response.headers.get('content-type') ?? '').startsWith(POINTS_MEDIA_TYPE);
      const body = compact ? await response.arrayBuffer() : ((await response.json()) as unknown[]);
      const took = performance.now() - started;
      run.timings.push(took);
      const serverTime = /dur=([\d.]+)/.exec(response.headers.get('server-timing') ?? '');
      if (serverTime) run.serverTimings.push(Number(serverTime[1]));
      if (took > run.slowest.ms) run.slowest = { ms: took, path: decodeURIComponent(path) };
      if (!response.ok) throw new Error(`${path}: ${response.status}`);
      // The plain baseline's compact body has no header: 12 bytes a point.
      run.rows +=
        body instanceof ArrayBuffer
          ? response.headers.has('etag')
            ? decodePoints(body).count
            : body.byteLength / 12
          : body.length;
    }
  }
  return runs.map((run, s) =>
    bases[s] === null
      ? null
      : {
          p50: percentile(run.timings, 50),
          p99: percentile(run.timings, 99),
          rows: run.rows / count,
          slowest: `${run.slowest.path} ${ms(run.slowest.ms)}`,
          serverP50: run.serverTimings.length ? percentile(run.serverTimings, 50) : NaN,
          serverP99: run.serverTimings.length ? percentile(run.serverTimings, 99) : NaN,
        },
  ) as { [K in keyof B]: B[K] extends string ? Timing : Timing | null };
}

function lazyLoad(zoom: number, compact = false, encoding = 'identity') {
  const rng = createRng(zoom);
  const asking = { ...headers, 'accept-encoding': encoding, ...(compact ? { accept: POINTS_MEDIA_TYPE } : {}) };
  return () => ({
    path: `/api/Map/LazyLoad/${academy}`,
    init: { method: 'POST', headers: asking, body: JSON.stringify(viewportBox(zoom, rng)) },
  });
}

function clusterRequest(zoom: number) {
  const rng = createRng(100 + zoom);
  return () => {
    const b = viewportBox(zoom, rng);
    return {
      path: `/api/TVTOBase/OrglocationMap/${academy}?zoom=${zoom}&minLat=${b.MinLat}&minLon=${b.MinLon}&maxLat=${b.MaxLat}&maxLon=${b.MaxLon}`,
    };
  };
}

const LOAD_ROUNDS = 3;

async function load(base: string, zoom: number): Promise<number> {
  const rng = createRng(7);
  const bodies = Array.from({ length: 200 }, () => JSON.stringify(viewportBox(zoom, rng)));
  const result = await autocannon({
    url: base,
    connections: 16,
    duration: 8,
    requests: bodies.map((body) => ({ method: 'POST', path: `/api/Map/LazyLoad/${academy}`, headers, body })),
  });
  if (result.non2xx > 0) throw new Error(`${result.non2xx} non-2xx answers under load`);
  return result.requests.average;
}

function chartData() {
  return () => ({
    path: `/api/TVTOBase/OrglocationChartData/${academy}`,
    init: { headers: { 'accept-encoding': 'identity' } },
  });
}

/** The benchmark's kept PostgreSQL cluster with the CSV imported (timed the first time). */
async function postgresWithData(): Promise<PgCluster> {
  const fresh = !existsSync(`${pgDir}/PG_VERSION`);
  if (fresh) mkdirSync(pgDir, { recursive: true });
  const cluster = await startCluster(ensure(POSTGRES), {
    dataDir: pgDir,
    initialise: fresh,
    keep: true,
    extraConfig: 'shared_buffers = 512MB\nwork_mem = 32MB',
  });
  const admin = new pg.Client(cluster.url('postgres'));
  await admin.connect();
  const exists = (await admin.query("SELECT 1 FROM pg_database WHERE datname = 'makan'")).rowCount === 1;
  if (!exists) await admin.query('CREATE DATABASE makan');
  await admin.end();
  const probe = new pg.Client(cluster.url('makan'));
  await probe.connect();
  const filled = await probe
    .query<{ n: string }>('SELECT count(*) AS n FROM location')
    .then((r) => Number(r.rows[0]!.n) === points)
    .catch(() => false);
  await probe.end();
  if (!filled) {
    console.log(`importing ${csvFile} into PostgreSQL (once; kept in ${pgDir}) ...`);
    await run('server/scripts/import.ts', [csvFile, '--db', cluster.url('makan')]);
  }
  return cluster;
}

/** What visitors type: name stems, province names, a type's whole prefix, a name with a number. */
const SEARCH_QUERIES = [
  ...NAME_STEMS.slice(0, 8),
  ...PROVINCES.slice(0, 8).map((p) => p.name_fa),
  'آموزشگاه آزاد',
  'کارگاه ۱۲',
  'هنر',
];
/** Two letters: below a trigram, so a scan on every store. */
const SHORT_QUERIES = ['نو', 'شه', 'مر', 'آز', 'سی'];
const SEARCH_SAMPLES = 50;
const searchRequest = (queries: readonly string[]) => (i: number) => ({
  path: `/api/search?q=${encodeURIComponent(queries[i % queries.length]!)}`,
});

function nearestPoints(): [number, number][] {
  const rng = createRng(99);
  return Array.from({ length: samples }, () => [25 + rng.next() * 14, 45 + rng.next() * 17]);
}
const nearestRequest = (points: [number, number][]) => (i: number) => ({
  path: `/api/nearest/${academy}?lat=${points[i]![0]}&lon=${points[i]![1]}`,
});

/** The strongest brute force: every Academy point in memory, each query a full pass keeping the ten nearest. */
function bruteForceNearest(points: [number, number][]): { p50: number; p99: number } {
  const { db } = openDatabase(dbFile, { readonly: true });
  const rows = db
    .prepare('SELECT lat, lon FROM location l JOIN location_type t ON t.id = l.type_id WHERE t.guid = ?')
    .raw(true)
    .all(academy) as [number, number][];
  db.close();
  const timings = points.map(([lat, lon]) => {
    const started = performance.now();
    const best: number[] = [];
    for (const [pLat, pLon] of rows) {
      const d = greatCircleKm(lat, lon, pLat, pLon);
      if (best.length < 10 || d < best[best.length - 1]!) {
        best.push(d);
        best.sort((a, b) => a - b);
        if (best.length > 10) best.pop();
      }
    }
    return performance.now() - started;
  });
  return { p50: percentile(timings, 50), p99: percentile(timings, 99) };
}

if (!existsSync(dbFile)) await run('server/scripts/seed.ts', ['--points', String(points), '--db', dbFile]);
// A database made before search existed is brought to the current schema once (the servers open it read-only).
openDatabase(dbFile).db.close();
if (withPostgis && !existsSync(csvFile)) await run('server/scripts/export.ts', ['--db', dbFile, '--out', csvFile]);
const cluster = withPostgis ? await postgresWithData() : null;
const sqlite = 'http://127.0.0.1:18181';
const naive = 'http://127.0.0.1:18182';
const postgis = withPostgis ? 'http://127.0.0.1:18183' : null;
const plain = 'http://127.0.0.1:18184';
const pids = new Map<string, number>();
const ratio = (a: number, b: number) => `${(a / b).toFixed(2)}x`;
/** Runs `f` on the PostgreSQL store's server, when this run has one. */
const onPostgis = <T>(f: (base: string) => Promise<T>): Promise<T | null> =>
  postgis ? f(postgis) : Promise.resolve(null);
/** ` | PostGIS <figures>` when this run has the PostgreSQL store, else nothing. */
const pgPart = (figures: () => string, label = 'PostGIS') => (postgis ? ` | ${label} ${figures()}` : '');
try {
  const startedAt = performance.now();
  pids.set(sqlite, (await startServer(18_181, dbFile, 'store')).pid!);
  const startSqlite = performance.now() - startedAt;
  await startServer(18_182, dbFile, 'naive');
  const pgAt = performance.now();
  if (postgis && cluster) pids.set(postgis, (await startServer(18_183, cluster.url('makan'), 'store')).pid!);
  const startPostgis = performance.now() - pgAt;
  const plainAt = performance.now();
  pids.set(plain, (await startServer(18_184, dbFile, 'plain')).pid!);
  const startPlain = performance.now() - plainAt;
  console.log(
    `Start-up to listening: SQLite ${ms(startSqlite)}${pgPart(() => ms(startPostgis))} | plain baseline (loads Academy into memory first) ${ms(startPlain)}`,
  );
  console.log(
    `${points.toLocaleString('en-US')} locations, Academy type, ${samples} sequential requests each; PostGIS/SQLite > 1 means PostGIS is slower`,
  );
  if (only !== 'search') {
    await storeFigures();
    await workerFigures();
  }
  if (only !== 'map') await searchFigures();
} finally {
  await stopServers();
  cluster?.stop();
}
// The browser figures, each script with its own server: pan frames per second, the list dialog at scale, then a
// visitor's first load on a slow link with Lighthouse's score.
if (only === 'all') {
  await run('bench/fps.ts', []);
  await run('bench/listOpen.ts', []);
  await run('bench/firstLoad.ts', []);
}

/** Resident memory of a server process (VmRSS), in MB. */
function residentMb(base: string): string {
  const status = readFileSync(`/proc/${pids.get(base)}/status`, 'utf8');
  return `${(Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024).toFixed(0)} MB`;
}

/**
 * The first request for a type builds its in-memory points (and, for clusters, its cluster index in a
 * worker thread). Timed, with /api/meta asked every 20 ms meanwhile: its worst answer is how long the
 * event loop was held.
 */
async function coldBuild(base: string, path: string): Promise<{ took: number; stall: number }> {
  let done = false;
  const probes: number[] = [];
  const probing = (async () => {
    while (!done) {
      const started = performance.now();
      await fetch(`${base}/api/meta`);
      probes.push(performance.now() - started);
      await new Promise((r) => setTimeout(r, 20));
    }
  })();
  const started = performance.now();
  await fetch(
    base + path,
    path.includes('LazyLoad')
      ? { method: 'POST', headers, body: JSON.stringify({ MinLat: 35.6, MinLon: 51.3, MaxLat: 35.8, MaxLon: 51.5 }) }
      : undefined,
  );
  const took = performance.now() - started;
  done = true;
  await probing;
  return { took, stall: Math.max(...probes) };
}

async function storeFigures(): Promise<void> {
  const lazyPath = `/api/Map/LazyLoad/${academy}`;
  const clusterPath = `/api/TVTOBase/OrglocationMap/${academy}?zoom=6&minLat=24&minLon=43&maxLat=40.5&maxLon=64`;
  for (const [label, path] of [
    ['points of Academy (first LazyLoad)', lazyPath],
    ['cluster index of Academy (first cluster request)', clusterPath],
  ] as const) {
    const a = await coldBuild(sqlite, path);
    const p = await onPostgis((base) => coldBuild(base, path));
    console.log(
      `Cold build, ${label}: SQLite ${ms(a.took)} (worst /api/meta meanwhile ${ms(a.stall)})${pgPart(() => `${ms(p!.took)} (worst /api/meta ${ms(p!.stall)})`)}`,
    );
  }
  await timeTogether([sqlite, postgis, plain], lazyLoad(10));
  for (const zoom of [10, 12]) {
    const [a, p, b] = await timeTogether([sqlite, postgis, plain], lazyLoad(zoom));
    console.log(
      `LazyLoad JSON zoom ${zoom}: SQLite p50 ${ms(a.p50)} p99 ${ms(a.p99)}${pgPart(() => `p50 ${ms(p!.p50)} p99 ${ms(p!.p99)}`)} | plain kdbush p50 ${ms(b.p50)} p99 ${ms(b.p99)} | SQLite/plain p50 ${ratio(a.p50, b.p50)} p99 ${ratio(a.p99, b.p99)}${pgPart(() => `p50 ${ratio(p!.p50, b.p50)} p99 ${ratio(p!.p99, b.p99)}`, 'PostGIS/plain')} | ${a.rows.toFixed(0)} rows avg`,
    );
  }
  {
    const [a, p] = await timeTogether([sqlite, postgis], lazyLoad(10, false, 'br'));
    console.log(
      `LazyLoad JSON zoom 10 brotli-compressed, as browsers ask (the plain baseline cannot): SQLite p50 ${ms(a.p50)} p99 ${ms(a.p99)}${pgPart(() => `p50 ${ms(p!.p50)} p99 ${ms(p!.p99)}`)}`,
    );
  }
  for (const zoom of [8, 10, 12]) {
    const [a, p, b] = await timeTogether([sqlite, postgis, plain], lazyLoad(zoom, true));
    console.log(
      `LazyLoad compact zoom ${zoom}: SQLite p50 ${ms(a.p50)} p99 ${ms(a.p99)}${pgPart(() => `p50 ${ms(p!.p50)} p99 ${ms(p!.p99)}`)} | plain binary p50 ${ms(b.p50)} p99 ${ms(b.p99)} | SQLite/plain p50 ${ratio(a.p50, b.p50)}${pgPart(() => `p50 ${ratio(p!.p50, b.p50)}`, 'PostGIS/plain')} | ${a.rows.toFixed(0)} points avg, none cut`,
    );
  }
  for (const zoom of [5, 6, 8]) {
    const [a, p] = await timeTogether([sqlite, postgis], clusterRequest(zoom));
    console.log(
      `Clusters zoom ${zoom}: SQLite p50 ${ms(a.p50)} p99 ${ms(a.p99)}${pgPart(() => `p50 ${ms(p!.p50)} p99 ${ms(p!.p99)}`)}${pgPart(() => `p50 ${ratio(p!.p50, a.p50)}`, 'PostGIS/SQLite')} | ${a.rows.toFixed(0)} bubbles avg`,
    );
  }
  {
    const [a, p] = await timeTogether([sqlite, postgis], chartData());
    console.log(
      `Chart data: SQLite p50 ${ms(a.p50)} p99 ${ms(a.p99)} (in the server, Server-Timing: p50 ${ms(a.serverP50)} p99 ${ms(a.serverP99)})${pgPart(() => `p50 ${ms(p!.p50)} p99 ${ms(p!.p99)} (in the server p50 ${ms(p!.serverP50)} p99 ${ms(p!.serverP99)})`)}${pgPart(() => `p50 ${ratio(p!.p50, a.p50)}`, 'PostGIS/SQLite')}`,
    );
  }
  // Three interleaved rounds, the median of each: one 8-s window on this shared machine can swing 2x either way.
  const rounds: { sqlite: number[]; postgis: number[]; plain: number[] } = { sqlite: [], postgis: [], plain: [] };
  for (let round = 0; round < LOAD_ROUNDS; round++) {
    rounds.sqlite.push(await load(sqlite, 12));
    if (postgis) rounds.postgis.push(await load(postgis, 12));
    rounds.plain.push(await load(plain, 12));
  }
  const rpsSqlite = percentile(rounds.sqlite, 50);
  const rpsPostgis = postgis ? percentile(rounds.postgis, 50) : null;
  const rpsPlain = percentile(rounds.plain, 50);
  console.log(
    `Load, LazyLoad JSON zoom 12, 16 connections, 8 s, one process each, median of ${LOAD_ROUNDS} interleaved rounds: SQLite ${rpsSqlite.toFixed(0)} req/s${pgPart(() => `${rpsPostgis!.toFixed(0)} req/s`)} | plain kdbush ${rpsPlain.toFixed(0)} req/s | SQLite/plain ${ratio(rpsSqlite, rpsPlain)}${pgPart(() => ratio(rpsPostgis!, rpsPlain), 'PostGIS/plain')}`,
  );
  // Every viewport type's points and cluster index built, as a long-running server ends up.
  const viewportTypes = LOCATION_TYPES.filter((t) => t.route !== '' && t.loadMode === 'viewport');
  for (const base of [sqlite, postgis]) {
    if (!base) continue;
    for (const type of viewportTypes) {
      await fetch(`${base}/api/Map/LazyLoad/${type.typeId}`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ MinLat: 35, MinLon: 51, MaxLat: 35.1, MaxLon: 51.1 }),
      });
      await fetch(
        `${base}/api/TVTOBase/OrglocationMap/${type.typeId}?zoom=6&minLat=24&minLon=43&maxLat=40.5&maxLon=64`,
      );
    }
  }
  console.log(
    `Resident memory with the points and cluster indexes of all ${viewportTypes.length} viewport types built: SQLite server ${residentMb(sqlite)}${pgPart(() => residentMb(postgis!), 'PostGIS server')} | plain baseline (Academy only) ${residentMb(plain)}`,
  );
}

/** `npm start`'s own server (server/main.ts) on the SQLite database with 1 and then 2 processes sharing the port. */
async function workerFigures(): Promise<void> {
  const rates: number[] = [];
  const firstAnswers: number[] = [];
  const warmedAfter: number[] = [];
  for (const workers of [1, 2]) {
    const base = 'http://127.0.0.1:18185';
    const spawnedAt = performance.now();
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      env: {
        ...process.env,
        PORT: '18185',
        MAKAN_DB: dbFile,
        MAKAN_WORKERS: String(workers),
        MAKAN_RATE_LIMIT: '1000000000',
        MAKAN_LOG_LEVEL: 'info',
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    // Each process logs once it has warmed every type's points and cluster index (server/points/warmUp.ts).
    let warmedProcesses = 0;
    const allWarm = new Promise<void>((resolve) => {
      child.stdout!.on('data', (chunk: Buffer) => {
        warmedProcesses += chunk
          .toString()
          .split('\n')
          .filter((line) => line.includes('in-memory points and cluster indexes warmed')).length;
        if (warmedProcesses >= workers) resolve();
      });
    });
    children.add(child);
    child.once('exit', () => children.delete(child));
    for (let ready = false; !ready;) {
      ready = await fetch(`${base}/api/meta`).then(
        (r) => r.ok,
        () => false,
      );
      if (!ready) await new Promise((r) => setTimeout(r, 50));
    }
    firstAnswers.push(performance.now() - spawnedAt);
    await allWarm;
    warmedAfter.push(performance.now() - spawnedAt);
    await load(base, 12);
    rates.push(await load(base, 12));
    await new Promise<void>((resolve) => {
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    });
  }
  console.log(
    `npm start's server over ${points.toLocaleString('en-US')} locations, from its start to its first answer (/api/meta): 1 process ${ms(firstAnswers[0]!)} | 2 processes ${ms(firstAnswers[1]!)}; to every type warmed in the background: 1 process ${ms(warmedAfter[0]!)} | 2 processes ${ms(warmedAfter[1]!)}`,
  );
  console.log(
    `npm start's server, LazyLoad zoom 12, 16 connections, 8 s after an 8-s warm-up: 1 process ${rates[0]!.toFixed(0)} req/s | 2 processes (MAKAN_WORKERS=2) ${rates[1]!.toFixed(0)} req/s | ${ratio(rates[1]!, rates[0]!)}`,
  );
}

async function searchFigures(): Promise<void> {
  for (const [label, queries] of [
    [`${SEARCH_QUERIES.length} queries of 3+ letters`, SEARCH_QUERIES],
    [`${SHORT_QUERIES.length} queries of 2 letters`, SHORT_QUERIES],
  ] as const) {
    const [sSqlite, sPostgis, sScan] = await timeTogether(
      [sqlite, postgis, naive],
      searchRequest(queries),
      SEARCH_SAMPLES,
    );
    console.log(
      `Search, ${label}, all types, 20 results: SQLite FTS5 p50 ${ms(sSqlite.p50)} p99 ${ms(sSqlite.p99)}${pgPart(() => `p50 ${ms(sPostgis!.p50)} p99 ${ms(sPostgis!.p99)}`, 'PostGIS pg_trgm')} | scan without index p50 ${ms(sScan.p50)} p99 ${ms(sScan.p99)} | scan/SQLite p50 ${ratio(sScan.p50, sSqlite.p50)}`,
    );
    console.log(`  slowest: SQLite ${sSqlite.slowest}${pgPart(() => sPostgis!.slowest)}`);
  }
  const near = nearestPoints();
  // The first request builds the type's point index (once per dataset version): timed apart.
  const coldStarted = performance.now();
  await fetch(`${sqlite}${nearestRequest(near)(0).path}`);
  const coldSqlite = performance.now() - coldStarted;
  await onPostgis((base) => fetch(`${base}${nearestRequest(near)(0).path}`));
  const coldPostgis = performance.now() - coldStarted - coldSqlite;
  console.log(
    `Nearest index build for Academy (first request): SQLite ${ms(coldSqlite)}${pgPart(() => ms(coldPostgis))}`,
  );
  const [nSqlite, nPostgis] = await timeTogether([sqlite, postgis], nearestRequest(near));
  const brute = bruteForceNearest(near);
  console.log(
    `Nearest 10 Academy (random points in Iran): SQLite p50 ${ms(nSqlite.p50)} p99 ${ms(nSqlite.p99)}${pgPart(() => `p50 ${ms(nPostgis!.p50)} p99 ${ms(nPostgis!.p99)}`)} | brute force in memory, no HTTP, p50 ${ms(brute.p50)} p99 ${ms(brute.p99)} | brute/SQLite p50 ${ratio(brute.p50, nSqlite.p50)}`,
  );
}
