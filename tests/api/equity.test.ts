/**
 * Need against supply (`/api/equity/{typeId}`) over real HTTP on both stores: the census adds up at both levels,
 * the counts are the chart data's, the share far never falls as the distance shrinks, the rank is a ranking, and
 * bad input is refused with its reason.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CoverageAnswer } from '../../domain/coverage';
import type { EquityRow } from '../../domain/equity';
import type { ChartRow } from '../../domain/gateway';
import { typeByRoute } from '../../domain/locationTypes';
import { CENSUS_TOTAL } from '../../domain/population';
import { PROVINCES } from '../../domain/provinces';
import { ApiClient, startTestServer, STORE_KINDS, type TestServer } from '../support/testServer';

const centers = typeByRoute('Centers')!;
const WOMEN = encodeURIComponent('زنانه');
const sum = (values: readonly number[]) => values.reduce((a, b) => a + b, 0);

describe.each(STORE_KINDS)('%s store', (store) => {
  let server: TestServer;
  let api: ApiClient;

  beforeAll(async () => {
    server = await startTestServer({ store, points: 3000, rateLimit: 60 });
    api = new ApiClient(server.baseUrl);
  });
  afterAll(() => server.stop());

  const equity = (query: string) => api.json<EquityRow[]>(`/api/equity/${centers.typeId}?${query}`);
  const chartTotal = async (filters = '') =>
    sum(
      (await api.json<ChartRow[]>(`/api/TVTOBase/OrglocationChartData/${centers.typeId}${filters}`)).map(
        (r) => r.Count,
      ),
    );

  it('per province: every resident and every young one counted, the locations those of the chart, ranked 1 to 31', async () => {
    const rows = await equity('level=province&km=25');
    expect(rows.map((r) => r.Code).sort()).toEqual(PROVINCES.map((p) => p.iso_3166_2).sort());
    expect(sum(rows.map((r) => r.Population))).toBe(CENSUS_TOTAL);
    expect(sum(rows.map((r) => r.Youth))).toBe(20_053_009);
    expect(sum(rows.map((r) => r.Count))).toBe(await chartTotal());
    expect(rows.map((r) => r.NeedRank).sort((a, b) => a - b)).toEqual(PROVINCES.map((_, i) => i + 1));
    const tehran = rows.find((r) => r.EnName === 'Tehran')!;
    expect(tehran.PerYouth100k).toBeCloseTo((tehran.Count * 100_000) / tehran.Youth, 9);
    expect(tehran.UnemploymentRate).toBeCloseTo(tehran.Unemployed / tehran.LabourForce, 9);
    for (const row of rows) {
      expect(row.UnemploymentRate).toBeGreaterThan(0.05);
      expect(row.UnemploymentRate).toBeLessThan(0.3);
      expect(row.FarShare).toBeGreaterThanOrEqual(0);
      expect(row.FarShare).toBeLessThanOrEqual(1);
    }
  });

  it('per county: 429 rows adding up to their provinces, every location counted once, under the filters too', async () => {
    const [counties, provinces] = await Promise.all([
      equity(`level=county&km=25&gender=${WOMEN}`),
      equity(`level=province&km=25&gender=${WOMEN}`),
    ]);
    expect(counties).toHaveLength(429);
    for (const province of provinces) {
      const own = counties.filter((c) => c.Province === province.EnName);
      expect([sum(own.map((c) => c.Population)), sum(own.map((c) => c.Count))]).toEqual([
        province.Population,
        province.Count,
      ]);
    }
    expect(sum(counties.map((c) => c.Count))).toBe(await chartTotal(`?gender=${WOMEN}`));
    expect(sum(counties.map((c) => c.Count))).toBeLessThan(await chartTotal());
    expect(counties.filter((c) => !c.Seated).every((c) => c.Count === 0)).toBe(true);
    expect(counties.map((c) => c.NeedRank).sort((a, b) => a - b)).toEqual(counties.map((_, i) => i + 1));
    // Each is drawn where it is: a county at its seat (none without one), a province at its centre, inside Iran.
    const inIran = (r: EquityRow) => r.Lat! > 25 && r.Lat! < 40 && r.Long! > 44 && r.Long! < 64;
    expect(counties.every((c) => (c.Seated ? inIran(c) : c.Lat === null && c.Long === null))).toBe(true);
    expect(provinces.every(inIran)).toBe(true);
    expect([...counties, ...provinces].every((r) => r.Need >= 0 && r.Need <= 1)).toBe(true);
    // A county named for its seat town is named in English as the town is; Kowsar's seat is Givi, not its name.
    expect(counties.find((c) => c.Name === 'اردبیل')?.EnName).toBe('Ardabil');
    expect(counties.find((c) => c.Name === 'کوثر')?.EnName).toBe('کوثر');
  });

  it('the share far never falls as the distance shrinks, in any province or county', async () => {
    for (const level of ['province', 'county']) {
      let wider: EquityRow[] | null = null;
      for (const km of [100, 25, 5]) {
        const rows = await equity(`level=${level}&km=${km}`);
        if (wider)
          rows.forEach((row, i) => {
            for (const share of ['FarShare', 'YouthFarShare', 'WomenFarShare'] as const)
              expect(row[share]).toBeGreaterThanOrEqual(wider![i]![share]);
          });
        wider = rows;
      }
    }
  });

  it('the shares far of the young and of women per province are the coverage’s, and per county add up to them', async () => {
    const [provinces, counties, coverage] = await Promise.all([
      equity('level=province&km=25'),
      equity('level=county&km=25'),
      api.json<CoverageAnswer>(`/api/coverage/${centers.typeId}?km=25`),
    ]);
    for (const p of coverage.Provinces) {
      const row = provinces.find((r) => r.EnName === p.EnName)!;
      expect(row.FarShare).toBeCloseTo(p.PopulationFar / p.PopulationTotal, 9);
      expect(row.YouthFarShare).toBeCloseTo(p.YouthFar / p.YouthTotal, 9);
      expect(row.WomenFarShare).toBeCloseTo(p.WomenFar / p.WomenTotal, 9);
      const own = counties.filter((c) => c.Province === p.EnName);
      expect(sum(own.map((c) => c.YouthFarShare * c.Youth))).toBeCloseTo(p.YouthFar, 3);
    }
  });

  it('refuses a missing or unknown level, a bad distance, an unknown or oversized filter and an unknown type', async () => {
    for (const query of [
      'km=25',
      'level=district&km=25',
      'level=province',
      'level=province&km=abc',
      'level=province&km=0',
      'level=province&km=501',
      'level=province&km=25&extra=1',
      `level=province&km=25&gender=${'x'.repeat(201)}`,
    ]) {
      const answer = await api.request(`/api/equity/${centers.typeId}?${query}`);
      expect(answer.status, query).toBe(400);
      expect(Object.keys((await answer.json()) as object).sort(), query).toEqual(['error', 'message']);
    }
    expect((await api.request('/api/equity/00000000-0000-4000-8000-000000000000?level=province&km=5')).status).toBe(
      404,
    );
    expect((await api.request('/api/equity/not-a-guid?level=province&km=5')).status).toBe(400);
  });

  it('answers too many requests from one client with 429', async () => {
    let status = 200;
    for (let i = 0; i < 80 && status !== 429; i++)
      status = (await api.request(`/api/equity/${centers.typeId}?level=province&km=25`)).status;
    expect(status).toBe(429);
  });
});
