/**
 * Every answer is made from one dataset version and says which, also in the moment after an import commits
 * and before the server has noticed: the answers asked right then, all at once, must each equal what the
 * server answers at the version it labels them with, as a staff member checking their work would meet them.
 * On SQLite the import runs on the server's own connection, whose commits its watch never sees: only the
 * answers' own reads can tell the version moved.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATASET_VERSION_HEADER, MIN_VERSION_HEADER, VERSION_BEHIND } from '../../domain/http';
import { typeByRoute } from '../../domain/locationTypes';
import { runImport } from '../../server/importer/runImport';
import { testDir } from '../support/testDir';
import { startTestServer, STORE_KINDS, type TestServer } from '../support/testServer';

const CENTERS = typeByRoute('Centers')!.typeId;
const NEW_GUIDS = [1, 2, 3].map((n) => `C0000000-0000-4000-8000-00000000B0${n}0`);
const FLOOR_GUID = 'C0000000-0000-4000-8000-00000000B0F0';

interface Answer {
  retryAfter: string | null;
  status: number;
  version: number;
  body: string;
}

describe.each(STORE_KINDS)('one dataset version per answer (%s store)', (store) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ store, points: 800 });
  });
  afterAll(() => server.stop());

  const ask = async (path: string, headers: Record<string, string> = {}): Promise<Answer> => {
    const response = await fetch(`${server.baseUrl}${path}`, { headers });
    return {
      retryAfter: response.headers.get('retry-after'),
      status: response.status,
      version: Number(response.headers.get(DATASET_VERSION_HEADER)),
      body: await response.text(),
    };
  };

  it('answers the metadata, chart, bubbles, clusters, detail and search from the version it names', async () => {
    const v1 = Number(JSON.parse((await ask('/api/meta')).body).version);
    const paths = [
      `/api/downloads/${v1}/metadata.json`,
      `/api/downloads/${v1 + 1}/metadata.json?type=Centers`,
      `/api/TVTOBase/OrglocationChartData/${CENTERS}`,
      `/api/TVTOBase/OrglocationMap/${CENTERS}`,
      `/api/TVTOBase/OrglocationMap/${CENTERS}?zoom=5&minLat=24&minLon=43&maxLat=40&maxLon=64`,
      `/api/TVTOBase/GetMapLocationDetailsx/${NEW_GUIDS[0]}`,
      `/api/search?q=${encodeURIComponent('نسخه دو')}`,
      '/api/meta',
    ];
    // Version 1's answers, every derived thing built.
    const before = await Promise.all(paths.map((path) => ask(path)));
    expect(before.every((answer) => answer.version === v1)).toBe(true);

    const csv = await (await fetch(`${server.baseUrl}/api/downloads/latest/locations.csv?type=Centers`)).text();
    const rows = parse(csv.replace(/^\uFEFF/, ''), { columns: true }) as Record<string, string>[];
    const added = NEW_GUIDS.map((guid, i) => ({ ...rows[i]!, Guid: guid, NameMakanAmoozeshi: `مرکز نسخه دو ${i}` }));
    const file = join(testDir('one-version'), 'centers.csv');
    writeFileSync(file, stringify([...rows, ...added], { header: true, columns: Object.keys(rows[0]!) }));
    const result = await runImport(server.store, file, { prune: false });
    expect(result.applied, result.reason ?? '').toBe(true);

    // Asked at once, right after the commit.
    const during = await Promise.all(paths.map((path) => ask(path)));

    // Version 2's answers, once the server has surely switched.
    const after = await Promise.all(paths.map((path) => ask(path)));
    expect(after.every((answer) => answer.version === v1 + 1)).toBe(true);
    const answersAt = new Map([
      [v1, before],
      [v1 + 1, after],
    ]);
    during.forEach((answer, i) => {
      const expected = answersAt.get(answer.version)?.[i];
      expect(expected, `${paths[i]} said version ${answer.version}`).toBeDefined();
      expect({ path: paths[i], status: answer.status, body: answer.body }).toEqual({
        path: paths[i],
        status: expected!.status,
        body: expected!.body,
      });
    });
    // The new version shows what the import added.
    expect(after[5]!.status).toBe(200);
    expect(JSON.parse(after[1]!.body).Count).toBe(
      JSON.parse(before[3]!.body).reduce((n: number, b: { Count: number }) => n + b.Count, 0) + 3,
    );
  });

  it('answers a client that has seen the new version from it at once, and refuses a version it does not have', async () => {
    const v = Number(JSON.parse((await ask('/api/meta')).body).version);
    const csv = await (await fetch(`${server.baseUrl}/api/downloads/latest/locations.csv?type=Centers`)).text();
    const rows = parse(csv.replace(/^\uFEFF/, ''), { columns: true }) as Record<string, string>[];
    const added = { ...rows[0]!, Guid: FLOOR_GUID, NameMakanAmoozeshi: 'مرکز کف نسخه' };
    const file = join(testDir('one-version'), 'floor.csv');
    writeFileSync(file, stringify([...rows, added], { header: true, columns: Object.keys(rows[0]!) }));
    const result = await runImport(server.store, file, { prune: false });
    expect(result.applied, result.reason ?? '').toBe(true);
    // Right after the commit, before the server has surely noticed: a client that has seen the new version (the
    // staff member who just imported, another server's answer) is answered from it, every read at once.
    const seen = { [MIN_VERSION_HEADER]: String(v + 1) };
    const paths = [
      '/api/meta',
      `/api/TVTOBase/OrglocationChartData/${CENTERS}`,
      `/api/TVTOBase/GetMapLocationDetailsx/${FLOOR_GUID}`,
      `/api/TVTOBase/OrglocationMap/${CENTERS}?zoom=5&minLat=24&minLon=43&maxLat=40&maxLon=64`,
    ];
    const answers = await Promise.all(paths.map((path) => ask(path, seen)));
    expect(answers.map((a) => [a.status, a.version])).toEqual(paths.map(() => [200, v + 1]));
    // A version no server has: refused after a moment's wait, with when to ask again; never the older answer.
    const refused = await ask('/api/meta', { [MIN_VERSION_HEADER]: String(v + 50) });
    expect([refused.status, refused.retryAfter, JSON.parse(refused.body).error]).toEqual([503, '1', VERSION_BEHIND]);
    // A floor said badly is no floor.
    expect((await ask('/api/meta', { [MIN_VERSION_HEADER]: 'latest' })).status).toBe(200);
  });
});
