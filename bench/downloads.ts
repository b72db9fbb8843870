/**
 * npm run bench:downloads [-- --points 100000 --store sqlite|postgres]
 * What downloads starting do to everyone else on their process: while 0, 1, 8 or 50 whole-dataset CSV
 * downloads start and stream (read as fast as the loopback takes them), a probe asks for /api/types one
 * request after another, and its worst and 99th-percentile waits are printed against the same probe with
 * no download running (the plain baseline), as ratios. One server process, over SQLite or the benchmark's
 * PostgreSQL cluster (bench/data.ts); the downloads are uncompressed, so the figures measure the export, not zlib.
 */
import { request } from 'node:http';
import { parseArgs } from 'node:util';
import { postgresWithData, sqliteWithData } from './data';
import { ServerPool } from './harness';
import { ms, percentile } from './stats';

const { values } = parseArgs({
  options: {
    points: { type: 'string', default: '100000' },
    seconds: { type: 'string', default: '4' },
    store: { type: 'string', default: 'sqlite' },
  },
});
if (values.store !== 'sqlite' && values.store !== 'postgres') throw new Error('--store is sqlite or postgres');
const cluster = values.store === 'postgres' ? await postgresWithData(Number(values.points)) : null;
const dbFile = cluster ? cluster.url('makan') : await sqliteWithData(Number(values.points));
const windowMs = Number(values.seconds) * 1000;
const port = 18_231;
const base = `http://127.0.0.1:${port}`;
const pool = new ServerPool();

/** One GET, its body thrown away as it arrives; resolves with how long it took (ms). */
function get(path: string, until?: { aborted: boolean }): Promise<number> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const req = request(`${base}${path}`, { agent: false }, (response) => {
      response.on('data', () => {
        if (until?.aborted) req.destroy();
      });
      response.on('end', () => resolve(performance.now() - started));
      response.on('close', () => resolve(performance.now() - started));
    });
    req.on('error', (error) => (until?.aborted ? resolve(performance.now() - started) : reject(error)));
    req.end();
  });
}

/** The probe's waits while `downloads` downloads start and run, for the window. */
async function probeWith(downloads: number, version: number): Promise<number[]> {
  const stop = { aborted: false };
  const running = Array.from({ length: downloads }, () => get(`/api/downloads/${version}/locations.csv`, stop));
  const waits: number[] = [];
  const end = performance.now() + windowMs;
  while (performance.now() < end) waits.push(await get('/api/types'));
  stop.aborted = true;
  await Promise.all(running);
  return waits;
}

try {
  await pool.start('bench/serve.ts', [dbFile, String(port), 'store']);
  const meta = JSON.parse(
    await new Promise<string>((resolve) => {
      request(`${base}/api/meta`, (response) => {
        let text = '';
        response.on('data', (chunk: Buffer) => (text += chunk.toString()));
        response.on('end', () => resolve(text));
      }).end();
    }),
  ) as { version: number; locations: number };
  // The probe's own path and the export's first pages are warm before anything is timed.
  await probeWith(1, meta.version);
  console.log(
    `${meta.locations.toLocaleString('en-US')} locations, one process (${values.store}), a probe GET /api/types after another for ${values.seconds} s while N whole-dataset CSV downloads start and stream`,
  );
  const idle = await probeWith(0, meta.version);
  const idleWorst = Math.max(...idle);
  const idleP99 = percentile(idle, 99);
  console.log(`no download (baseline): worst ${ms(idleWorst)}, p99 ${ms(idleP99)}, ${idle.length} probes`);
  for (const downloads of [1, 8, 50]) {
    const waits = await probeWith(downloads, meta.version);
    const worst = Math.max(...waits);
    const p99 = percentile(waits, 99);
    console.log(
      `${downloads} downloads: worst ${ms(worst)} (${(worst / idleWorst).toFixed(1)}x the baseline's), p99 ${ms(p99)}, ${waits.length} probes`,
    );
  }
} finally {
  await pool.stopAll();
  cluster?.stop();
}
