/**
 * Versioned downloads, on both stores over real HTTP: latest redirects to the current version, whose files
 * hold exactly the stored records (all, one type, or what filters keep) in the import format, with metadata
 * counting them; a version no longer current is refused. (The round trip through `npm run import` is in
 * readmeCommands.test.ts.)
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'csv-parse/sync';
import type { DatasetMeta } from '../../domain/gateway';
import type { DownloadMetadata } from '../../domain/downloads';
import { foldText } from '../../domain/text';
import { typeByRoute } from '../../domain/locationTypes';
import type { LocationRecord } from '../../server/store/LocationStore';
import { typeKeyOf } from '../../server/store/catalogueKeys';
import { ApiClient, startTestServer, storedRecords, STORE_KINDS, type TestServer } from '../support/testServer';

const centers = typeByRoute('Centers')!;
const WOMEN = 'زنانه';

describe.each(STORE_KINDS)('downloads (%s store)', (store) => {
  let server: TestServer;
  let api: ApiClient;
  let records: LocationRecord[];
  let meta: DatasetMeta;

  beforeAll(async () => {
    server = await startTestServer({ store, points: 1200 });
    api = new ApiClient(server.baseUrl);
    records = await storedRecords(server, null);
    meta = await api.json<DatasetMeta>('/api/meta');
  });
  afterAll(() => server.stop());

  const rowsOf = (csv: string) => parse(csv.replace(/^\uFEFF/, ''), { columns: true }) as Record<string, string>[];

  it('latest redirects to the current version, keeping the query', async () => {
    const response = await api.request('/api/downloads/latest/locations.csv?type=Centers', { redirect: 'manual' });
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe(`/api/downloads/${meta.version}/locations.csv?type=Centers`);
  });

  it("reads every location the database counts, once, type after type in the catalogue's key order", async () => {
    // Across the pages of each type (SQLite reads 250 rows at a time) and from one type to the next.
    expect(records).toHaveLength(meta.locations);
    expect(new Set(records.map((r) => r.guid)).size).toBe(meta.locations);
    const runs = records.map((r) => typeKeyOf.get(r.typeId)!).filter((key, i, keys) => key !== keys[i - 1]);
    expect(runs).toEqual([...new Set(runs)].sort((a, b) => a - b));
    expect(runs.length).toBeGreaterThan(5);
  });

  it('the whole dataset as CSV is every stored record, once, with the metadata counting them', async () => {
    // As a visitor's first request (no cookie yet): kept by a cache for everyone, it carries no XSRF token.
    const response = await fetch(`${server.baseUrl}/api/downloads/${meta.version}/locations.csv`);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toContain('immutable');
    expect(response.headers.get('set-cookie')).toBeNull();
    const rows = rowsOf(await response.text());
    expect(rows.map((r) => r['Guid']).sort()).toEqual(records.map((r) => r.guid).sort());
    const byGuid = new Map(records.map((r) => [r.guid, r]));
    for (const row of rows.slice(0, 50)) {
      const record = byGuid.get(row['Guid']!)!;
      expect([row['NameMakanAmoozeshi'], Number(row['Lat']), Number(row['Long'])]).toEqual([
        record.name,
        record.lat,
        record.lon,
      ]);
    }
    const metadata = await api.json<DownloadMetadata>(`/api/downloads/${meta.version}/metadata.json`);
    expect(metadata.Version).toBe(meta.version);
    expect(metadata.Count).toBe(records.length);
    expect(metadata.Fields.map((f) => f.Name)).toEqual(Object.keys(rows[0]!));
    const centerCount = metadata.ByType.find((t) => t.Type === 'Centers')!.Count;
    expect(centerCount).toBe(records.filter((r) => r.typeId === centers.typeId).length);
  });

  it('one type under a filter, as GeoJSON, is exactly the records that pass', async () => {
    const geojson = await api.json<{ features: { properties: { Guid: string; Gender: string } }[] }>(
      `/api/downloads/${meta.version}/locations.geojson?type=Centers&gender=${encodeURIComponent(WOMEN)}`,
    );
    const expected = records
      .filter((r) => r.typeId === centers.typeId && foldText(r.gender) === foldText(WOMEN))
      .map((r) => r.guid)
      .sort();
    expect(expected.length).toBeGreaterThan(0);
    expect(geojson.features.map((f) => f.properties.Guid).sort()).toEqual(expected);
  });

  it('refuses a version no longer current, an unknown type and an unknown file', async () => {
    const gone = await api.request(`/api/downloads/${meta.version + 1}/locations.csv`);
    expect(gone.status).toBe(404);
    expect(((await gone.json()) as { error: string }).error).toBe('version_gone');
    expect((await api.request(`/api/downloads/${meta.version}/locations.csv?type=Nowhere`)).status).toBe(404);
    expect((await api.request(`/api/downloads/${meta.version}/locations.xlsx`)).status).toBe(400);
  });
});
