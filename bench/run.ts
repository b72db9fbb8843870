/**
 * npm run bench [-- --points 1000000] [--stores sqlite] [--only map|search|coverage|plan|tiles]
 * Prints LazyLoad (JSON and Makan's compact form), cluster and chart-data latencies (p50/p99) over HTTP for
 * the SQLite store, the PostgreSQL + PostGIS store and the plain baseline (one type's points in a
 * kdbush index on node:http, bench/plainServer.ts), all started side by side in the same run over the same
 * data, then requests/s under concurrent load (autocannon), start-up, event-loop stalls and resident memory.
 * Latencies are compared interleaved (harness.ts). Search is compared with a naive baseline (SQLite without
 * its search index). Every zoom is a spec zoom (256-px tiles). Ratios within one run are what to compare:
 * these machines are shared and noisy. The data is built once and kept in bench/.data/ (data.ts).
 */
import { parseArgs } from 'node:util';
import { postgresWithData, sqliteWithData } from './data';
import type { BenchServer } from './benchBuild';
import { runScript, ServerPool } from './harness';
import { ACADEMY } from './requests';
import { ms } from './stats';
import type { BenchContext } from './suites/context';
import { coverageFigures } from './suites/coverageFigures';
import { mapFigures } from './suites/mapFigures';
import { planFigures } from './suites/planFigures';
import { searchFigures } from './suites/searchFigures';
import { tileFigures } from './suites/tileFigures';
import { workerFigures } from './suites/workerFigures';

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
/**
 * `--only search`: just the search and nearest figures; `--only map`: just the map's and statistics' server
 * figures; `--only coverage`: just coverage; `--only plan`: just what-if plans and suggested sites; `--only tiles`:
 * just the map's tiles of points against the plain box query.
 */
const ONLY = ['search', 'map', 'coverage', 'plan', 'tiles'] as const;
const only = ONLY.find((name) => name === values.only) ?? 'all';
const points = Number(values.points);

const dbFile = await sqliteWithData(points);
const cluster = withPostgis ? await postgresWithData(points) : null;
const pool = new ServerPool();
const context: BenchContext = {
  points,
  samples: Number(values.samples),
  dbFile,
  pool,
  sqlite: 'http://127.0.0.1:18181',
  naive: 'http://127.0.0.1:18182',
  postgis: cluster ? 'http://127.0.0.1:18183' : null,
  plain: 'http://127.0.0.1:18184',
  pids: new Map(),
};
const portOf = (base: string) => new URL(base).port;
/** Starts a server and returns how long it took to listen. */
async function timedStart(base: string, script: BenchServer, args: string[]): Promise<number> {
  const startedAt = performance.now();
  const child = await pool.start(script, args);
  context.pids.set(base, child.pid!);
  return performance.now() - startedAt;
}
try {
  const startSqlite = await timedStart(context.sqlite, 'bench/serve.ts', [dbFile, portOf(context.sqlite), 'store']);
  await timedStart(context.naive, 'bench/serve.ts', [dbFile, portOf(context.naive), 'naive']);
  const startPostgis =
    context.postgis && cluster
      ? await timedStart(context.postgis, 'bench/serve.ts', [cluster.url('makan'), portOf(context.postgis), 'store'])
      : 0;
  const startPlain = await timedStart(context.plain, 'bench/plainServer.ts', [dbFile, portOf(context.plain), ACADEMY]);
  console.log(
    `Start-up to listening: SQLite ${ms(startSqlite)}${context.postgis ? ` | PostGIS ${ms(startPostgis)}` : ''} | plain baseline (loads Academy into memory first) ${ms(startPlain)}`,
  );
  console.log(
    `${points.toLocaleString('en-US')} locations, Academy type, ${context.samples} sequential requests each; PostGIS/SQLite > 1 means PostGIS is slower`,
  );
  if (only === 'all' || only === 'map') {
    await mapFigures(context);
    await workerFigures(context);
  }
  if (only === 'all' || only === 'search') await searchFigures(context);
  if (only === 'all' || only === 'coverage') await coverageFigures(context);
  if (only === 'all' || only === 'plan') await planFigures(context);
  if (only === 'all' || only === 'tiles') await tileFigures(context);
} finally {
  await pool.stopAll();
  cluster?.stop();
}
// The browser figures, each script with its own server: pan frames per second, the list dialog at scale, then a
// visitor's first load on a slow link with Lighthouse's score.
if (only === 'all') {
  await runScript('bench/fps.ts', []);
  await runScript('bench/listOpen.ts', []);
  await runScript('bench/firstLoad.ts', []);
}
