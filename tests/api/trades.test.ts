/**
 * Search by trade, over real HTTP on both stores: "where can I learn sewing near my town". The expected answers
 * are worked out plainly from the store's own records (their dynamic fields), not by the server's index.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { typeByRoute } from '../../domain/locationTypes';
import type { NearestResult } from '../../domain/search';
import type { TradeCount } from '../../domain/trades';
import { greatCircleKm } from '../../server/geo/greatCircle';
import type { LocationRecord } from '../../server/store/LocationStore';
import { ApiClient, startTestServer, STORE_KINDS, type TestServer } from '../support/testServer';

const centers = typeByRoute('Centers')!;
const HERE = { lat: 35.7, lon: 51.4 };

describe.each(STORE_KINDS)('%s store', (store) => {
  let server: TestServer;
  let api: ApiClient;
  let records: LocationRecord[];
  /** The trade the most seeded centres teach (sewing, «خیاطی», is the issue's own example). */
  let trade: string;
  const teaches = (r: LocationRecord, trade: string) =>
    r.dynamicFields.some((f) => f.Label === 'رشته آموزشی' && f.Value === trade);

  beforeAll(async () => {
    server = await startTestServer({ store, points: 1500 });
    api = new ApiClient(server.baseUrl);
    records = [];
    for await (const record of server.store.exportRecords(centers.typeId)) records.push(record);
    const taught = records.flatMap((r) => r.dynamicFields.filter((f) => f.Label === 'رشته آموزشی').map((f) => f.Value));
    trade = taught.sort((a, b) => taught.filter((t) => t === b).length - taught.filter((t) => t === a).length)[0]!;
  });
  afterAll(() => server.stop());

  it('finds the trades containing the text, with how many locations teach each', async () => {
    const found = await api.json<TradeCount[]>(
      `/api/trades/${centers.typeId}?q=${encodeURIComponent(trade.slice(0, 3))}&limit=50`,
    );
    const expected = records.filter((r) => teaches(r, trade)).length;
    expect(expected).toBeGreaterThan(3);
    expect(found).toContainEqual({ Trade: trade, Count: expected });
    // Typed with Arabic letters, as often as Persian ones: the same trade.
    const arabic = trade.replace(/ی/g, 'ي').replace(/ک/g, 'ك');
    const typed = await api.json<TradeCount[]>(`/api/trades/${centers.typeId}?q=${encodeURIComponent(arabic)}`);
    expect(typed[0]).toEqual({ Trade: trade, Count: expected });
    expect(await api.json(`/api/trades/${centers.typeId}?q=${encodeURIComponent('خ')}`)).toEqual([]);
  });

  it('lists the locations teaching a trade nearest a point first, under the filters', async () => {
    const path = `/api/trades/${centers.typeId}/nearest?trade=${encodeURIComponent(trade)}&lat=${HERE.lat}&lon=${HERE.lon}&limit=15`;
    const answer = await api.json<NearestResult[]>(path);
    const expected = records
      .filter((r) => teaches(r, trade))
      .map((r) => ({ guid: r.guid, km: greatCircleKm(HERE.lat, HERE.lon, r.lat, r.lon) }))
      .sort((a, b) => a.km - b.km || (a.guid < b.guid ? -1 : 1))
      .slice(0, 15);
    expect(answer.map((r) => r.Guid)).toEqual(expected.map((e) => e.guid));
    answer.forEach((r, i) => expect(r.DistanceKm).toBeCloseTo(expected[i]!.km, 2));
    const women = await api.json<NearestResult[]>(
      `${path}&gender=${encodeURIComponent('زنانه')}&gender=${encodeURIComponent('مختلط')}`,
    );
    expect(women.length).toBeGreaterThan(0);
    for (const row of women) expect(['زنانه', 'مختلط']).toContain(row.Gender);
  });

  it.each([
    ['no text', `?`, 400],
    ['a text too long', `?q=${'a'.repeat(101)}`, 400],
    ['limit 0', '?q=abc&limit=0', 400],
    ['limit 51', '?q=abc&limit=51', 400],
    ['an unknown parameter', '?q=abc&x=1', 400],
    ['too many values in a filter', `?q=abc${'&gender=a'.repeat(31)}`, 400],
  ])('refuses %s', async (_, query, status) => {
    expect((await api.request(`/api/trades/${centers.typeId}${query}`)).status).toBe(status);
  });

  it.each([
    ['no point', `?trade=x`, 400],
    ['a latitude out of range', `?trade=x&lat=91&lon=51`, 400],
    ['a malformed longitude', `?trade=x&lat=35&lon=east`, 400],
    ['no trade', `?lat=35&lon=51`, 400],
  ])('refuses the nearest with %s', async (_, query, status) => {
    expect((await api.request(`/api/trades/${centers.typeId}/nearest${query}`)).status).toBe(status);
  });

  it('says an unknown type is not found', async () => {
    expect((await api.request('/api/trades/00000000-0000-0000-0000-0000000000ab?q=abc')).status).toBe(404);
  });
});
