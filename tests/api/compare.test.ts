/**
 * Provinces side by side over real HTTP on both stores, against every stored record counted here: each type's
 * count, rate, rank among the 31 and gender split in each province asked for.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CompareAnswer } from '../../domain/compare';
import { MENU_ENTRIES } from '../../domain/locationTypes';
import { PROVINCES } from '../../domain/provinces';
import type { LocationRecord } from '../../server/store/LocationStore';
import { ApiClient, startTestServer, storedRecords, STORE_KINDS, type TestServer } from '../support/testServer';

const ASKED = ['Tehran', 'Fars', 'Semnan'];
const isoOf = (en: string) => PROVINCES.find((p) => p.name_en === en)!.iso_3166_2;

describe.each(STORE_KINDS)('%s store', (store) => {
  let server: TestServer;
  let api: ApiClient;
  let records: LocationRecord[];

  beforeAll(async () => {
    server = await startTestServer({ store, points: 3000 });
    api = new ApiClient(server.baseUrl);
    records = await storedRecords(server, null);
  });
  afterAll(() => server.stop());

  it("gives each type's count, rank among the 31 and gender split in each province, as counted here", async () => {
    const answer = await api.json<CompareAnswer>(`/api/compare?${ASKED.map((o) => `ostan=${o}`).join('&')}`);
    expect(answer.Provinces.map((p) => p.EnName)).toEqual(ASKED);
    const typeIds = [...new Set(MENU_ENTRIES.map((t) => t.typeId))];
    expect(answer.Types.map((t) => t.TypeId)).toEqual(typeIds);
    for (const type of answer.Types) {
      const ofType = records.filter((r) => r.typeId === type.TypeId);
      const countIn = (iso: string) => ofType.filter((r) => r.provinceIso === iso).length;
      const all = PROVINCES.map((p) => countIn(p.iso_3166_2));
      for (const cell of type.Cells) {
        const iso = isoOf(cell.EnName);
        expect(cell.Count, `${type.Route} ${cell.EnName}`).toBe(countIn(iso));
        expect(cell.Rank).toBe(1 + all.filter((n) => n > countIn(iso)).length);
        const genders = new Map<string, number>();
        for (const r of ofType.filter((r) => r.provinceIso === iso))
          genders.set(r.gender, (genders.get(r.gender) ?? 0) + 1);
        expect(new Map(cell.Gender.map((g) => [g.Value, g.Count]))).toEqual(genders);
      }
    }
    // Tehran has the most centres of all in the demo data: rank 1.
    const centres = answer.Types.find((t) => t.Route === 'Centers')!;
    expect(centres.Cells[0]!.Rank).toBe(1);
  });

  it('refuses fewer than 2 or more than 4 provinces, All and unknown names', async () => {
    for (const query of [
      'ostan=Tehran',
      'ostan=Tehran&ostan=All',
      ['Tehran', 'Fars', 'Qom', 'Gilan', 'Yazd'].map((o) => `ostan=${o}`).join('&'),
    ])
      expect((await api.request(`/api/compare?${query}`)).status, query).toBe(400);
    expect((await api.request('/api/compare?ostan=Tehran&ostan=Atlantis')).status).toBe(404);
  });
});
