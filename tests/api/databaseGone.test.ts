/**
 * A server whose database is gone keeps serving, with real processes: `npm start` (two processes) on a
 * PostgreSQL that is stopped at once (as a crash would) and started again. Meanwhile the server answers what it
 * holds in memory as before, from the version it last read (the map, the counts, the pages), says so in
 * /api/health while staying in rotation, refuses what only the database has with 503 and Retry-After (a balancer
 * asks another server), and logs it once per process; when the database is back it reads from it again by
 * itself, an import included, without a restart.
 */
import { request } from 'node:http';
import { join } from 'node:path';
import { writeFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { DATASET_UNAVAILABLE } from '../../domain/http';
import type { DatasetMeta } from '../../domain/gateway';
import { typeByRoute } from '../../domain/locationTypes';
import { freePort, type PgCluster } from '../../tools/postgres/cluster';
import { startPrimary } from '../support/replication';
import { makeCheckout, runCommand, SERVER_READY, startCommand, type RunningCommand } from '../support/commands';

let checkout: { dir: string; remove(): void };
let primary: PgCluster;
let server: RunningCommand;
const centers = typeByRoute('Centers')!;
const NEW_GUID = 'D0000000-0000-4000-8000-00000000DB01';

interface Answer {
  status: number;
  body: string;
  retryAfter: string | undefined;
}

/** One GET on a connection of its own, so successive ones reach each of the server's processes. */
function get(path: string): Promise<Answer> {
  return new Promise((done, fail) => {
    const req = request(`${server.url}${path.slice(1)}`, { agent: false, headers: { connection: 'close' } }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () =>
        done({ status: res.statusCode ?? 0, body, retryAfter: res.headers['retry-after'] as string | undefined }),
      );
    });
    req.on('error', fail);
    req.end();
  });
}

/** What the server holds in memory once warm: the map at two zooms, a type's points, the counts, the types, a page. */
const FROM_MEMORY = [
  '/api/types',
  `/api/TVTOBase/OrglocationChartData/${centers.typeId}`,
  `/api/TVTOBase/OrglocationMap/${centers.typeId}?zoom=5&minLat=24&minLon=43&maxLat=40&maxLon=64`,
  `/api/Map/BindByOrglocationTypeID/${typeByRoute('Industries')!.typeId}`,
];

beforeAll(async () => {
  checkout = makeCheckout();
  primary = await startPrimary(inject('pgBinDir'), 'gone-primary');
  server = await startCommand(`MAKAN_DB=${primary.url('makan')} MAKAN_WORKERS=2 npm start`, {
    cwd: checkout.dir,
    env: { PORT: String(await freePort()) },
    ready: SERVER_READY,
  });
}, 180_000);

afterAll(async () => {
  await server?.stop();
  // Started again (resume) if a failure left it halted, so that it can be stopped and removed.
  try {
    primary?.resume();
  } catch {
    // already running
  }
  primary?.stop();
  checkout?.remove();
});

describe('the database gone, and back', () => {
  it('keeps serving from memory, says so, refuses only what needs the database, and reconnects by itself', async () => {
    const meta = JSON.parse((await get('/api/meta')).body) as DatasetMeta;
    const detailPath = async () => {
      const [first] = JSON.parse((await get(`/api/nearest/${centers.typeId}?lat=35.7&lon=51.4`)).body) as {
        Guid: string;
      }[];
      return `/api/TVTOBase/GetMapLocationDetailsx/${first!.Guid}`;
    };
    const detail = await detailPath();
    // Each process once (two connections), so both hold what they answer from.
    const before = new Map<string, string>();
    for (const path of FROM_MEMORY) {
      for (let i = 0; i < 2; i++) before.set(path, (await get(path)).body);
    }

    primary.halt();
    for (let i = 0; i < 2; i++) {
      for (const path of FROM_MEMORY) {
        const answer = await get(path);
        expect({ path, status: answer.status }).toEqual({ path, status: 200 });
        expect(answer.body).toBe(before.get(path));
      }
      // The meta of the version served, and a page rendered from the same figures.
      expect(JSON.parse((await get('/api/meta')).body)).toEqual(meta);
      expect((await get('/Centers')).status).toBe(200);
      // In rotation, saying its answers are of the last version it read.
      const health = await get('/api/health');
      expect(health.status).toBe(200);
      expect(JSON.parse(health.body)).toMatchObject({
        status: 'ready',
        version: meta.version,
        database: 'unreachable',
      });
      // What only the database has: refused for now, for a balancer to ask another server (a report's status too).
      for (const path of [detail, `/api/reports/${'A'.repeat(22)}`]) {
        const refused = await get(path);
        expect([path, refused.status, refused.retryAfter, JSON.parse(refused.body).error]).toEqual([
          path,
          503,
          '1',
          DATASET_UNAVAILABLE,
        ]);
      }
    }
    // Said once by each process, not at every request.
    const said = server.output().match(/the database does not answer/g) ?? [];
    expect(said.length).toBeGreaterThanOrEqual(1);
    expect(said.length).toBeLessThanOrEqual(2);

    primary.resume();
    await expect.poll(async () => JSON.parse((await get('/api/health')).body).database, { timeout: 15_000 }).toBe('ok');
    for (let i = 0; i < 2; i++) expect((await get(detail)).status).toBe(200);
    // An import after the database came back reaches the server that never restarted.
    writeFileSync(
      join(checkout.dir, 'back.csv'),
      `Guid,Type,NameMakanAmoozeshi,Lat,Long\n${NEW_GUID},Centers,مرکز پس از بازگشت,35.72,51.42\n`,
    );
    const imported = await runCommand(`npm run import -- back.csv --db ${primary.url('makan')}`, { cwd: checkout.dir });
    expect(imported.code, imported.stderr).toBe(0);
    await expect
      .poll(async () => (await get(`/api/TVTOBase/GetMapLocationDetailsx/${NEW_GUID}`)).status, { timeout: 10_000 })
      .toBe(200);
    expect(server.output()).toMatch(/the database answers again/);
  }, 240_000);
});
