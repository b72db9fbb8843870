/**
 * Scale-out: a primary and a streaming hot-standby replica (pg_basebackup). A Makan server reads the
 * replica; an import writes to the primary; the replica's server serves the new data and version.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { DatasetMeta, MapLocation } from '../../domain/gateway';
import { typeByRoute } from '../../domain/locationTypes';
import { buildApp } from '../../server/app';
import { seedStore } from '../../server/seed/seedDatabase';
import { openStore } from '../../server/store/openStore';
import type { FastifyInstance } from 'fastify';
import type { PgCluster } from '../../tools/postgres/cluster';
import { startPrimary, startStandby } from '../support/replication';
import { ApiClient } from '../support/testServer';
import { runScript } from '../support/serverProcess';

let primary: PgCluster;
let standby: PgCluster;
let replicaApp: FastifyInstance;
let api: ApiClient;
let scratch: string;

beforeAll(async () => {
  const bin = inject('pgBinDir');
  primary = await startPrimary(bin, 'primary');
  const { store: writer } = await openStore(primary.url('makan'));
  await seedStore(writer, { totalPoints: 600 });
  writer.close();
  standby = await startStandby(bin, primary, 'standby');

  const { store: reader, readonly } = await openStore(standby.url('makan'));
  expect(readonly).toBe(true);
  replicaApp = await buildApp({ store: reader, rateLimit: 100_000, clientDir: null, tileOrigin: null });
  await replicaApp.listen({ host: '127.0.0.1', port: 0 });
  const address = replicaApp.server.address();
  if (address === null || typeof address === 'string') throw new Error('no address');
  api = new ApiClient(`http://127.0.0.1:${address.port}`);
  scratch = mkdtempSync(join(tmpdir(), 'makan-replica-'));
});

afterAll(async () => {
  await replicaApp?.close();
  standby?.stop();
  primary?.stop();
  rmSync(scratch, { recursive: true, force: true });
});

describe('a server reading a hot-standby replica', () => {
  it('serves what an import into the primary wrote, with the new version', async () => {
    const before = await api.json<DatasetMeta>('/api/meta');
    expect(before.version).toBe(1);
    const file = join(scratch, 'one.csv');
    writeFileSync(
      file,
      'Guid,Type,NameMakanAmoozeshi,Lat,Long\r\nD0000000-0000-4000-8000-000000000001,Centers,مرکز تازه تکثیر,35.7001,51.4001\r\n',
    );
    const run = runScript('import', [file, '--db', primary.url('makan')]);
    expect(run.code, run.err).toBe(0);

    const started = Date.now();
    let meta = before;
    while (meta.version === before.version && Date.now() - started < 15_000) {
      await new Promise((r) => setTimeout(r, 200));
      meta = await api.json<DatasetMeta>('/api/meta');
    }
    expect(meta.version).toBe(before.version + 1);
    expect(meta.locations).toBe(before.locations + 1);
    const near = (await (
      await api.post(`/api/Map/LazyLoad/${typeByRoute('Centers')!.typeId}`, {
        MinLat: 35.69,
        MinLon: 51.39,
        MaxLat: 35.71,
        MaxLon: 51.41,
      })
    ).json()) as MapLocation[];
    expect(near.map((p) => p.Name)).toContain('مرکز تازه تکثیر');
  });

  it('refuses writes: an import pointed at the replica applies nothing', async () => {
    const file = join(scratch, 'two.csv');
    writeFileSync(
      file,
      'Guid,Type,NameMakanAmoozeshi,Lat,Long\r\nD0000000-0000-4000-8000-000000000002,Centers,نباید,35.7,51.4\r\n',
    );
    const run = runScript('import', [file, '--db', standby.url('makan')]);
    expect(run.code).not.toBe(0);
    expect(run.err).toMatch(/read-only|recovery|standby/i);
  });
});
