/**
 * Filters (gender, legal status, supervising office) on every call that answers locations or their counts,
 * on both stores, over real HTTP: each answer is checked against the same question asked naively of every
 * stored record (read back through the store's export), so a filter that is ignored, applied to the wrong
 * field or compared unfolded fails here.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NO_FILTERS, type Filters } from '../../domain/filters';
import type { FacetsAnswer } from '../../domain/wire/answers';
import type { ChartRow, ClusterItem, MapLocation, PiePoint } from '../../domain/gateway';
import { typeByRoute } from '../../domain/locationTypes';
import { decodePoints } from '../../domain/pointsWire';
import { PROVINCES } from '../../domain/provinces';
import type { NearestResult, SearchResult } from '../../domain/search';
import { compareNames, foldText } from '../../domain/text';
import { greatCircleKm } from '../../server/geo/greatCircle';
import type { LocationRecord } from '../../server/store/LocationStore';
import { ApiClient, startTestServer, storedRecords, STORE_KINDS, type TestServer } from '../support/testServer';

const centers = typeByRoute('Centers')!;
const TEHRAN = PROVINCES.find((p) => p.name_en === 'Tehran')!;

/** Two genders, and a legal status typed with an Arabic yeh (stored with the Persian one): compared folded. */
const FILTERS: Filters = { gender: ['زنانه', 'مختلط'], legal: ['دولتي'], supervisor: [] };
const query = (filters: Filters, extra: Record<string, string> = {}) => {
  const params = new URLSearchParams(extra);
  for (const [key, values] of Object.entries(filters)) for (const value of values) params.append(key, value);
  return params.toString();
};
/** The rule asked naively of a record: in each filter given, its field's folded value is one of the folded values. */
function passesFilters(record: LocationRecord, filters: Filters): boolean {
  const fields = { gender: record.gender, legal: record.legal, supervisor: record.supervision };
  return Object.entries(filters).every(
    ([key, values]: [string, readonly string[]]) =>
      values.length === 0 || values.map((v) => foldText(v)).includes(foldText(fields[key as keyof typeof fields])),
  );
}
const tally = (values: string[]) => {
  const counts = new Map<string, number>();
  for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1);
  return counts;
};

describe.each(STORE_KINDS)('%s store', (store) => {
  let server: TestServer;
  let api: ApiClient;
  let records: LocationRecord[];
  /** The type's records that pass the filters, asked naively. */
  const passing = (filters: Filters, typeId = centers.typeId) =>
    records.filter((r) => r.typeId === typeId && passesFilters(r, filters));

  beforeAll(async () => {
    server = await startTestServer({ store, points: 3000 });
    api = new ApiClient(server.baseUrl);
    records = await storedRecords(server, null);
    expect(passing(FILTERS).length).toBeGreaterThan(5);
    expect(passing(FILTERS).length).toBeLessThan(passing(NO_FILTERS).length / 2);
  });
  afterAll(() => server.stop());

  it('lists each filter value with its count under the other filters, in a province or all', async () => {
    for (const ostan of ['All', TEHRAN.name_en]) {
      const answer = await api.json<FacetsAnswer>(`/api/facets/${centers.typeId}?${query(FILTERS, { ostan })}`);
      const inScope = (filters: Filters) =>
        passing(filters).filter((r) => ostan === 'All' || r.provinceIso === TEHRAN.iso_3166_2);
      const expected = {
        gender: tally(inScope({ ...FILTERS, gender: [] }).map((r) => r.gender)),
        legal: tally(inScope({ ...FILTERS, legal: [] }).map((r) => r.legal)),
        supervisor: tally(inScope(FILTERS).map((r) => r.supervision)),
      };
      for (const key of ['gender', 'legal', 'supervisor'] as const) {
        expect(new Map(answer[key].map((f) => [f.Value, f.Count])), `${ostan} ${key}`).toEqual(expected[key]);
        const counts = answer[key].map((f) => f.Count);
        expect(counts).toEqual([...counts].sort((a, b) => b - a));
      }
    }
  });

  it('draws only the locations that pass: LazyLoad (JSON and compact) and a fixed load', async () => {
    const box = { MinLat: 30, MinLon: 46, MaxLat: 38, MaxLon: 60 };
    const inBox = passing(FILTERS).filter(
      (r) => r.lat >= box.MinLat && r.lat <= box.MaxLat && r.lon >= box.MinLon && r.lon <= box.MaxLon,
    );
    const json = await (await api.post(`/api/Map/LazyLoad/${centers.typeId}?${query(FILTERS)}`, box)).json();
    expect((json as MapLocation[]).map((l) => l.Guid).sort()).toEqual(inBox.map((r) => r.guid).sort());

    const compact = await api.request(`/api/Map/LazyLoad/${centers.typeId}?${query(FILTERS)}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/vnd.makan.points' },
      body: JSON.stringify(box),
    });
    const points = decodePoints(new Uint8Array(await compact.arrayBuffer()).buffer);
    expect(points.count).toBe(inBox.length);
    const labels = await (
      await api.post(`/api/points/${centers.typeId}/labels`, { version: points.version, ids: [...points.ids] })
    ).json();
    expect((labels as MapLocation[]).map((l) => l.Guid).sort()).toEqual(inBox.map((r) => r.guid).sort());

    const all = await api.json<MapLocation[]>(`/api/Map/BindByOrglocationTypeID/${centers.typeId}?${query(FILTERS)}`);
    expect(all.map((l) => l.Guid).sort()).toEqual(
      passing(FILTERS)
        .map((r) => r.guid)
        .sort(),
    );
  });

  it('clusters and province bubbles count only what passes', async () => {
    const bubbles = await api.json<ClusterItem[]>(`/api/TVTOBase/OrglocationMap/${centers.typeId}?${query(FILTERS)}`);
    const perProvince = tally(passing(FILTERS).map((r) => r.provinceIso));
    expect(bubbles.map((b) => b.Count).sort((a, b) => a - b)).toEqual([...perProvince.values()].sort((a, b) => a - b));
    for (const zoom of [5, 8]) {
      const box = { zoom: String(zoom), minLat: '20', minLon: '40', maxLat: '42', maxLon: '66' };
      const clusters = await api.json<ClusterItem[]>(
        `/api/TVTOBase/OrglocationMap/${centers.typeId}?${query(FILTERS, box)}`,
      );
      expect(
        clusters.reduce((sum, c) => sum + c.Count, 0),
        `zoom ${zoom}`,
      ).toBe(passing(FILTERS).length);
    }
  });

  it('counts the statistics under the filters: column chart, pie and list dialog', async () => {
    const chart = await api.json<ChartRow[]>(`/api/TVTOBase/OrglocationChartData/${centers.typeId}?${query(FILTERS)}`);
    const perProvince = tally(passing(FILTERS).map((r) => r.provinceIso));
    expect(chart).toHaveLength(PROVINCES.length);
    for (const row of chart) {
      const province = PROVINCES.find((p) => p.name_en === row.LocationEnName)!;
      expect(row.Count, row.LocationEnName).toBe(perProvince.get(province.iso_3166_2) ?? 0);
    }
    const inTehran = passing(FILTERS).filter((r) => r.provinceIso === TEHRAN.iso_3166_2);
    const pie = await api.json<PiePoint[]>(
      `/api/TVTOBase/OrglocationPie/${centers.typeId}/${TEHRAN.name_en}?${query(FILTERS)}`,
    );
    expect(new Map(pie.map((p) => [p.Name, p.Count]))).toEqual(tally(inTehran.map((r) => r.gender)));
    const list = await api.json<string[]>(
      `/api/TVTOBase/OrglocationByTypeAndOstan/${centers.typeId}/${TEHRAN.name_en}?${query(FILTERS)}`,
    );
    expect(list).toEqual(inTehran.map((r) => r.name).sort(compareNames));
    // The unfiltered list is still the whole province's.
    const whole = await api.json<string[]>(
      `/api/TVTOBase/OrglocationByTypeAndOstan/${centers.typeId}/${TEHRAN.name_en}`,
    );
    expect(whole.length).toBeGreaterThan(list.length);
  });

  it('finds the nearest that pass, by distance', async () => {
    const from = { lat: 35.7, lon: 51.4 };
    const nearest = await api.json<NearestResult[]>(
      `/api/nearest/${centers.typeId}?${query(FILTERS, { lat: '35.7', lon: '51.4', limit: '5' })}`,
    );
    const expected = passing(FILTERS)
      .map((r) => ({ guid: r.guid, km: greatCircleKm(from.lat, from.lon, r.lat, r.lon) }))
      .sort((a, b) => a.km - b.km || (a.guid < b.guid ? -1 : 1))
      .slice(0, 5);
    expect(nearest.map((n) => n.Guid)).toEqual(expected.map((e) => e.guid));
  });

  it('searches among the matches that pass and counts them', async () => {
    const word = 'مرکز';
    const response = await api.request(`/api/search?${query(FILTERS, { q: word, count: '1', limit: '50' })}`);
    const results = (await response.json()) as SearchResult[];
    const byGuid = new Map(records.map((r) => [r.guid, r]));
    expect(results.length).toBeGreaterThan(0);
    for (const result of results) expect(passesFilters(byGuid.get(result.Guid)!, FILTERS)).toBe(true);
    const matching = records.filter((r) => foldText(r.name).includes(word) && passesFilters(r, FILTERS));
    expect(response.headers.get('x-makan-total')).toBe(String(matching.length));
  });

  it('answers an unknown value with nothing, and too many or too long values with a 400', async () => {
    const none = await api.json<ChartRow[]>(
      `/api/TVTOBase/OrglocationChartData/${centers.typeId}?${query({ ...NO_FILTERS, gender: ['ناشناخته'] })}`,
    );
    expect(none.every((row) => row.Count === 0)).toBe(true);
    const many = Array.from({ length: 31 }, (_, i) => `مقدار ${i}`);
    for (const filters of [
      { ...NO_FILTERS, legal: many },
      { ...NO_FILTERS, supervisor: ['ا'.repeat(201)] },
    ]) {
      const response = await api.request(`/api/facets/${centers.typeId}?${query(filters)}`);
      expect(response.status).toBe(400);
      expect(((await response.json()) as { error: string }).error).toBeTruthy();
    }
    expect((await api.request(`/api/facets/${centers.typeId}?ostan=Atlantis`)).status).toBe(404);
  });
});
