/**
 * What changed, on both stores over real HTTP: a file downloaded from the server, edited (one location
 * renamed, one moved 1 km, one nudged 10 m, one dropped, one added) and imported with prune, is recorded as
 * its version's change: 1 added, 1 removed, 1 moved (the nudge is under 100 m), 1 renamed, in the right type
 * and provinces.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatasetChange } from '../../domain/changes';
import type { DatasetMeta } from '../../domain/gateway';
import { runImport } from '../../server/importer/runImport';
import { openStore } from '../../server/store/openStore';
import { ApiClient, startTestServer, STORE_KINDS, type TestServer } from '../support/testServer';
import { testDir } from '../support/testDir';

describe.each(STORE_KINDS)('what changed (%s store)', (store) => {
  let server: TestServer;
  let api: ApiClient;

  beforeAll(async () => {
    server = await startTestServer({ store, points: 800 });
    api = new ApiClient(server.baseUrl);
  });
  afterAll(() => server.stop());

  it('records an import’s added, removed, moved and renamed locations by type and province', async () => {
    const before = await api.json<DatasetMeta>('/api/meta');
    const csv = await (await api.request('/api/downloads/latest/locations.csv?type=Centers')).text();
    const rows = parse(csv.replace(/^\uFEFF/, ''), { columns: true }) as Record<string, string>[];
    const [renamed, moved, nudged, dropped] = rows;
    renamed!['NameMakanAmoozeshi'] = `${renamed!['NameMakanAmoozeshi']} (نام تازه)`;
    moved!['Lat'] = String(Number(moved!['Lat']) + 0.009); // about 1 km north
    nudged!['Lat'] = String(Number(nudged!['Lat']) + 0.00009); // about 10 m north
    const added = { ...rows[4]!, Guid: 'C0000000-0000-4000-8000-00000000CAFE', NameMakanAmoozeshi: 'مرکز تازه' };
    const kept = [...rows.filter((r) => r !== dropped), added];
    const dir = testDir('changes');
    const file = join(dir, 'centers.csv');
    writeFileSync(file, stringify(kept, { header: true, columns: Object.keys(rows[0]!) }));
    const { store: writer } = await openStore(server.dbFile);
    try {
      const result = await runImport(writer, file, { prune: true });
      expect(result.applied, result.reason ?? '').toBe(true);
    } finally {
      writer.close();
    }

    const changes = await api.json<DatasetChange[]>(`/api/changes?since=${before.version}`);
    expect(changes).toHaveLength(1);
    const [change] = changes;
    expect(change!.Version).toBe(before.version + 1);
    expect([change!.Added, change!.Removed, change!.Moved, change!.Renamed]).toEqual([1, 1, 1, 1]);
    expect(change!.ByType.map((t) => t.Route)).toEqual(['Centers']);
    const inProvince = (name: string) => change!.ByType[0]!.ByProvince.filter((p) => p.EnName === name);
    expect(inProvince(dropped!['Ostan']!).reduce((sum, p) => sum + p.Removed, 0)).toBe(1);
    expect(inProvince(moved!['Ostan']!).reduce((sum, p) => sum + p.Moved, 0)).toBe(1);
    // Older versions are left out by `since`; all of them without it, newest first.
    const all = await api.json<DatasetChange[]>('/api/changes');
    expect(all[0]!.Version).toBe(change!.Version);
    expect(all.map((c) => c.Version)).toEqual([...all.map((c) => c.Version)].sort((a, b) => b - a));
  });
});
