/**
 * Coverage over real HTTP on both stores, against brute force: each spot where the census's people are placed
 * has its nearest location worked out here by measuring the great-circle distance to every stored location of
 * the type, so the people counted far (all, aged 15-29, women), per province and in all, and the far spots
 * listed must agree exactly; and every resident of the census is counted.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CoverageAnswer } from '../../domain/coverage';
import { typeByRoute } from '../../domain/locationTypes';
import { PROVINCES } from '../../domain/provinces';
import { foldText } from '../../domain/text';
import { CENSUS_TOTAL } from '../../domain/population';
import { censusPlacement, censusSpots } from '../../server/census/censusPeople';
import { greatCircleKm } from '../../server/geo/greatCircle';
import type { LocationRecord } from '../../server/store/LocationStore';
import { ApiClient, startTestServer, storedRecords, STORE_KINDS, type TestServer } from '../support/testServer';

const centers = typeByRoute('Centers')!;
const WOMEN = 'زنانه';
const STATE = 'دولتی';

describe.each(STORE_KINDS)('%s store', (store) => {
  let server: TestServer;
  let api: ApiClient;
  let records: LocationRecord[];

  beforeAll(async () => {
    server = await startTestServer({ store, points: 3000 });
    api = new ApiClient(server.baseUrl);
    records = await storedRecords(server, centers.typeId);
  });
  afterAll(() => server.stop());

  /** The answer worked out naively from every record. */
  function bruteForce(km: number, keep: (r: LocationRecord) => boolean) {
    const kept = records.filter(keep);
    const spots = censusSpots();
    const nearest = spots.map((s) =>
      kept.length === 0 ? null : Math.min(...kept.map((r) => greatCircleKm(s.lat, s.lon, r.lat, r.lon))),
    );
    const far = spots.filter((_, i) => nearest[i] === null || nearest[i]! > km);
    return {
      total: spots.reduce((sum, s) => sum + s.population, 0),
      far: far.reduce((sum, s) => sum + s.population, 0),
      youthFar: far.reduce((sum, s) => sum + s.youth, 0),
      womenFar: far.reduce((sum, s) => sum + s.women, 0),
      farNames: far.map((s) => s.name).sort(),
      nearest,
      perProvince: new Map(
        PROVINCES.map((p) => [
          p.name_en,
          far.filter((s) => s.province === p.iso_3166_2).reduce((sum, s) => sum + s.population, 0),
        ]),
      ),
    };
  }

  it.each([5, 25, 50])(
    'counts the people farther than %s km from the nearest centre as brute force does',
    async (km) => {
      const answer = await api.json<CoverageAnswer>(`/api/coverage/${centers.typeId}?km=${km}`);
      const expected = bruteForce(km, () => true);
      expect(answer.Km).toBe(km);
      expect(answer.PopulationTotal).toBe(expected.total);
      expect(answer.PopulationTotal).toBe(CENSUS_TOTAL);
      expect(answer.YouthTotal).toBe(20_053_009);
      expect(answer.PopulationFar).toBe(expected.far);
      expect([answer.YouthFar, answer.WomenFar]).toEqual([expected.youthFar, expected.womenFar]);
      const { byStep } = censusPlacement();
      expect(answer.Placed).toEqual({ Seat: byStep.seat, Places: byStep.places, Province: byStep.province });
      expect(answer.Placed.Seat + answer.Placed.Places + answer.Placed.Province).toBe(CENSUS_TOTAL);
      expect(answer.Settlements.map((s) => s.Name).sort()).toEqual(expected.farNames);
      for (const province of answer.Provinces)
        expect(province.PopulationFar, province.EnName).toBe(expected.perProvince.get(province.EnName));
      for (const settlement of answer.Settlements) {
        const i = censusSpots().findIndex((s) => s.name === settlement.Name && s.lat === settlement.Lat);
        expect(settlement.NearestKm).toBeCloseTo(expected.nearest[i]!, 3);
      }
      // Something near, something far: the test would notice an answer of all or nothing.
      expect(expected.far).toBeGreaterThan(0);
      expect(expected.far).toBeLessThan(expected.total);
    },
  );

  it('counts no fewer people far as the distance shrinks, all, aged 15-29 and women alike', async () => {
    let before: CoverageAnswer | null = null;
    for (const km of [100, 50, 25, 10, 5]) {
      const answer = await api.json<CoverageAnswer>(`/api/coverage/${centers.typeId}?km=${km}`);
      if (before) {
        expect(answer.PopulationFar).toBeGreaterThanOrEqual(before.PopulationFar);
        expect(answer.YouthFar).toBeGreaterThanOrEqual(before.YouthFar);
        expect(answer.WomenFar).toBeGreaterThanOrEqual(before.WomenFar);
      }
      before = answer;
    }
  });

  it('under a filter measures from the locations that pass only', async () => {
    const answer = await api.json<CoverageAnswer>(
      `/api/coverage/${centers.typeId}?km=25&gender=${encodeURIComponent(WOMEN)}`,
    );
    const expected = bruteForce(25, (r) => foldText(r.gender) === foldText(WOMEN));
    expect(answer.PopulationFar).toBe(expected.far);
    expect(answer.PopulationFar).toBeGreaterThan(bruteForce(25, () => true).far);
  });

  it.each([
    [
      'few locations pass (a tree of them alone is searched)',
      `gender=${encodeURIComponent(WOMEN)}&legal=${encodeURIComponent(STATE)}`,
    ],
    ['none passes', `gender=${encodeURIComponent(WOMEN)}&legal=none`],
  ])('where %s, measures as brute force does', async (_label, query) => {
    const params = new URLSearchParams(query);
    const keep = (r: LocationRecord) =>
      foldText(r.gender) === foldText(params.get('gender')!) && foldText(r.legal) === foldText(params.get('legal')!);
    const passing = records.filter(keep).length;
    // Below an eighth of the type: the search's own tree (server/coverage/CoverageIndex.ts, nearestSearch).
    expect(passing).toBeLessThan(records.length / 8);
    const answer = await api.json<CoverageAnswer>(`/api/coverage/${centers.typeId}?km=25&${query}`);
    const expected = bruteForce(25, keep);
    expect(answer.PopulationFar).toBe(expected.far);
    expect(answer.Settlements.map((s) => s.Name).sort()).toEqual(expected.farNames);
    for (const settlement of answer.Settlements) {
      const i = censusSpots().findIndex((s) => s.name === settlement.Name && s.lat === settlement.Lat);
      if (expected.nearest[i] === null) expect(settlement.NearestKm).toBeNull();
      else expect(settlement.NearestKm).toBeCloseTo(expected.nearest[i]!, 3);
    }
    if (passing > 0) expect(expected.far).toBeLessThan(expected.total);
    else expect(expected.far).toBe(expected.total);
  });

  it('refuses a distance that is missing, not a number or out of range', async () => {
    for (const query of ['', '?km=abc', '?km=0', '?km=501', '?km=5&extra=1'])
      expect((await api.request(`/api/coverage/${centers.typeId}${query}`)).status, query).toBe(400);
    expect((await api.request(`/api/coverage/00000000-0000-4000-8000-000000000000?km=5`)).status).toBe(404);
  });
});
