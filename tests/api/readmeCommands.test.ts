/**
 * Every command the README documents, run as a child process exactly as written, on a SQLite file and on
 * PostgreSQL + PostGIS, checking where the data went: rows in the file or in PostGIS, and no stray file.
 * (`MAKAN_DB=postgres://… npm start` once made a SQLite file named after the URL and left PostgreSQL empty;
 * the in-process tests never saw it, because they open the store themselves.)
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import Database from 'better-sqlite3';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BasemapAnswer } from '../../domain/basemap';
import type { DatasetMeta } from '../../domain/gateway';
import { freePort } from '../../tools/postgres/cluster';
import { writeBasemapFixture } from '../support/basemapFixture';
import { createPostgresDatabase } from '../support/testServer';
import { makeCheckout, runCommand, SERVER_READY, startCommand, type RunningCommand } from '../support/commands';

let checkout: { dir: string; remove(): void };
const running: RunningCommand[] = [];

/** A fresh database in the tests' PostgreSQL cluster (dropped with the cluster at the end of the run). */
async function newPostgresDatabase(): Promise<string> {
  return (await createPostgresDatabase()).url;
}

async function postgresCount(url: string, sql: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return Number((await client.query(sql)).rows[0].count);
  } finally {
    await client.end();
  }
}

const sqliteCount = (file: string) => {
  const db = new Database(file, { readonly: true });
  try {
    return (db.prepare('SELECT count(*) AS n FROM location').get() as { n: number }).n;
  } finally {
    db.close();
  }
};

/** What a checkout holds beyond what it was made with: a stray file named after a URL shows here. */
const strayEntries = (dir: string) => readdirSync(dir).filter((name) => name.includes(':'));

async function serves(url: string): Promise<DatasetMeta> {
  const page = await fetch(url);
  expect(await page.text()).toContain('<div id="root">');
  const types = (await (await fetch(`${url}api/types`)).json()) as unknown[];
  expect(types.length).toBeGreaterThan(0);
  expect((await fetch(`${url}api/health`)).status).toBe(200);
  return (await (await fetch(`${url}api/meta`)).json()) as DatasetMeta;
}

/** Stops a server as Ctrl-C in its terminal does, and checks that it said so (npm's own exit code is its own). */
async function stopped(server: RunningCommand): Promise<void> {
  await server.stop();
  expect(server.output()).toMatch(/"msg":"shutting down"/);
}

const ONE_CENTRE =
  'Guid,Type,NameMakanAmoozeshi,Lat,Long\nD0000000-0000-4000-8000-0000000000A1,Centers,مرکز فرمان README,35.7001,51.4001\n';

beforeAll(() => {
  checkout = makeCheckout();
});
afterAll(async () => {
  await Promise.all(running.map((r) => r.stop()));
  checkout?.remove();
});

/** How long the fast loop may take here: about 12 s alone, and over 30 s beside the API suites on a busy machine. */
const FAST_LOOP_MS = 120_000;

describe('the fast loop', () => {
  it(
    'npm run test:fast runs the unit and machine tests alone, and they pass',
    { timeout: FAST_LOOP_MS + 5_000 },
    async () => {
      const run = await runCommand('npm run test:fast', {
        cwd: checkout.dir,
        env: { NO_COLOR: '1' },
        timeoutMs: FAST_LOOP_MS,
      });
      expect(run.code, run.stdout + run.stderr).toBe(0);
      const plain = run.stdout;
      expect(plain).toMatch(/Test Files\s+\d+ passed/);
      expect(plain).toContain('tests/machines/');
      expect(plain).not.toMatch(/tests\/(api|e2e)\//);
    },
  );
});

describe('npm start on a fresh checkout, with no settings but the port', () => {
  it('reuses the up-to-date builds, creates and fills data/makan.db, serves the app; a second start reuses the file', async () => {
    const port = await freePort();
    const server = await startCommand('npm start', {
      cwd: checkout.dir,
      env: { PORT: String(port) },
      ready: SERVER_READY,
    });
    running.push(server);
    expect(server.url).toBe(`http://127.0.0.1:${port}/`);
    expect(server.output()).toContain('client in dist/ is up to date, not rebuilt');
    expect(server.output()).toContain('server in dist-server/ is up to date, not rebuilt');
    const meta = await serves(server.url);
    expect(meta.locations).toBeGreaterThan(0);
    await stopped(server);
    const file = join(checkout.dir, 'data/makan.db');
    expect(sqliteCount(file)).toBe(meta.locations);

    const again = await startCommand('npm run serve', {
      cwd: checkout.dir,
      env: { PORT: String(port) },
      ready: SERVER_READY,
    });
    running.push(again);
    expect((await serves(again.url)).version).toBe(meta.version);
    expect(again.output()).not.toContain('created and seeded');
    await again.stop();
  }, 300_000);

  it('MAKAN_BASEMAP=data/iran.pmtiles npm run serve sends the map that archive; a file that is not one is refused', async () => {
    // The extract the README makes with `pmtiles extract` needs a network; the tests' own archive stands in.
    mkdirSync(join(checkout.dir, 'data'), { recursive: true });
    writeBasemapFixture(join(checkout.dir, 'data/iran.pmtiles'));
    const port = await freePort();
    const server = await startCommand('MAKAN_BASEMAP=data/iran.pmtiles npm run serve', {
      cwd: checkout.dir,
      env: { PORT: String(port) },
      ready: SERVER_READY,
    });
    running.push(server);
    const { Url } = (await (await fetch(`${server.url}api/basemap`)).json()) as BasemapAnswer;
    expect(Url).toMatch(/^\/basemap\/basemap-[0-9a-f]{12}\.pmtiles$/);
    const head = await fetch(`${server.url}${Url!.slice(1)}`, { headers: { range: 'bytes=0-6' } });
    expect(head.status).toBe(206);
    expect(await head.text()).toBe('PMTiles');
    await stopped(server);

    writeFileSync(join(checkout.dir, 'data/notes.pmtiles'), 'not tiles at all, only words'.repeat(10));
    const refused = await runCommand('MAKAN_BASEMAP=data/notes.pmtiles npm run serve', {
      cwd: checkout.dir,
      env: { PORT: String(await freePort()) },
    });
    expect(refused.code).not.toBe(0);
    expect(refused.ownErrors, refused.stderr).toHaveLength(1);
    expect(refused.ownErrors[0]).toMatch(/^makan: MAKAN_BASEMAP="data\/notes\.pmtiles": is not a PMTiles archive/);
  }, 120_000);
});

describe.each(['sqlite', 'postgres'] as const)('the data commands on %s', (kind) => {
  let db: string;
  /** How many locations the seed put in: the generator places a few more or fewer than asked. */
  let seeded = 0;
  beforeAll(async () => {
    db =
      kind === 'sqlite'
        ? join(checkout.dir, `seeded-${randomBytes(3).toString('hex')}.db`)
        : await newPostgresDatabase();
  });
  const rows = () =>
    kind === 'sqlite' ? sqliteCount(db) : postgresCount(db, 'SELECT count(*) FROM location WHERE geom IS NOT NULL');

  it('npm run seed -- --points N --db DB fills that database and nothing else', async () => {
    const before = readdirSync(checkout.dir);
    const run = await runCommand(`npm run seed -- --points 400 --db '${db}'`, { cwd: checkout.dir });
    expect(run.code, run.stderr).toBe(0);
    seeded = Number(/seeded (\d+) locations into /.exec(run.stdout)?.[1]);
    expect(seeded).toBeGreaterThan(300);
    expect(await rows()).toBe(seeded);
    const added = readdirSync(checkout.dir).filter((name) => !before.includes(name));
    // SQLite's own write-ahead files beside it aside.
    expect(added.filter((name) => !/-(wal|shm)$/.test(name))).toEqual(kind === 'sqlite' ? [db.split('/').pop()] : []);
    expect(strayEntries(checkout.dir)).toEqual([]);
  }, 120_000);

  it('npm run import -- FILE --db DB applies the file there; npm run export writes it back out', async () => {
    const file = join(checkout.dir, `one-${kind}.csv`);
    writeFileSync(file, ONE_CENTRE);
    const imported = await runCommand(`npm run import -- ${file} --db '${db}'`, { cwd: checkout.dir });
    expect(imported.code, imported.stderr).toBe(0);
    expect(imported.stdout).toMatch(/inserted 1, updated 0/);
    expect(await rows()).toBe(seeded + 1);

    const out = join(checkout.dir, `export-${kind}.csv`);
    const exported = await runCommand(`npm run export -- --type Centers --out ${out} --db '${db}'`, {
      cwd: checkout.dir,
    });
    expect(exported.code, exported.stderr).toBe(0);
    expect(readFileSync(out, 'utf8')).toContain('مرکز فرمان README');

    const again = await runCommand(`npm run import -- ${out} --db '${db}'`, { cwd: checkout.dir });
    expect(again.code, again.stderr).toBe(0);
    expect(again.stdout).toMatch(/inserted 0, updated 0/);
    expect(strayEntries(checkout.dir)).toEqual([]);
  }, 120_000);

  it('printf PASSWORD | npm run staff -- add NAME --db DB adds a staff account there; list names it', async () => {
    const added = await runCommand(
      `printf '%s\\n' 'a long enough passphrase' | npm run staff -- add maryam --db '${db}'`,
      {
        cwd: checkout.dir,
      },
    );
    expect(added.code, added.stderr).toBe(0);
    expect(added.stdout).toMatch(/^added maryam to /m);
    const listed = await runCommand(`npm run staff -- list --db '${db}'`, { cwd: checkout.dir });
    expect(listed.code, listed.stderr).toBe(0);
    expect(listed.stdout).toMatch(/^maryam\t\d{4}-/m);
    // A password given as an argument is not a thing the command takes.
    const argued = await runCommand(`npm run staff -- add other 'a long enough passphrase' --db '${db}'`, {
      cwd: checkout.dir,
    });
    expect(argued.code).toBe(1);
    const file = join(checkout.dir, `quality-${kind}.csv`);
    writeFileSync(file, ONE_CENTRE);
    const quality = await runCommand(`npm run import -- ${file} --quality --dry-run --db '${db}'`, {
      cwd: checkout.dir,
    });
    expect(quality.code, quality.stderr).toBe(0);
    // The README's centre has no phone, address or gender: the quality report says so, line by line.
    expect(quality.stderr).toMatch(/line 2: PhoneNumber: has no PhoneNumber \(missing_field\)/);
    expect(quality.stdout).toMatch(/quality: 3 finding\(s\)/);
    // A file that is not there is said so, plainly.
    const missing = await runCommand(`npm run import -- no-such-file.csv --db '${db}'`, { cwd: checkout.dir });
    expect(missing.code).toBe(1);
    expect(missing.ownErrors).toEqual([
      'makan import: no-such-file.csv cannot be read (ENOENT): give a file that exists',
    ]);
  }, 120_000);

  it('MAKAN_DB=DB npm run serve serves that database', async () => {
    const port = await freePort();
    const server = await startCommand(`MAKAN_DB='${db}' MAKAN_WORKERS=2 npm run serve`, {
      cwd: checkout.dir,
      env: { PORT: String(port) },
      ready: SERVER_READY,
    });
    running.push(server);
    const meta = await serves(server.url);
    expect(meta.locations).toBe(seeded + 1);
    const centre = (await (await fetch(`${server.url}api/search?q=${encodeURIComponent('فرمان README')}`)).json()) as {
      Name: string;
    }[];
    expect(centre.map((c) => c.Name)).toEqual(['مرکز فرمان README']);
    // The data downloaded from it and imported back changes nothing.
    const download = await fetch(`${server.url}api/downloads/latest/locations.csv`);
    expect(download.status).toBe(200);
    const file = join(checkout.dir, `download-${kind}.csv`);
    writeFileSync(file, Buffer.from(await download.arrayBuffer()));
    const reimported = await runCommand(`npm run import -- ${file} --db '${db}'`, { cwd: checkout.dir });
    expect(reimported.code, reimported.stderr).toBe(0);
    expect(reimported.stdout).toMatch(/inserted 0, updated 0, unchanged \d+, deleted 0/);
    rmSync(file);
    await stopped(server);
    expect(strayEntries(checkout.dir)).toEqual([]);
  }, 120_000);
});

describe('MAKAN_DB=postgres://… npm start', () => {
  it('creates the schema and the demo data in PostgreSQL, and writes no file', async () => {
    const url = await newPostgresDatabase();
    const port = await freePort();
    const before = readdirSync(checkout.dir);
    const server = await startCommand(`MAKAN_DB=${url} npm start`, {
      cwd: checkout.dir,
      env: { PORT: String(port) },
      ready: SERVER_READY,
    });
    running.push(server);
    const meta = await serves(server.url);
    expect(meta.locations).toBeGreaterThan(0);
    expect(await postgresCount(url, 'SELECT count(*) FROM location WHERE geom IS NOT NULL')).toBe(meta.locations);
    await stopped(server);
    expect(readdirSync(checkout.dir).filter((name) => !before.includes(name) && name !== 'dist')).toEqual([]);
    expect(strayEntries(checkout.dir)).toEqual([]);
  }, 300_000);
});

describe('a database that is neither a file nor PostgreSQL is refused before anything is made', () => {
  it.each([
    [
      'MAKAN_DB=mysql://root@127.0.0.1/makan npm start',
      /^makan: MAKAN_DB="mysql:\/\/root@127\.0\.0\.1\/makan" is a mysql:\/\/ URL/,
    ],
    ['MAKAN_DB=file:///tmp/makan.db npm run serve', /^makan: MAKAN_DB="file:\/\/\/tmp\/makan\.db" is a file:\/\/ URL/],
    [
      'npm run seed -- --points 100 --db mysql://root:secret@127.0.0.1/makan',
      /^makan seed: --db="mysql:\/\/root:\*\*\*@127\.0\.0\.1\/makan" is a mysql:\/\/ URL/,
    ],
    [
      'npm run import -- one.csv --db mongodb://127.0.0.1/makan',
      /^makan import: --db="mongodb:\/\/127\.0\.0\.1\/makan" is a mongodb:\/\/ URL/,
    ],
    [
      'npm run export -- --db postgress://u@127.0.0.1/makan',
      /^makan export: --db="postgress:\/\/u@127\.0\.0\.1\/makan" is a postgress:\/\/ URL/,
    ],
  ])(
    '%s',
    async (command, says) => {
      writeFileSync(join(checkout.dir, 'one.csv'), ONE_CENTRE);
      const before = readdirSync(checkout.dir).sort();
      const run = await runCommand(command, { cwd: checkout.dir, env: { PORT: String(await freePort()) } });
      expect(run.code).not.toBe(0);
      expect(run.ownErrors, run.stderr).toHaveLength(1);
      expect(run.ownErrors[0]).toMatch(says);
      expect(run.stderr).not.toContain('secret');
      expect(readdirSync(checkout.dir).sort()).toEqual(before);
      expect(existsSync(join(checkout.dir, 'makan-export.csv'))).toBe(false);
    },
    60_000,
  );
});
