/**
 * Inside an area over real HTTP on both stores, against brute force: every stored record of the type tested
 * against the polygon here (a ray cast written in the test), so the count, the genders, the names and the
 * files must agree exactly; and polygons that cannot be an area are refused.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AreaAnswer } from '../../domain/wire/answers';
import { typeByRoute } from '../../domain/locationTypes';
import { compareNames, foldText } from '../../domain/text';
import type { LocationRecord } from '../../server/store/LocationStore';
import { ApiClient, startTestServer, storedRecords, STORE_KINDS, type TestServer } from '../support/testServer';

const centers = typeByRoute('Centers')!;
const academy = typeByRoute('Academy')!;
/** A concave hexagon over Tehran and Alborz (a notch cut in from the north), closed. */
const AREA: [number, number][] = [
  [50.5, 35.3],
  [52.2, 35.3],
  [52.2, 36.2],
  [51.4, 35.75],
  [50.5, 36.2],
  [50.5, 35.3],
];

function inside(ring: [number, number][], lon: number, lat: number): boolean {
  let odd = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const [xi, yi] = ring[i]!;
    const [xj, yj] = ring[j]!;
    if (yi > lat !== yj > lat && lon < ((xj - xi) * (lat - yi)) / (yj - yi) + xi) odd = !odd;
  }
  return odd;
}

describe.each(STORE_KINDS)('%s store', (store) => {
  let server: TestServer;
  let api: ApiClient;
  let records: LocationRecord[];
  const post = (query: string, body: unknown) => api.post(`/api/area/${centers.typeId}${query}`, body);

  beforeAll(async () => {
    server = await startTestServer({ store, points: 3000 });
    api = new ApiClient(server.baseUrl);
    records = await storedRecords(server, centers.typeId);
  });
  afterAll(() => server.stop());

  it('counts, splits by gender and names what lies inside, as brute force does', async () => {
    const expected = records.filter((r) => inside(AREA.slice(0, -1), r.lon, r.lat));
    expect(expected.length).toBeGreaterThan(3);
    const answer = (await (await post('', { Polygon: AREA })).json()) as AreaAnswer;
    expect(answer.Count).toBe(expected.length);
    const genders = new Map<string, number>();
    for (const r of expected) genders.set(r.gender, (genders.get(r.gender) ?? 0) + 1);
    expect(new Map(answer.ByGender.map((g) => [g.Value, g.Count]))).toEqual(genders);
    expect(answer.Names).toEqual(expected.map((r) => r.name).sort(compareNames));
    // The same ring left open answers the same.
    expect(await (await post('', { Polygon: AREA.slice(0, -1) })).json()).toEqual(answer);
  });

  it('gives exactly those locations as CSV and GeoJSON, under a filter too', async () => {
    const women = 'زنانه';
    const expected = records.filter(
      (r) => inside(AREA.slice(0, -1), r.lon, r.lat) && foldText(r.gender) === foldText(women),
    );
    const query = `?gender=${encodeURIComponent(women)}`;
    const bytes = new Uint8Array(await (await post(`${query}&format=csv`, { Polygon: AREA })).arrayBuffer());
    // A byte-order mark first, so spreadsheet programs read the Persian as UTF-8 (the decoder drops it).
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = new TextDecoder().decode(bytes).trim().split('\r\n');
    expect(lines[0]).toBe('Guid,NameMakanAmoozeshi,Lat,Long,Gender,Legal,ZirNazar');
    expect(
      lines
        .slice(1)
        .map((l) => l.split(',')[0])
        .sort(),
    ).toEqual(expected.map((r) => r.guid).sort());
    const geojson = (await (await post(`${query}&format=geojson`, { Polygon: AREA })).json()) as {
      features: { geometry: { coordinates: [number, number] }; properties: { Guid: string } }[];
    };
    expect(geojson.features.map((f) => f.properties.Guid).sort()).toEqual(expected.map((r) => r.guid).sort());
    const first = expected[0]!;
    expect(geojson.features.find((f) => f.properties.Guid === first.guid)!.geometry.coordinates).toEqual([
      first.lon,
      first.lat,
    ]);
  });

  it('writes an area of many corners over most of the type in pieces, and an empty one whole', async () => {
    // A ring of 400 corners around most of Iran: two pieces of the files or more (server/routes/areaRoutes.ts).
    const ring = Array.from({ length: 400 }, (_, i): [number, number] => {
      const angle = (2 * Math.PI * i) / 400;
      return [53.5 + 9 * Math.cos(angle), 32.5 + 6.5 * Math.sin(angle) * (i % 2 === 0 ? 1 : 0.97)];
    });
    const academies = await storedRecords(server, academy.typeId);
    const expected = academies.filter((r) => inside(ring, r.lon, r.lat)).map((r) => r.guid);
    expect(expected.length).toBeGreaterThan(500);
    const postAcademy = (query: string, body: unknown) => api.post(`/api/area/${academy.typeId}${query}`, body);
    const answer = (await (await postAcademy('', { Polygon: ring })).json()) as AreaAnswer;
    expect(answer.Count).toBe(expected.length);
    const csv = (await (await postAcademy('?format=csv', { Polygon: ring })).text()).trim().split('\r\n');
    expect(csv.filter((line) => line.startsWith('Guid,'))).toHaveLength(1);
    expect(
      csv
        .slice(1)
        .map((l) => l.split(',')[0])
        .sort(),
    ).toEqual(expected.sort());
    const geojson = (await (await postAcademy('?format=geojson', { Polygon: ring })).json()) as {
      features: { properties: { Guid: string } }[];
    };
    expect(geojson.features.map((f) => f.properties.Guid).sort()).toEqual(expected.sort());

    const sea: [number, number][] = [
      [60, 20],
      [61, 20],
      [61, 21],
    ];
    expect((await (await post('?format=csv', { Polygon: sea })).text()).trim()).toBe(
      // (the decoder drops the byte-order mark)
      'Guid,NameMakanAmoozeshi,Lat,Long,Gender,Legal,ZirNazar',
    );
    expect(await (await post('?format=geojson', { Polygon: sea })).json()).toEqual({
      type: 'FeatureCollection',
      features: [],
    });
  });

  it('refuses a polygon that crosses itself, has too few or too many vertices, or absurd coordinates', async () => {
    const bowtie = [
      [50, 35],
      [52, 36],
      [52, 35],
      [50, 36],
    ];
    const many = Array.from({ length: 501 }, (_, i) => [
      51 + Math.cos((i / 501) * 2 * Math.PI),
      35 + Math.sin((i / 501) * 2 * Math.PI),
    ]);
    const bodies = [
      { Polygon: bowtie },
      {
        Polygon: [
          [50, 35],
          [51, 36],
          [50, 35],
        ],
      },
      { Polygon: many },
      {
        Polygon: [
          [50, 35],
          [51, 36],
          [520, 35],
        ],
      },
      { Polygon: 'Tehran' },
      {},
    ];
    for (const body of bodies) {
      const response = await post('', body);
      expect(response.status, JSON.stringify(body).slice(0, 60)).toBe(400);
      expect(((await response.json()) as { error: string }).error).toBeTruthy();
    }
  });
});
