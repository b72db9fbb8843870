/**
 * npm run bench:holds [-- --points 1000000 --store sqlite|postgres]
 * The heaviest questions anyone may ask of one server process, each asked once, in turn, while a probe asks
 * `/api/health` every 10 ms: the answer's time and the longest the probe waited, beside the probe alone (the plain
 * baseline). A long wait is the event loop held for every visitor of the process, whoever asked. The server is
 * warmed as `npm start` warms it (points, name orders, then the trade indexes) before anything is timed; each
 * question is its first of the process, as after a start or an import, when nothing of it is kept yet; the warm-up
 * itself is probed the same way. Timed with `node:http`, the answers gzip-compressed as a browser takes them.
 */
import { request, Agent } from 'node:http';
import { parseArgs } from 'node:util';
import { typeByRoute } from '../domain/locationTypes';
import { postgresWithData, sqliteWithData } from './data';
import { JSON_HEADERS, ServerPool } from './harness';
import { ms } from './stats';

const { values } = parseArgs({
  options: {
    points: { type: 'string', default: '1000000' },
    store: { type: 'string', default: 'sqlite' },
  },
});
if (values.store !== 'sqlite' && values.store !== 'postgres') throw new Error('--store is sqlite or postgres');
const points = Number(values.points);
const cluster = values.store === 'postgres' ? await postgresWithData(points) : null;
const db = cluster ? cluster.url('makan') : await sqliteWithData(points);
const port = 18_239;
const agent = new Agent({ keepAlive: true });

/** One GET (or, with a body, a POST of JSON), its answer read and thrown away: its time (ms), status and bytes. */
function get(path: string, body?: unknown): Promise<{ ms: number; status: number; bytes: number }> {
  const started = performance.now();
  const headers = body === undefined ? { 'accept-encoding': 'gzip' } : { ...JSON_HEADERS, 'accept-encoding': 'gzip' };
  return new Promise((resolve, reject) => {
    const method = body === undefined ? 'GET' : 'POST';
    request({ host: '127.0.0.1', port, path, agent, method, headers }, (response) => {
      let bytes = 0;
      response.on('data', (chunk: Buffer) => (bytes += chunk.length));
      response.on('end', () => resolve({ ms: performance.now() - started, status: response.statusCode!, bytes }));
    })
      .on('error', reject)
      .end(body === undefined ? undefined : JSON.stringify(body));
  });
}

/** An area of 500 corners over most of Iran, as a hand on the map may draw one. */
const WIDE_AREA = {
  Polygon: Array.from({ length: 500 }, (_, i) => {
    const angle = (2 * Math.PI * i) / 500;
    return [53 + 12 * Math.cos(angle), 32.5 + 9 * Math.sin(angle)];
  }),
};

/** The longest a health check waited, one every 10 ms, while `work` ran. */
async function probed(work: () => Promise<unknown>): Promise<number> {
  let worst = 0;
  let running = true;
  const probe = (async () => {
    while (running) {
      worst = Math.max(worst, (await get('/api/health')).ms);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  })();
  await new Promise((resolve) => setTimeout(resolve, 100));
  await work();
  running = false;
  await probe;
  return worst;
}

const academy = typeByRoute('Academy')!.typeId;
const q = encodeURIComponent;
const WOMEN = q('زنانه');
/** Questions, each a different heavy path; filters that few or no locations pass are the costly kind. */
const QUESTIONS: [string, string, unknown?][] = [
  ['the largest type whole (gateway JSON)', `/api/Map/BindByOrglocationTypeID/${academy}`],
  [
    'its clusters over the country at zoom 16',
    `/api/TVTOBase/OrglocationMap/${academy}?zoom=16&minLat=24&minLon=43&maxLat=40.5&maxLon=64`,
  ],
  ['its list of every province', `/api/TVTOBase/OrglocationByTypeAndOstan/${academy}/All`],
  ['coverage, for women', `/api/coverage/${academy}?km=25&gender=${WOMEN}`],
  ['coverage, under filters none passes', `/api/coverage/${academy}?km=25&gender=${WOMEN}&legal=none`],
  ['equity by county, under filters none passes', `/api/equity/${academy}?km=20&level=county&legal=none`],
  ['a plan, under filters none passes', `/api/plan/${academy}?km=20&legal=none`],
  ['the nearest, under filters none passes', `/api/nearest/${academy}?lat=35.7&lon=51.4&legal=none`],
  ['a question asked in words', `/api/ask?q=${q('آموزشگاه خیاطی زنانه بجنورد')}`],
  ['a one-letter search', `/api/search?q=${q('م')}`],
  ['a type as CSV', `/api/downloads/latest/locations.csv?type=Centers`],
  ['what lies in a wide area', `/api/area/${academy}`, WIDE_AREA],
  ['the same as CSV', `/api/area/${academy}?format=csv`, WIDE_AREA],
];

const pool = new ServerPool();
try {
  process.env['MAKAN_BENCH_WARM_UP'] = '1';
  const server = await pool.start('bench/serve.ts', [db, String(port), 'store']);
  // The warm-up itself (points, name orders, then the trade indexes) is probed too: it runs beside visitors.
  const warmed = probed(
    () =>
      new Promise<void>((resolve) =>
        server.stdout!.on('data', (chunk: Buffer) => chunk.toString().includes('trades warmed') && resolve()),
      ),
  );
  const warmUpWorst = await warmed;
  const alone = await probed(() => new Promise((resolve) => setTimeout(resolve, 2000)));
  console.log(`${points.toLocaleString('en-US')} locations (${values.store}), one process, warmed as npm start warms`);
  console.log(`health alone (baseline): longest wait ${ms(alone)}`);
  console.log(
    `the warm-up after the start: health waited up to ${ms(warmUpWorst)} (${(warmUpWorst / alone).toFixed(1)}x)`,
  );
  for (const [label, path, body] of QUESTIONS) {
    // `latest` redirects; the version's address is what a browser then reads.
    const asked = path.includes('/latest/')
      ? path.replace(
          '/latest/',
          `/${((await (await fetch(`http://127.0.0.1:${port}/api/meta`)).json()) as { version: number }).version}/`,
        )
      : path;
    let answer = { ms: 0, status: 0, bytes: 0 };
    const worst = await probed(async () => (answer = await get(asked, body)));
    console.log(
      `${label}: ${answer.status}, ${(answer.bytes / 1024).toFixed(0)} KB in ${ms(answer.ms)}; health waited up to ${ms(worst)} (${(worst / alone).toFixed(1)}x)`,
    );
  }
} finally {
  await pool.stopAll();
  agent.destroy();
  cluster?.stop();
}
