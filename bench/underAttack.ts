/**
 * npm run bench:attack [-- --points 20000] [--sizes 15,40,64] [--against DIR]
 * What a hostile or heavy client costs a server started as operators start it (`server/main.ts`, one process,
 * over a copy of the seeded SQLite database), measured with node:http from this process:
 * - resident memory before and after 120 sitemap requests, each with a Host of its own;
 * - the worst wait of a health probe sent every 10 ms while a console upload of a GeoJSON file of 15, 40 and
 *   64 MB is received, read, checked and staged (against the same probe's worst wait with the server idle: the
 *   plain baseline), with the upload's own time and the memory after;
 * - how many of 12 wrong passwords sent at once for one account are checked (401) rather than refused (429).
 * `--against DIR` also starts the server of another checkout (a `git worktree` of an earlier commit, with the
 * same node_modules and dist) on the same data, so before and after print side by side in one run.
 * Nothing is asserted.
 */
import { spawn, spawnSync } from 'node:child_process';
import { createServer } from 'node:net';
import { randomUUID } from 'node:crypto';
import { copyFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { Agent } from 'node:http';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { parse } from 'csv-parse/sync';
import { sqliteWithData } from './data';
import { send as sendOn, type SendInit } from './send';

const { values } = parseArgs({
  options: {
    points: { type: 'string', default: '20000' },
    sizes: { type: 'string', default: '15,40,64' },
    against: { type: 'string' },
  },
});
const PASSWORD = 'a long enough passphrase';
const MB = 1024 * 1024;

const agent = new Agent({ keepAlive: true, maxSockets: 64 });
const send = (url: string, init: SendInit = {}) => sendOn(url, { agent, ...init });

/** A port nobody listens on now. */
const freePort = () =>
  new Promise<number>((done) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => done(port));
    });
  });

/** `server/main.ts` of the checkout at `cwd`, as operators start it; resolves once it says it is ready. */
async function startServer(cwd: string, env: Record<string, string>) {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd,
    env: { ...process.env, ...env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((ready, fail) => {
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (out.includes('Makan is ready at')) ready();
    });
    child.on('exit', (code) => fail(new Error(`the server exited (${code}): ${out}`)));
  });
  return {
    base: `http://127.0.0.1:${port}`,
    pid: child.pid!,
    stop: () => new Promise<void>((done) => (child.kill('SIGTERM'), child.on('close', () => done()))),
  };
}

const rssMb = (pid: number) => {
  const line = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return line ? Math.round(Number(line[1]) / 1024) : NaN;
};

/** Probes /api/health every 10 ms until stopped; resolves with the longest a probe waited, in ms. */
function probe(base: string): { stop(): Promise<number> } {
  let running = true;
  let worst = 0;
  const loop = (async () => {
    while (running) {
      const sent = performance.now();
      await send(`${base}/api/health`);
      worst = Math.max(worst, performance.now() - sent);
      await new Promise((r) => setTimeout(r, 10));
    }
  })();
  return {
    async stop() {
      running = false;
      await loop;
      return worst;
    },
  };
}

/** A GeoJSON file of about `mb` MB: copies of the seeded centres, each a new location a little apart. */
function geojsonOf(rows: Record<string, string>[], mb: number): Buffer {
  const parts: string[] = [];
  let size = 0;
  for (let i = 0; size < mb * MB - 2_000; i++) {
    const { Lat, Long, ...properties } = rows[i % rows.length]!;
    const apart = ((i * 7_919) % 1_000) / 40_000;
    const feature = JSON.stringify({
      type: 'Feature',
      geometry: { type: 'Point', coordinates: [Number(Long) + apart, Number(Lat) - apart] },
      properties: { ...properties, Guid: randomUUID(), NameMakanAmoozeshi: `مرکز ${i}`, PhoneNumber: '', Fax: '' },
    });
    parts.push(feature);
    size += Buffer.byteLength(feature) + 1;
  }
  return Buffer.from(`{"type":"FeatureCollection","features":[${parts.join(',')}]}`);
}

async function measure(label: string, cwd: string, db: string, files: { mb: number; body: Buffer }[]) {
  const copy = join(mkdtempSync(join(tmpdir(), 'makan-attack-')), 'makan.db');
  copyFileSync(db, copy);
  for (const name of ['maryam', 'target']) {
    const added = spawnSync(
      process.execPath,
      ['--import', 'tsx', 'server/scripts/staff.ts', 'add', name, '--db', copy],
      {
        cwd,
        input: `${PASSWORD}\n`,
      },
    );
    if (added.status !== 0) throw new Error(added.stderr.toString());
  }
  // One process (MAKAN_WORKERS=1): the process started is the one that serves, and whose memory is read.
  const server = await startServer(cwd, {
    MAKAN_DB: copy,
    MAKAN_WORKERS: '1',
    MAKAN_SNAPSHOT_DIR: 'off',
    MAKAN_RATE_LIMIT: '1000000',
  });
  const { base, pid } = server;
  try {
    // The sitemap's first file: every page of the data's first 25,000 locations, in both languages.
    const index = await send(`${base}/sitemap.xml`);
    const first = new URL(/<loc>([^<]+)<\/loc>/.exec(index.body.toString())![1]!).pathname;
    await send(`${base}${first}`);
    const before = rssMb(pid);
    for (let i = 0; i < 120; i++) await send(`${base}${first}`, { headers: { host: `h${i}.example` } });
    await new Promise((r) => setTimeout(r, 2_000));
    console.log(`${label}: RSS ${before} MB, after 120 sitemap requests with distinct Hosts ${rssMb(pid)} MB`);

    const cookieHeaders = async (name: string) => {
      const first = await send(`${base}/api/types`);
      const xsrf = /XSRF-TOKEN=([^;]+)/.exec(String(first.headers['set-cookie']))![1]!;
      const signIn = await send(`${base}/api/staff/session`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie: `XSRF-TOKEN=${xsrf}`, 'x-xsrf-token': xsrf },
        body: JSON.stringify({ name, password: PASSWORD }),
      });
      const session = /makan_staff=([^;]+)/.exec(String(signIn.headers['set-cookie']))?.[1];
      return { cookie: `XSRF-TOKEN=${xsrf}; makan_staff=${session}`, 'x-xsrf-token': xsrf };
    };
    const headers = await cookieHeaders('maryam');
    const idle = probe(base);
    await new Promise((r) => setTimeout(r, 3_000));
    console.log(`${label}: idle, the probe's worst wait ${(await idle.stop()).toFixed(0)} ms (the baseline)`);
    for (const { mb, body } of files) {
      const watch = probe(base);
      const started = performance.now();
      const answer = await send(`${base}/api/staff/uploads?name=big.geojson`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/octet-stream' },
        body,
      });
      const took = performance.now() - started;
      const worst = await watch.stop();
      console.log(
        `${label}: ${mb} MB GeoJSON upload (${answer.status}) in ${(took / 1000).toFixed(1)} s; the probe's worst wait ${worst.toFixed(0)} ms; RSS after ${rssMb(pid)} MB`,
      );
    }

    const guesses = await Promise.all(
      Array.from({ length: 12 }, async () => {
        const first = await send(`${base}/api/types`);
        const xsrf = /XSRF-TOKEN=([^;]+)/.exec(String(first.headers['set-cookie']))![1]!;
        return send(`${base}/api/staff/session`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', cookie: `XSRF-TOKEN=${xsrf}`, 'x-xsrf-token': xsrf },
          body: JSON.stringify({ name: 'target', password: 'not the password' }),
        });
      }),
    );
    const checked = guesses.filter((g) => g.status === 401).length;
    console.log(`${label}: 12 wrong passwords at once: ${checked} checked (401), ${12 - checked} refused`);
  } finally {
    await server.stop();
    rmSync(copy.replace(/makan\.db$/, ''), { recursive: true, force: true });
  }
}

const db = resolve(await sqliteWithData(Number(values.points)));
const csvFile = join(mkdtempSync(join(tmpdir(), 'makan-centres-')), 'centres.csv');
spawnSync(process.execPath, [
  '--import',
  'tsx',
  'server/scripts/export.ts',
  '--db',
  db,
  '--type',
  'Centers',
  '--out',
  csvFile,
]);
const rows = (
  parse(readFileSync(csvFile, 'utf8').replace(/^\uFEFF/, ''), { columns: true }) as Record<string, string>[]
).slice(0, 500);
const files = values.sizes
  .split(',')
  .map((mb) => ({ mb: Number(mb), body: geojsonOf(rows, Math.min(Number(mb), 63.5)) }));
console.log(
  `${values.points} locations; uploads of ${files.map((f) => `${(f.body.length / MB).toFixed(1)} MB`).join(', ')}`,
);
if (values.against) await measure('before', resolve(values.against), db, files);
await measure('now', process.cwd(), db, files);
agent.destroy();
