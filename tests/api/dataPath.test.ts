/** Real data in and out: validated atomic import, idempotence, prune, export round trip, live versions. */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChartRow, DatasetMeta, MapLocation } from '../../domain/gateway';
import { typeByRoute } from '../../domain/locationTypes';
import { ApiClient, startTestServer, STORE_KINDS, type TestServer } from '../support/testServer';
import { suiteDir } from '../support/testDir';
import { runScript } from '../support/serverProcess';
import type { ScriptEntry } from '../../tools/build/serverBuild';
import { excelWorkbook } from '../support/spreadsheetFiles';

const centers = typeByRoute('Centers')!;
describe.each(STORE_KINDS)('%s store', (store) => {
  let server: TestServer;
  let api: ApiClient;
  let dir: string;
  let removeDir: () => void;

  /** `input`: what the command is piped on its standard input. */
  const cli = (script: ScriptEntry, args: string[], input?: Buffer) =>
    runScript(script, [...args, '--db', server.dbFile], input);

  /**
   * Polls until `check` holds, for at most `ms`: the server notices another process's change when it next polls
   * the version; the limit is the machine's patience under load, not a speed this asserts.
   */
  async function within<T>(ms: number, read: () => Promise<T>, check: (value: T) => boolean): Promise<T> {
    const started = Date.now();
    for (;;) {
      const value = await read();
      if (check(value)) return value;
      if (Date.now() - started > ms) return value;
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  const HEADER = 'Guid,Type,NameMakanAmoozeshi,Lat,Long,Ostan,Address,ShowMoreDetails,daynamicFields';
  const GOOD = [
    // Arabic yeh and kaf in the name, surrounding spaces: stored as Persian ی and ک, trimmed.
    `A0000000-0000-4000-8000-000000000001,centers,"  مركز يادگيري تهران  ",35.70123,51.40456,Tehran,"خیابان آزادی، ""پلاک ۲""",true,"[{""Label"":""ظرفیت"",""Value"":""۲۰"",""Type"":""input""}]"`,
    // A field with a comma and a line break inside quotes.
    `A0000000-0000-4000-8000-000000000002,Centers,"مرکز نمونه، شعبه دو",35.71,51.42,,"سطر یک\nسطر دو",0,`,
  ];
  const BAD = [
    'not-a-guid,Centers,بد,35.7,51.4,,,,',
    'A0000000-0000-4000-8000-000000000003,Centers,بیرون,10.0,10.0,,,,',
    'A0000000-0000-4000-8000-000000000004,Centers,تناقض,35.7,51.4,Fars,,,',
    'A0000000-0000-4000-8000-000000000005,NoSuchType,نوع,35.7,51.4,,,,',
    'A0000000-0000-4000-8000-000000000001,Centers,تکراری,35.7,51.4,,,,',
    'A0000000-0000-4000-8000-000000000006,Centers,فیلد,35.7,51.4,,,,"[{""Label"":""x"",""Value"":1,""Type"":""video""}]"',
  ];

  async function centersNear(): Promise<MapLocation[]> {
    return (await (
      await api.post(`/api/Map/LazyLoad/${centers.typeId}`, {
        MinLat: 35.69,
        MinLon: 51.39,
        MaxLat: 35.72,
        MaxLon: 51.43,
      })
    ).json()) as MapLocation[];
  }
  const total = async () =>
    (await api.json<ChartRow[]>(`/api/TVTOBase/OrglocationChartData/${centers.typeId}`)).reduce(
      (s, r) => s + r.Count,
      0,
    );

  beforeAll(async () => {
    server = await startTestServer({ store, points: 2000 });
    api = new ApiClient(server.baseUrl);
    ({ dir, remove: removeDir } = suiteDir('import'));
  });
  afterAll(async () => {
    await server.stop();
    removeDir();
  });

  describe('import', () => {
    it('a file with invalid rows applies nothing, exits non-zero and names every bad row by line and field', async () => {
      const before = await api.json<DatasetMeta>('/api/meta');
      const file = join(dir, 'mixed.csv');
      writeFileSync(file, `\uFEFF${[HEADER, ...GOOD, ...BAD].join('\r\n')}\r\n`);
      const run = cli('import', [file, '--report', join(dir, 'report.json')]);
      expect(run.code, run.out + run.err).toBe(1);
      // The header is line 1; the second good row spans lines 3-4, so the bad rows are lines 5 to 10.
      const report = JSON.parse(readFileSync(join(dir, 'report.json'), 'utf8')) as {
        problems: { where: string; field: string; message: string }[];
        applied: boolean;
      };
      expect(report.applied).toBe(false);
      const byLine = new Map(report.problems.map((p) => [p.where, p]));
      expect(byLine.get('line 5')?.field).toBe('Guid');
      expect(byLine.get('line 6')?.message).toMatch(/outside Iran/);
      expect(byLine.get('line 7')?.field).toBe('Ostan');
      expect(byLine.get('line 8')?.field).toBe('Type');
      expect(byLine.get('line 9')?.message).toMatch(/given again \(first at line 2\)/);
      expect(byLine.get('line 10')?.field).toBe('daynamicFields');
      expect(run.err).toContain('line 7: Ostan:');
      expect((await api.json<DatasetMeta>('/api/meta')).version).toBe(before.version);
      expect((await centersNear()).some((p) => p.Guid.startsWith('A0000000'))).toBe(false);
    });

    it('takes a file piped on standard input (`-`) as it takes the same file by name, a workbook refused as one', () => {
      const file = join(dir, 'piped.csv');
      writeFileSync(file, `\uFEFF${[HEADER, ...GOOD].join('\r\n')}\r\n`);
      const counts = (out: string) => /: (inserted [^(]+) \(/.exec(out)?.[1];
      const named = cli('import', [file, '--dry-run']);
      const piped = cli('import', ['-', '--format', 'csv', '--dry-run'], readFileSync(file));
      expect(piped.code, piped.out + piped.err).toBe(0);
      expect(piped.out).toMatch(/^standard input -> /);
      expect(counts(piped.out)).toBe(counts(named.out));
      expect(counts(piped.out)).toMatch(/^inserted 2, /);
      // A pipe has no name to tell its format by.
      const unnamed = cli('import', ['-', '--dry-run'], readFileSync(file));
      expect(unnamed.code).toBe(1);
      expect(unnamed.err).toMatch(/--format csv\|geojson/);
      const workbook = cli('import', ['-', '--format', 'csv'], excelWorkbook());
      expect(workbook.code).toBe(1);
      expect(workbook.err).toMatch(/^makan import: standard input: .*CSV UTF-8/);
    });

    it('with --skip-invalid the good rows appear on a running server, with counts agreeing everywhere', async () => {
      const before = await api.json<DatasetMeta>('/api/meta');
      const beforeTotal = await total();
      // The cluster index is built (and cached) before the change.
      const clustersOf = () =>
        api.json<{ Count: number }[]>(
          `/api/TVTOBase/OrglocationMap/${centers.typeId}?zoom=5&minLat=20&minLon=40&maxLat=42&maxLon=66`,
        );
      expect((await clustersOf()).reduce((s, c) => s + c.Count, 0)).toBe(beforeTotal);
      const run = cli('import', [join(dir, 'mixed.csv'), '--skip-invalid']);
      expect(run.code, run.out + run.err).toBe(3);
      expect(run.out).toMatch(/inserted 2, updated 0, unchanged 0, deleted 0, rejected 6/);
      const meta = await within(
        15_000,
        () => api.json<DatasetMeta>('/api/meta'),
        (m) => m.version > before.version,
      );
      expect(meta.version).toBe(before.version + 1);
      expect(Date.parse(meta.updatedAt)).toBeGreaterThan(Date.parse(before.updatedAt));
      expect(meta.locations).toBe(before.locations + 2);
      const near = await centersNear();
      const imported = near.find((p) => p.Guid === 'A0000000-0000-4000-8000-000000000001')!;
      expect(imported.Name).toBe('مرکز یادگیری تهران');
      // Once /api/meta has told of the new version, nothing derived from the old data is answered.
      expect(await total()).toBe(beforeTotal + 2);
      const names = await api.json<string[]>(`/api/TVTOBase/OrglocationByTypeAndOstan/${centers.typeId}/Tehran`);
      expect(names).toContain('مرکز یادگیری تهران');
      const detail = await api.json<{ Address: string; ShowMoreDetails: boolean }>(
        `/api/TVTOBase/GetMapLocationDetailsx/A0000000-0000-4000-8000-000000000002`,
      );
      expect(detail.Address).toBe('سطر یک\nسطر دو');
      // Clusters were rebuilt from the new data: their counts add up to the new total.
      expect((await clustersOf()).reduce((s, c) => s + c.Count, 0)).toBe(beforeTotal + 2);
    });

    // Two whole exports and three imports, each a process of its own: 11 s alone, 39 s once in a fresh-clone run
    // beside the failover file on a slow hour. The suite's 30 s is a clock, not what this test is about.
    it(
      'the same file again changes nothing, and export then import changes nothing',
      { timeout: 120_000 },
      async () => {
        const before = await api.json<DatasetMeta>('/api/meta');
        expect(cli('import', [join(dir, 'mixed.csv'), '--skip-invalid']).out).toMatch(
          /inserted 0, updated 0, unchanged 2, deleted 0/,
        );
        for (const format of ['csv', 'geojson']) {
          const out = join(dir, `all.${format}`);
          expect(cli('export', ['--out', out]).code).toBe(0);
          const again = cli('import', [out]);
          expect(again.code, again.err).toBe(0);
          expect(again.out).toMatch(
            new RegExp(`inserted 0, updated 0, unchanged ${before.locations}, deleted 0, rejected 0`),
          );
        }
        expect((await api.json<DatasetMeta>('/api/meta')).version).toBe(before.version);
      },
    );

    it("an update changes the location; --prune deletes the type's locations the file leaves out; --dry-run applies nothing", async () => {
      const file = join(dir, 'centers.csv');
      expect(cli('export', ['--type', 'Centers', '--out', file]).code).toBe(0);
      const lines = readFileSync(file, 'utf8')
        .replace(/^\uFEFF/, '')
        .split('\r\n')
        .filter(Boolean);
      const kept = [lines[0]!, ...lines.slice(1, 11)];
      kept[1] = kept[1]!.replace(/^([^,]+),([^,]+),([^,]+),/, '$1,$2,نام تازه,');
      writeFileSync(file, kept.join('\r\n'));
      const centersBefore = await total();
      const dry = cli('import', [file, '--prune', '--dry-run']);
      expect(dry.code, dry.err).toBe(0);
      expect(dry.out).toMatch(new RegExp(`updated 1, unchanged 9, deleted ${centersBefore - 10}`));
      expect(await total()).toBe(centersBefore);
      const real = cli('import', [file, '--prune']);
      expect(real.code, real.err).toBe(0);
      await within(15_000, total, (t) => t === 10);
      expect(await total()).toBe(10);
      const guid = kept[1]!.split(',')[0]!;
      expect(
        (await api.json<{ NameMakanAmoozeshi: string }>(`/api/TVTOBase/GetMapLocationDetailsx/${guid}`))
          .NameMakanAmoozeshi,
      ).toBe('نام تازه');
    });

    it('GeoJSON: positions from the geometry, unknown properties refused unless ignored', async () => {
      const file = join(dir, 'one.geojson');
      const feature = (props: Record<string, unknown>) => ({
        type: 'Feature',
        geometry: { type: 'Point', coordinates: [51.3, 35.75] },
        properties: props,
      });
      const base = {
        Guid: 'B0000000-0000-4000-8000-000000000001',
        Type: 'Academy',
        NameMakanAmoozeshi: 'آموزشگاه جی‌سون',
        daynamicFields: [{ Label: 'الف', Value: 'ب', Type: 'text' }],
      };
      writeFileSync(
        file,
        JSON.stringify({ type: 'FeatureCollection', features: [feature({ ...base, Colour: 'red' })] }),
      );
      const refused = cli('import', [file]);
      expect(refused.code).toBe(1);
      expect(refused.err).toMatch(/feature 0: Colour: is not a field/);
      const ignored = cli('import', [file, '--ignore-unknown']);
      expect(ignored.code, ignored.err).toBe(0);
      expect(ignored.out).toMatch(/inserted 1/);
    });

    it('GeoJSON as a GIS writes it: a MultiPoint of one point, a height, names in lower case, WGS 84 named; another CRS refused', () => {
      const file = join(dir, 'gis.geojson');
      const at = (n: number) => [51.3 + n / 100, 35.75];
      // The second feature's properties named in lower case, as a GIS's attribute table may hold them.
      const properties = (n: number) =>
        Object.fromEntries(
          Object.entries({
            Guid: `C0000000-0000-4000-8000-00000000000${n}`,
            Type: 'Academy',
            NameMakanAmoozeshi: `آموزشگاه نقشه ${n}`,
          }).map(([key, value]) => [n === 1 ? key.toLowerCase() : key, value]),
        );
      const layer = (crs: string, geometries: unknown[]) => ({
        type: 'FeatureCollection',
        name: 'locations',
        crs: { type: 'name', properties: { name: crs } },
        features: geometries.map((geometry, n) => ({ type: 'Feature', id: n, geometry, properties: properties(n) })),
      });
      const read = [
        { type: 'MultiPoint', coordinates: [at(0)] },
        { type: 'Point', coordinates: [...at(1), 1200.5] },
      ];
      writeFileSync(file, JSON.stringify(layer('urn:ogc:def:crs:OGC:1.3:CRS84', read)));
      const run = cli('import', [file, '--dry-run']);
      expect(run.code, run.out + run.err).toBe(0);
      expect(run.out).toMatch(/inserted 2, /);
      // More than one point is more than one location: which one is meant is not guessed.
      writeFileSync(file, JSON.stringify(layer('EPSG:4326', [{ type: 'MultiPoint', coordinates: [at(0), at(1)] }])));
      expect(cli('import', [file, '--dry-run']).err).toMatch(/feature 0: geometry: must be a Feature with a Point/);
      // Projected metres read as degrees would put every point outside Iran, each refused alone: the file is.
      const utm = layer('urn:ogc:def:crs:EPSG::32639\u001b[2J', [{ type: 'Point', coordinates: [500000, 3950000] }]);
      writeFileSync(file, JSON.stringify(utm));
      const refused = cli('import', [file, '--dry-run']);
      expect(refused.code).toBe(1);
      expect(refused.err).toContain(
        'file: crs: the coordinates are in urn:ogc:def:crs:EPSG::32639[2J, not longitude and latitude: export the layer as WGS 84 (EPSG:4326)',
      );
      expect(refused.err).not.toContain('\u001b');
      // One field under two names, as a joined attribute table can have it: which value is meant is not guessed.
      const twice = layer('EPSG:4326', [{ type: 'Point', coordinates: at(0) }]);
      Object.assign(twice.features[0]!.properties, { guid: 'C0000000-0000-4000-8000-000000000009' });
      writeFileSync(file, JSON.stringify(twice));
      const doubled = cli('import', [file, '--dry-run']);
      expect(doubled.code).toBe(1);
      expect(doubled.err).toContain('feature 0: Guid: is named twice, in different cases (Guid, guid): keep one');
    });

    it('a broken file is refused with its line, and nothing changes', async () => {
      const file = join(dir, 'broken.csv');
      writeFileSync(file, `${HEADER}\r\n"A0000000-0000-4000-8000-000000000009,Centers,"unterminated,35.7,51.4,,,,\r\n`);
      const run = cli('import', [file]);
      expect(run.code).toBe(1);
      // Where the quote breaks it (the first field opens a quote that closes inside the row), not the file's end.
      expect(run.err).toMatch(/line 2: Guid: a quote \("\) here breaks the CSV/);
    });
  });
});
