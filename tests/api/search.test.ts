/** Search by name and nearest locations, on both stores, over real HTTP. */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MapLocation } from '../../domain/gateway';
import { typeByRoute } from '../../domain/locationTypes';
import type { NearestResult, SearchResult } from '../../domain/search';
import { greatCircleKm } from '../../server/geo/greatCircle';
import { createRng } from '../../server/seed/rng';
import { ApiClient, startTestServer, STORE_KINDS, type TestServer } from '../support/testServer';
import { suiteDir } from '../support/testDir';
import { runScript } from '../support/serverProcess';

const centers = typeByRoute('Centers')!;
const academy = typeByRoute('Academy')!;

const guid = (n: number) => `B0000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const HEADER = 'Guid,Type,NameMakanAmoozeshi,Lat,Long';
/** Names around one rare word, one per rank class, and two ties whose Persian order differs from code-point order. */
const ROWS = [
  [1, 'Centers', 'مرکزژرفکاو', 35.7, 51.4],
  [2, 'Centers', 'مرکز ژرفکاو لار', 35.71, 51.41],
  [3, 'Centers', 'ژرفکاو شمالی', 35.72, 51.42],
  [4, 'Centers', 'ژرفکاو', 35.73, 51.43],
  [5, 'Centers', 'مرکز ژرفکاو گیلان', 32.65, 51.67],
  [6, 'Academy', 'آموزشگاه ژرفکاو', 35.74, 51.44],
  [7, 'Centers', 'کارگاه سپیدار ۱۲', 35.75, 51.45],
] as const;

describe.each(STORE_KINDS)('%s store', (store) => {
  let server: TestServer;
  let api: ApiClient;
  let dir: string;
  let removeDir: () => void;

  function importCsv(lines: string[], extra: string[] = []) {
    const file = join(dir, `import-${Math.random().toString(36).slice(2)}.csv`);
    writeFileSync(file, [HEADER, ...lines].join('\n'));
    const result = runScript('import', [file, ...extra, '--db', server.dbFile]);
    expect(result.code, result.err).toBe(0);
  }
  const search = (query: string) => api.json<SearchResult[]>(`/api/search?${query}`);
  const names = async (query: string) => (await search(query)).map((r) => r.Name);

  beforeAll(async () => {
    server = await startTestServer({ store, points: 2000 });
    api = new ApiClient(server.baseUrl);
    ({ dir, remove: removeDir } = suiteDir('search'));
    importCsv(ROWS.map(([n, type, name, lat, lon]) => `${guid(n)},${type},${name},${lat},${lon}`));
  });
  afterAll(async () => {
    await server.stop();
    removeDir();
  });

  it('ranks whole name, then name start, then word start, then elsewhere; ties by Persian name order', async () => {
    expect(await names(`q=${encodeURIComponent('ژرفکاو')}`)).toEqual([
      'ژرفکاو',
      'ژرفکاو شمالی',
      'آموزشگاه ژرفکاو',
      'مرکز ژرفکاو گیلان',
      'مرکز ژرفکاو لار',
      'مرکزژرفکاو',
    ]);
  });

  it('keeps the ranking when the limit falls inside or just after the name starts', async () => {
    const q = encodeURIComponent('ژرفکاو');
    expect(await names(`q=${q}&limit=1`)).toEqual(['ژرفکاو']);
    expect(await names(`q=${q}&limit=2`)).toEqual(['ژرفکاو', 'ژرفکاو شمالی']);
    expect(await names(`q=${q}&limit=3`)).toEqual(['ژرفکاو', 'ژرفکاو شمالی', 'آموزشگاه ژرفکاو']);
    expect(await names(`q=${q}&type=${centers.typeId}&limit=2`)).toEqual(['ژرفکاو', 'ژرفکاو شمالی']);
  });

  it('breaks ties by distance from lat/lon when given', async () => {
    const near = await names(`q=${encodeURIComponent('مرکز ژرفکاو')}&lat=35.71&lon=51.41`);
    expect(near.slice(0, 2)).toEqual(['مرکز ژرفکاو لار', 'مرکز ژرفکاو گیلان']);
    const nearIsfahan = await names(`q=${encodeURIComponent('مرکز ژرفکاو')}&lat=32.6&lon=51.6`);
    expect(nearIsfahan.slice(0, 2)).toEqual(['مرکز ژرفکاو گیلان', 'مرکز ژرفکاو لار']);
  });

  it('folds Arabic letters, digit scripts, ZWNJ and tatweel in the query', async () => {
    expect(await names(`q=${encodeURIComponent('ژرفكاو')}`)).toHaveLength(6);
    expect(await names(`q=${encodeURIComponent('سپیدار 12')}`)).toEqual(['کارگاه سپیدار ۱۲']);
    expect(await names(`q=${encodeURIComponent('سپيدار ١٢')}`)).toEqual(['کارگاه سپیدار ۱۲']);
    expect(await names(`q=${encodeURIComponent('کارگاه\u200Cسپـیدار')}`)).toEqual(['کارگاه سپیدار ۱۲']);
  });

  it('finds a name written with «و» when the query leaves it out, only where the query as typed finds nothing', async () => {
    const withAnd = await names(`q=${encodeURIComponent('فنی و حرفه ای استان مرکزی')}`);
    expect(withAnd.length).toBeGreaterThan(0);
    expect(await names(`q=${encodeURIComponent('فنی حرفه ای استان مرکزی')}`)).toEqual(withAnd);
    // Counted and filtered the same way.
    const total = async (text: string) =>
      (await api.request(`/api/search?count=1&q=${encodeURIComponent(text)}`)).headers.get('x-makan-total');
    expect(await total('فنی حرفه‌ای')).toBe(await total('فنی و حرفه‌ای'));
    expect(Number((await total('فنی حرفه‌ای'))!.replace('+', ''))).toBeGreaterThan(0);
    // Under a filter that leaves some of them.
    let filteredWithAnd: SearchResult[] = [];
    let filtered = '';
    for (const gender of ['مختلط', 'مردانه', 'زنانه']) {
      filtered = `&gender=${encodeURIComponent(gender)}`;
      filteredWithAnd = await search(`q=${encodeURIComponent('فنی و حرفه ای')}${filtered}`);
      if (filteredWithAnd.length > 0) break;
    }
    expect(filteredWithAnd.length).toBeGreaterThan(0);
    expect(await search(`q=${encodeURIComponent('فنی حرفه ای')}${filtered}`)).toEqual(filteredWithAnd);
    // A text that finds names as typed is not tried otherwise.
    expect(await names(`q=${encodeURIComponent('سپیدار 12')}`)).toEqual(['کارگاه سپیدار ۱۲']);
  });

  it('answers the contract: fields, route and Persian province; a type filter', async () => {
    const [first] = await search(`q=${encodeURIComponent('آموزشگاه ژرفکاو')}`);
    expect(first).toEqual({
      Guid: guid(6),
      Name: 'آموزشگاه ژرفکاو',
      Lat: 35.74,
      Long: 51.44,
      TypeId: academy.typeId,
      Route: 'Academy',
      OstanName: 'تهران',
    });
    expect(await names(`q=${encodeURIComponent('ژرفکاو')}&type=${academy.typeId}`)).toEqual(['آموزشگاه ژرفکاو']);
  });

  it('puts the preferred type (the map the visitor is on) first, then the others, and counts every match', async () => {
    const q = encodeURIComponent('ژرفکاو');
    expect((await names(`q=${q}&prefer=${academy.typeId}&limit=3`))[0]).toBe('آموزشگاه ژرفکاو');
    expect(await names(`q=${q}&prefer=${centers.typeId}`)).toEqual([
      ...(await names(`q=${q}&type=${centers.typeId}`)),
      'آموزشگاه ژرفکاو',
    ]);
    const response = await api.request(`/api/search?q=${q}&limit=2&count=1`);
    expect(((await response.json()) as unknown[]).length).toBe(2);
    expect(response.headers.get('x-makan-total')).toBe('6');
    // An answer short of its limit is the whole count.
    expect(
      (await api.request(`/api/search?q=${q}&prefer=${academy.typeId}&count=1`)).headers.get('x-makan-total'),
    ).toBe('6');
    // Without count=1 nothing is counted (a search costs one query).
    expect((await api.request(`/api/search?q=${q}`)).headers.get('x-makan-total')).toBeNull();
  });

  it('searches from two folded characters, with a default limit of 20 and at most 50', async () => {
    expect(await search('q=%D9%85')).toEqual([]); // one letter
    expect(await search(`q=${encodeURIComponent(' ـ م ')}`)).toEqual([]); // one letter after folding
    expect((await search(`q=${encodeURIComponent('مر')}`)).length).toBe(20);
    expect((await search(`q=${encodeURIComponent('مرکز')}&limit=5`)).length).toBe(5);
    expect((await search(`q=${encodeURIComponent('مرکز')}&limit=50`)).length).toBe(50);
    // Two characters (a scan) and three (the trigram index) find the same names.
    const two = await names(`q=${encodeURIComponent('ژر')}&limit=50`);
    const three = await names(`q=${encodeURIComponent('ژرف')}&limit=50`);
    expect(three.every((n) => two.includes(n))).toBe(true);
  });

  it('follows imports: a renamed location is found by its new name only', async () => {
    importCsv([`${guid(1)},Centers,مرکز تازه‌نام,35.7,51.4`]);
    expect(await names(`q=${encodeURIComponent('تازه نام')}`)).toEqual(['مرکز تازه‌نام']);
    expect(await names(`q=${encodeURIComponent('مرکزژرفکاو')}`)).toEqual([]);
  });

  it('nearest follows imports too: a new location is found from where it stands, within two seconds', async () => {
    await api.json(`/api/nearest/${centers.typeId}?lat=27.19&lon=56.28`); // builds the index before the import
    importCsv([`${guid(8)},Centers,مرکز تازه بندر,27.19,56.28`]);
    const started = Date.now();
    let first: NearestResult | undefined;
    while (Date.now() - started < 3000) {
      [first] = await api.json<NearestResult[]>(`/api/nearest/${centers.typeId}?lat=27.19&lon=56.28&limit=1`);
      if (first?.Guid === guid(8)) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(first).toMatchObject({ Guid: guid(8), Name: 'مرکز تازه بندر', DistanceKm: 0 });
  });

  it.each([
    ['no q', ''],
    ['q too long', `q=${'a'.repeat(101)}`],
    ['limit 0', 'q=abc&limit=0'],
    ['limit 51', 'q=abc&limit=51'],
    ['limit not a number', 'q=abc&limit=ten'],
    ['lat without lon', 'q=abc&lat=35'],
    ['lat out of range', 'q=abc&lat=95&lon=51'],
    ['type not a GUID', 'q=abc&type=Centers'],
    ['unknown parameter', 'q=abc&page=2'],
    ['prefer not a GUID', 'q=abc&prefer=Centers'],
    ['count other than 1', 'q=abc&count=yes'],
  ])('search refuses %s with a 400 JSON error', async (_, query) => {
    const response = await api.request(`/api/search?${query}`);
    expect(response.status).toBe(400);
    expect((await response.json()) as object).toHaveProperty('message');
  });

  it('search with an unknown type id is a 404', async () => {
    expect((await api.request(`/api/search?q=abc&type=${guid(99)}`)).status).toBe(404);
  });

  it('nearest is exactly a sort of every location by great-circle distance, from anywhere on Earth', async () => {
    const all = await api.json<MapLocation[]>(`/api/Map/BindByOrglocationTypeID/${centers.typeId}`);
    expect(all.length).toBeGreaterThan(20);
    const rng = createRng(42);
    const points: [number, number][] = [
      [35.7, 51.4],
      [-40, -70],
      [89.9, 10],
      [-89.9, -170],
      [0, 179.9],
      [27, 57],
      ...Array.from({ length: 6 }, (): [number, number] => [25 + rng.next() * 15, 44 + rng.next() * 19]),
    ];
    for (const [lat, lon] of points) {
      const answer = await api.json<NearestResult[]>(`/api/nearest/${centers.typeId}?lat=${lat}&lon=${lon}&limit=15`);
      const expected = all
        .map((l) => ({ guid: l.Guid, d: greatCircleKm(lat, lon, l.Lat, l.Long) }))
        .sort((a, b) => a.d - b.d || (a.guid < b.guid ? -1 : 1))
        .slice(0, 15);
      expect(
        answer.map((r) => r.Guid),
        `from ${lat},${lon}`,
      ).toEqual(expected.map((e) => e.guid));
      answer.forEach((r, i) => expect(r.DistanceKm).toBeCloseTo(expected[i]!.d, 2));
    }
  });

  it('nearest says who each is open to: its gender value, as its detail has it', async () => {
    const answer = await api.json<NearestResult[]>(`/api/nearest/${centers.typeId}?lat=35.7&lon=51.4&limit=5`);
    expect(answer.length).toBe(5);
    for (const row of answer) {
      const detail = await api.json<{ Gender: string }>(`/api/TVTOBase/GetMapLocationDetailsx/${row.Guid}`);
      expect(typeof row.Gender).toBe('string');
      expect(row.Gender).toBe(detail.Gender);
    }
    // The seeded data give most locations a gender: some of the nearest say who they are open to.
    expect(answer.filter((r) => r.Gender !== '').length).toBeGreaterThan(0);
  });

  it('nearest defaults to 10 and allows at most 50', async () => {
    expect(await api.json<NearestResult[]>(`/api/nearest/${centers.typeId}?lat=35.7&lon=51.4`)).toHaveLength(10);
    expect(await api.json<NearestResult[]>(`/api/nearest/${academy.typeId}?lat=35.7&lon=51.4&limit=50`)).toHaveLength(
      50,
    );
  });

  it.each([
    ['no lon', `${centers.typeId}?lat=35`],
    ['lat out of range', `${centers.typeId}?lat=91&lon=51`],
    ['lon not a number', `${centers.typeId}?lat=35&lon=east`],
    ['limit 51', `${centers.typeId}?lat=35&lon=51&limit=51`],
    ['a malformed type id', 'Centers?lat=35&lon=51'],
  ])('nearest refuses %s with a 400', async (_, path) => {
    expect((await api.request(`/api/nearest/${path}`)).status).toBe(400);
  });

  it('nearest with an unknown type id is a 404', async () => {
    expect((await api.request(`/api/nearest/${guid(99)}?lat=35&lon=51`)).status).toBe(404);
  });
});
