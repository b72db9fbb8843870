/**
 * npm run bench:cache [-- --visitors 100]   (as root: it starts deploy/local/cluster.sh)
 * A hundred visitors arriving at once (bench/visitorTrace.ts, written to bench/.data/visitor-trace.json), replayed
 * against the whole topology on this machine: once through HAProxy to the two Makan servers alone, once through
 * Varnish in front (deploy/varnish.vcl) on an empty cache, once again on the warm cache, and once more alone.
 * Each visitor comes from an address of its own (127.0.1.N), as visitors do, so the rate limit counts each.
 * Prints, for each run, the requests, the bytes, the share the cache answered itself, requests per second and
 * the latency; then imports one location and prints how long after the import the new version's tile index and
 * tiles were served through the cache and by each server.
 */
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { NO_FILTERS } from '../domain/filters';
import { LOCATION_TYPES, typeByRoute } from '../domain/locationTypes';
import { tileIndexPath, tilePath, tilesCovering } from '../domain/pointTiles';
import type { TileIndex } from '../domain/wire/answers';
import { percentile } from './stats';
import { recordVisitors, type Visitor } from './visitorTrace';

const { values } = parseArgs({ options: { visitors: { type: 'string', default: '100' } } });
const ROOT = join(import.meta.dirname, '..');
const TRACE_FILE = join(ROOT, 'bench/.data/visitor-trace.json');

interface Reply {
  status: number;
  bytes: number;
  cache: string;
  ms: number;
  version: string;
}

function cluster(command: 'up' | 'down', env: Record<string, string>): Record<string, string> {
  const run = spawnSync('bash', [join(ROOT, 'deploy/local/cluster.sh'), command], {
    env: { ...process.env, ...env },
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  if (run.status !== 0) throw new Error(`cluster.sh ${command} failed (${run.status})`);
  return Object.fromEntries(
    run.stdout
      .split('\n')
      .filter((line) => line.includes('='))
      .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
  );
}

/** One GET as a browser sends it (compressed answers accepted), its size on the wire and who answered. */
function get(url: string, agent: Agent | false, headers: Record<string, string>): Promise<Reply> {
  const started = performance.now();
  return new Promise((done) => {
    const req = request(url, { agent, headers: { 'accept-encoding': 'gzip, br', ...headers } }, (res) => {
      let bytes = 0;
      res.on('data', (chunk: Buffer) => (bytes += chunk.length));
      res.on('end', () =>
        done({
          status: res.statusCode ?? 0,
          bytes,
          cache: String(res.headers['x-cache'] ?? 'none'),
          ms: performance.now() - started,
          version: String(res.headers['x-dataset-version'] ?? ''),
        }),
      );
    });
    req.on('error', () => done({ status: 0, bytes: 0, cache: 'none', ms: performance.now() - started, version: '' }));
    req.end();
  });
}

/** Every visitor at once, each step's requests together (as a browser's), each visitor from its own address. */
async function replay(base: string, visitors: Visitor[]) {
  const replies: Array<Reply & { tile: boolean }> = [];
  const started = performance.now();
  await Promise.all(
    visitors.map(async (visitor, n) => {
      const agent = new Agent({ keepAlive: true, maxSockets: 6, localAddress: `127.0.1.${n + 1}` });
      const cookie = `makan-lang=${visitor.language}; XSRF-TOKEN=visitor-${n}`;
      for (const step of visitor.steps)
        replies.push(
          ...(await Promise.all(
            step.map(async (path) => ({ ...(await get(`${base}${path}`, agent, { cookie })), tile: isTile(path) })),
          )),
        );
      agent.destroy();
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const count = (cache: string) => replies.filter((reply) => reply.cache === cache).length;
  const tiles = replies.filter((reply) => reply.tile);
  const latencies = replies.map((reply) => reply.ms);
  return {
    requests: replies.length,
    failed: replies.filter((reply) => reply.status !== 200).length,
    kib: Math.round(replies.reduce((sum, reply) => sum + reply.bytes, 0) / 1024),
    hit: count('hit'),
    tiles: tiles.length,
    tileHits: tiles.filter((reply) => reply.cache === 'hit').length,
    revalidated: count('revalidated'),
    seconds,
    rps: replies.length / seconds,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
  };
}

const isTile = (path: string) => /^\/api\/tiles\/[^/]+\/\d+\//.test(path);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Milliseconds from `since` until `check` holds (asked every 20 ms, up to 30 s). */
async function until(since: number, check: () => Promise<boolean>): Promise<number> {
  while (!(await check())) {
    if (performance.now() - since > 30_000) return NaN;
    await sleep(20);
  }
  return performance.now() - since;
}

async function main(): Promise<void> {
  if (process.getuid?.() !== 0) throw new Error('bench:cache starts deploy/local/cluster.sh, which runs as root');
  const count = Number(values.visitors);
  const folder = mkdtempSync(join(tmpdir(), 'makan-cache-bench-'));
  chmodSync(folder, 0o755);
  const env = { MAKAN_CLUSTER_DIR: join(folder, 'run'), MAKAN_CLUSTER_PORT: '17400' };
  console.log('starting the cluster (deploy/local/cluster.sh up)...');
  const lines = cluster('up', env);
  try {
    const visitors = await recordVisitors(lines['balancer']!, LOCATION_TYPES, count);
    mkdirSync(join(ROOT, 'bench/.data'), { recursive: true });
    writeFileSync(TRACE_FILE, JSON.stringify(visitors));
    const steps = visitors.reduce((sum, visitor) => sum + visitor.steps.length, 0);
    console.log(`${visitors.length} visitors, ${steps} steps, written to bench/.data/visitor-trace.json`);

    const runs: Array<[string, string]> = [
      ['the servers alone (HAProxy)', lines['balancer']!],
      ['through the cache, empty', lines['cache']!],
      ['through the cache, warm', lines['cache']!],
      ['the servers alone, again', lines['balancer']!],
    ];
    console.log(
      '\n| run | requests | failed | KiB | answered by the cache | of them tiles | revalidated | s | requests/s | p50 | p99 |',
    );
    console.log('| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |');
    for (const [name, base] of runs) {
      const run = await replay(base, visitors);
      const share = `${run.hit} (${((100 * run.hit) / run.requests).toFixed(1)} %)`;
      console.log(
        `| ${name} | ${run.requests} | ${run.failed} | ${run.kib} | ${share} | ${run.tileHits} of ${run.tiles} | ${run.revalidated} | ${run.seconds.toFixed(2)} | ${Math.round(run.rps)} | ${run.p50.toFixed(1)} ms | ${run.p99.toFixed(1)} ms |`,
      );
    }

    // A new import: when is its version named, and its tiles served, through the cache and by each server?
    const workshop = typeByRoute('Workshop')!;
    const indexAt = async (base: string) =>
      new Promise<TileIndex>((done, fail) => {
        request(`${base}/api/${tileIndexPath(workshop.typeId)}`, { agent: false }, (res) => {
          let body = '';
          res.on('data', (chunk: Buffer) => (body += chunk.toString()));
          res.on('end', () => done(JSON.parse(body) as TileIndex));
        })
          .on('error', fail)
          .end();
      });
    const before = await indexAt(lines['cache']!);
    const [key] = tilesCovering({ MinLat: 35.6, MinLon: 51.2, MaxLat: 35.8, MaxLon: 51.6 }, before.MinLevel);
    const next = `/api/${tilePath(workshop.typeId, before.Version + 1, key!, NO_FILTERS)}`;
    const file = join(folder, 'one.csv');
    writeFileSync(
      file,
      'Guid,Type,NameMakanAmoozeshi,Lat,Long\nD0000000-0000-4000-8000-00000000C059,Centers,از پشت حافظه,35.7,51.4\n',
    );
    const imported = spawnSync('npm', ['run', 'import', '--', file, '--db', lines['import_db']!], {
      cwd: ROOT,
      encoding: 'utf8',
    });
    if (imported.status !== 0) throw new Error(`import failed: ${imported.stderr}`);
    const since = performance.now();
    const named = await until(since, async () => (await indexAt(lines['cache']!)).Version > before.Version);
    const servers = lines['servers']!.split(',');
    // A visitor who read that index asks each server for the new tiles at once: one that has not noticed the
    // import yet catches up first.
    const tileFrom = await Promise.all(
      servers.map(async (base) => {
        const asked = performance.now();
        const reply = await get(`${base}${next}`, false, {});
        return `${reply.status} after ${(performance.now() - asked).toFixed(0)} ms`;
      }),
    );
    const viaCache = await get(`${lines['cache']!}${next}`, false, {});
    // Four fresh connections in a row reach both processes of a server.
    const everyProcess = async (base: string, check: (base: string) => Promise<boolean>) => {
      for (let i = 0; i < 4; i++) if (!(await check(base))) return false;
      return true;
    };
    const indexed = await Promise.all(
      servers.map((base) =>
        until(since, () => everyProcess(base, async (b) => (await indexAt(b)).Version > before.Version)),
      ),
    );
    console.log(
      `\nan import: its version named through the cache ${named.toFixed(0)} ms after the import finished; its first tile then asked of each server at once: ${tileFrom.join(', ')}; through the cache: ${viaCache.status} (${viaCache.cache}); every process of each server naming it by itself after ${indexed.map((ms) => `${ms.toFixed(0)} ms`).join(' and ')}`,
    );
  } finally {
    cluster('down', env);
    rmSync(folder, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
