/**
 * Search by trade, over real HTTP on both stores: "where can I learn sewing near my town". The expected answers
 * are worked out plainly from the store's own records (their dynamic fields), not by the server's index.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DISTINCT_TYPES, TEACHING_TYPES, typeByRoute } from '../../domain/locationTypes';
import type { NearestResult } from '../../domain/search';
import type { NearestOfType, TradeAcrossTypes, TradeCount } from '../../domain/trades';
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

  it('counts only the locations that pass the filters, and leaves out a trade none of them teaches', async () => {
    const women = ['زنانه', 'مختلط'];
    const query = women.map((g) => `&gender=${encodeURIComponent(g)}`).join('');
    const found = await api.json<TradeCount[]>(
      `/api/trades/${centers.typeId}?q=${encodeURIComponent(trade.slice(0, 3))}&limit=50${query}`,
    );
    const expected = records.filter((r) => teaches(r, trade) && women.includes(r.gender)).length;
    expect(expected).toBeGreaterThan(0);
    expect(expected).toBeLessThan(records.filter((r) => teaches(r, trade)).length);
    expect(found).toContainEqual({ Trade: trade, Count: expected });
    const nobody = await api.json<TradeCount[]>(
      `/api/trades/${centers.typeId}?q=${encodeURIComponent(trade)}&gender=${encodeURIComponent('هیچ‌کس')}`,
    );
    expect(nobody).toEqual([]);
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

/**
 * From a page whose type teaches nothing (the landing page's main offices), a trade is looked for in every type
 * that teaches: the answer from Bojnurd must not be an office in another province when academies nearby teach it.
 */
describe.each(STORE_KINDS)('%s store: a trade across the types that teach', (store) => {
  let server: TestServer;
  let api: ApiClient;
  const BOJNURD = { lat: 37.4747, lon: 57.329 };
  /** Each type's records that teach, by type id (main offices included, to show they are left out). */
  const taughtBy = new Map<string, LocationRecord[]>();
  let trade: string;
  const teachesTrade = (r: LocationRecord, wanted: string) =>
    r.dynamicFields.some((f) => f.Label === 'رشته آموزشی' && f.Value.split(/[،,]/).some((v) => v.trim() === wanted));

  beforeAll(async () => {
    server = await startTestServer({ store, points: 1500 });
    api = new ApiClient(server.baseUrl);
    for (const type of DISTINCT_TYPES) {
      const rows: LocationRecord[] = [];
      for await (const record of server.store.exportRecords(type.typeId)) rows.push(record);
      taughtBy.set(type.typeId, rows);
    }
    trade = 'خیاطی';
  });
  afterAll(() => server.stop());

  const expectedCounts = () =>
    TEACHING_TYPES.map((type) => ({
      TypeId: type.typeId,
      Count: taughtBy.get(type.typeId)!.filter((r) => teachesTrade(r, trade)).length,
    })).filter((type) => type.Count > 0);

  it('counts the trade in every type that teaches, each type apart, and never in the offices', async () => {
    const [found] = await api.json<TradeAcrossTypes[]>(`/api/trades?q=${encodeURIComponent('خياط')}`);
    const expected = expectedCounts();
    expect(expected.length).toBeGreaterThan(1);
    expect(found!.Trade).toBe(trade);
    expect(new Set(found!.Types)).toEqual(new Set(expected));
    expect(found!.Count).toBe(expected.reduce((sum, type) => sum + type.Count, 0));
    expect(found!.Types.map((type) => type.TypeId)).not.toContain(typeByRoute('MainOffice')!.typeId);
  });

  it('finds the trade by its English name, as an English page asks for it', async () => {
    const [english] = await api.json<TradeAcrossTypes[]>(`/api/trades?q=Sewing`);
    expect(english?.Trade).toBe(trade);
    const [persian] = await api.json<TradeAcrossTypes[]>(`/api/trades?q=${encodeURIComponent(trade)}`);
    expect(english).toEqual(persian);
    const [ofCentres] = await api.json<TradeCount[]>(`/api/trades/${centers.typeId}?q=sewing`);
    expect(ofCentres?.Trade).toBe(trade);
  });

  it('lists the nearest teaching it across those types, each naming its type, and narrows to the types asked', async () => {
    const point = `lat=${BOJNURD.lat}&lon=${BOJNURD.lon}&limit=20`;
    const answer = await api.json<NearestOfType[]>(`/api/trades/nearest?trade=${encodeURIComponent(trade)}&${point}`);
    const expected = TEACHING_TYPES.flatMap((type) =>
      taughtBy
        .get(type.typeId)!
        .filter((r) => teachesTrade(r, trade))
        .map((r) => ({ guid: r.guid, typeId: type.typeId, km: greatCircleKm(BOJNURD.lat, BOJNURD.lon, r.lat, r.lon) })),
    ).sort((a, b) => a.km - b.km || (a.guid < b.guid ? -1 : 1));
    expect(answer.map((r) => [r.Guid, r.TypeId])).toEqual(expected.slice(0, 20).map((e) => [e.guid, e.typeId]));
    expect(new Set(answer.map((r) => r.TypeId)).size).toBeGreaterThan(1);
    const academy = typeByRoute('Academy')!.typeId;
    const narrowed = await api.json<NearestOfType[]>(
      `/api/trades/nearest?trade=${encodeURIComponent(trade)}&${point}&types=${academy}`,
    );
    expect(narrowed.length).toBeGreaterThan(0);
    expect(narrowed.map((r) => r.Guid)).toEqual(
      expected
        .filter((e) => e.typeId === academy)
        .slice(0, 20)
        .map((e) => e.guid),
    );
  });

  it.each([
    ['no text', '/api/trades?', 400],
    ['an unknown parameter', '/api/trades?q=abc&type=x', 400],
    ['a malformed type list', '/api/trades/nearest?trade=x&lat=35&lon=51&types=abc', 400],
    ['a list ending in a comma', `/api/trades/nearest?trade=x&lat=35&lon=51&types=${centers.typeId},`, 400],
    [
      'more types than the catalogue could hold',
      `/api/trades/nearest?trade=x&lat=35&lon=51&types=${Array(33).fill(centers.typeId).join()}`,
      400,
    ],
    ['an unknown type', '/api/trades/nearest?trade=x&lat=35&lon=51&types=00000000-0000-0000-0000-0000000000ab', 404],
  ])('refuses %s', async (_, path, status) => {
    expect((await api.request(path)).status).toBe(status);
  });
});
