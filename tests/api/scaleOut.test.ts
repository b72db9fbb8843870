/**
 * The README's "past one machine", with real processes: a PostgreSQL primary and a streaming hot standby
 * (pg_basebackup), `npm start` with MAKAN_WORKERS=2 on each, `npm run import` into the primary, and both
 * servers (every process of each) answering with the new data and version; with the standby held
 * back, a client that has seen the new version is refused by its server (503, for a balancer to ask another),
 * never answered from the old one.
 */
import { request, type IncomingHttpHeaders } from 'node:http';
import pg from 'pg';
import { DATASET_VERSION_HEADER, MIN_VERSION_HEADER, VERSION_BEHIND } from '../../domain/http';
import { join } from 'node:path';
import { writeFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { DatasetMeta, MapLocation } from '../../domain/gateway';
import { typeByRoute } from '../../domain/locationTypes';
import { freePort, type PgCluster } from '../../tools/postgres/cluster';
import { startPrimary, startStandby } from '../support/replication';
import { makeCheckout, runCommand, SERVER_READY, startCommand, type RunningCommand } from '../support/commands';

let checkout: { dir: string; remove(): void };
let primary: PgCluster;
let standby: PgCluster;
const servers: RunningCommand[] = [];

/** One request on a connection of its own, so successive ones are spread over a server's processes. */
function getFresh(
  url: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: string; headers: IncomingHttpHeaders }> {
  return new Promise((done, fail) => {
    const req = request(url, { agent: false, headers: { connection: 'close', ...headers } }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => done({ status: res.statusCode ?? 0, body, headers: res.headers }));
    });
    req.on('error', fail);
    req.end();
  });
}

const NEW_GUID = 'D0000000-0000-4000-8000-00000000FA01';
const FLOOR_GUID = 'D0000000-0000-4000-8000-00000000FA03';
const centers = typeByRoute('Centers')!;

beforeAll(async () => {
  checkout = makeCheckout();
  const bin = inject('pgBinDir');
  primary = await startPrimary(bin, 'scale-primary');
}, 120_000);

afterAll(async () => {
  await Promise.all(servers.map((s) => s.stop()));
  standby?.stop();
  primary?.stop();
  checkout?.remove();
});

describe('a primary and a hot standby, each behind npm start with two processes', () => {
  it('an import into the primary is served by both servers, every process', async () => {
    const onPrimary = await startCommand(`MAKAN_DB=${primary.url('makan')} MAKAN_WORKERS=2 npm start`, {
      cwd: checkout.dir,
      env: { PORT: String(await freePort()) },
      ready: SERVER_READY,
    });
    servers.push(onPrimary);

    // The standby is copied from the primary once the first start has made and seeded its database.
    standby = await startStandby(inject('pgBinDir'), primary, 'scale-standby');
    const onStandby = await startCommand(`MAKAN_DB=${standby.url('makan')} MAKAN_WORKERS=2 npm start`, {
      cwd: checkout.dir,
      env: { PORT: String(await freePort()) },
      ready: SERVER_READY,
    });
    servers.push(onStandby);
    expect(onStandby.output()).toMatch(/"readonly":true/);

    const before = JSON.parse((await getFresh(`${onPrimary.url}api/meta`)).body) as DatasetMeta;
    expect(JSON.parse((await getFresh(`${onStandby.url}api/meta`)).body)).toEqual(before);

    const file = join(checkout.dir, 'scale.csv');
    writeFileSync(
      file,
      `Guid,Type,NameMakanAmoozeshi,Lat,Long\n${NEW_GUID},Centers,مرکز تازه دو ماشین,35.7001,51.4001\n`,
    );
    const imported = await runCommand(`npm run import -- scale.csv --db ${primary.url('makan')}`, {
      cwd: checkout.dir,
    });
    expect(imported.code, imported.stderr).toBe(0);
    const importedAt = Date.now();

    // Both servers, and each of their processes (new connections are spread round-robin), serve the new
    // version, its count and the new centre's detail.
    const fresh = async (server: RunningCommand) => {
      for (let i = 0; i < 4; i++) {
        const meta = JSON.parse((await getFresh(`${server.url}api/meta`)).body) as DatasetMeta;
        if (meta.version !== before.version + 1 || meta.locations !== before.locations + 1) return false;
        const detail = await getFresh(`${server.url}api/TVTOBase/GetMapLocationDetailsx/${NEW_GUID}`);
        if (detail.status !== 200) return false;
      }
      return true;
    };
    // Each process polls the version twice a second; how soon they all serve it is the machine's speed, not the
    // behaviour (a run of the whole suite beside the checks once took longer than the 2 s this asserted).
    let caughtUp: number | null = null;
    while (Date.now() - importedAt < 30_000) {
      if ((await fresh(onPrimary)) && (await fresh(onStandby))) {
        caughtUp = Date.now() - importedAt;
        break;
      }
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(caughtUp, 'both servers caught up').not.toBeNull();
    const all = JSON.parse(
      (await getFresh(`${onStandby.url}api/Map/BindByOrglocationTypeID/${typeByRoute('Industries')!.typeId}`)).body,
    ) as MapLocation[];
    expect(all.length).toBeGreaterThan(0);
    const chart = JSON.parse(
      (await getFresh(`${onStandby.url}api/TVTOBase/OrglocationChartData/${centers.typeId}`)).body,
    ) as { Count: number }[];
    const total = chart.reduce((sum, row) => sum + row.Count, 0);
    const chartBefore = JSON.parse(
      (await getFresh(`${onPrimary.url}api/TVTOBase/OrglocationChartData/${centers.typeId}`)).body,
    ) as { Count: number }[];
    expect(chartBefore.reduce((sum, row) => sum + row.Count, 0)).toBe(total);
  }, 400_000);

  it('a client that has seen the new version is never answered the old one by a server held back', async () => {
    const [onPrimary, onStandby] = servers as [RunningCommand, RunningCommand];
    const version = async (server: RunningCommand) =>
      (JSON.parse((await getFresh(`${server.url}api/meta`)).body) as DatasetMeta).version;
    const before = await version(onPrimary);
    // The standby stops replaying the primary's changes: its server cannot reach what the primary's has.
    const standbyAdmin = new pg.Client({ connectionString: standby.url('postgres') });
    await standbyAdmin.connect();
    await standbyAdmin.query('SELECT pg_wal_replay_pause()');
    try {
      const file = join(checkout.dir, 'floor.csv');
      writeFileSync(file, `Guid,Type,NameMakanAmoozeshi,Lat,Long\n${FLOOR_GUID},Centers,مرکز کف نسخه,35.71,51.41\n`);
      const imported = await runCommand(`npm run import -- floor.csv --db ${primary.url('makan')}`, {
        cwd: checkout.dir,
      });
      expect(imported.code, imported.stderr).toBe(0);
      // The client is answered by the primary's server first, and so has seen the new version.
      await expect.poll(() => version(onPrimary), { timeout: 10_000 }).toBe(before + 1);
      const seen = { [MIN_VERSION_HEADER]: String(before + 1) };
      // Asked without saying what it has seen, the server held back still answers from the old version...
      expect(await version(onStandby)).toBe(before);
      // ...but a client that has seen the new one is refused, for a balancer to ask another server, never shown
      // the old version. Every process of the server says the same (a new connection each time).
      for (let i = 0; i < 2; i++) {
        const refused = await getFresh(`${onStandby.url}api/TVTOBase/OrglocationChartData/${centers.typeId}`, seen);
        expect(refused.status).toBe(503);
        expect(refused.headers['retry-after']).toBe('1');
        expect(JSON.parse(refused.body)).toMatchObject({ error: VERSION_BEHIND });
      }
      // Once the standby replays again, the same request waits the moment it takes and is answered at the new version.
      await standbyAdmin.query('SELECT pg_wal_replay_resume()');
      await expect
        .poll(async () => (await getFresh(`${onStandby.url}api/meta`, seen)).status, { timeout: 10_000 })
        .toBe(200);
      const answer = await getFresh(`${onStandby.url}api/TVTOBase/GetMapLocationDetailsx/${FLOOR_GUID}`, seen);
      expect(answer.status).toBe(200);
      expect(answer.headers[DATASET_VERSION_HEADER.toLowerCase()]).toBe(String(before + 1));
    } finally {
      await standbyAdmin.query('SELECT pg_wal_replay_resume()').catch(() => undefined);
      await standbyAdmin.end();
    }
  }, 120_000);

  it('an import pointed at the standby is refused and applies nothing', async () => {
    const file = join(checkout.dir, 'refused.csv');
    writeFileSync(
      file,
      'Guid,Type,NameMakanAmoozeshi,Lat,Long\nD0000000-0000-4000-8000-00000000FA02,Centers,نباید,35.7,51.4\n',
    );
    const run = await runCommand(`npm run import -- refused.csv --db ${standby.url('makan')}`, { cwd: checkout.dir });
    expect(run.code).not.toBe(0);
    expect(run.ownErrors.join('\n')).toMatch(/^makan import: .*(read-only|standby)/);
  }, 60_000);
});
