/**
 * Makan's compact LazyLoad form: every location in the box, past the gateway's cap, 12 bytes a
 * point, with names and Guids by id through the labels call; the gateway's JSON stays exactly as it was.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LAZYLOAD_ROW_CAP, TRUNCATED_HEADER, type ChartRow, type MapLocation } from '../../domain/gateway';
import { typeByRoute } from '../../domain/locationTypes';
import {
  decodePoints,
  LABELS_MAX,
  POINTS_MEDIA_TYPE,
  STALE_POINTS_ERROR,
  type PointLabel,
  type PointSet,
} from '../../domain/pointsWire';
import { SEED_PAST_THE_CAP } from '../support/seededDatabases';
import { ApiClient, startTestServer, STORE_KINDS, type TestServer } from '../support/testServer';

const academy = typeByRoute('Academy')!;
const IRAN = { MinLat: 24, MinLon: 43, MaxLat: 40.5, MaxLon: 64 };
const TEHRAN = { MinLat: 35.55, MinLon: 51.2, MaxLat: 35.85, MaxLon: 51.6 };
const lazyLoad = `/api/Map/LazyLoad/${academy.typeId}`;
const labelsPath = `/api/points/${academy.typeId}/labels`;

describe.each(STORE_KINDS)('%s store', (store) => {
  let server: TestServer;
  let api: ApiClient;
  let academyTotal = 0;
  beforeAll(async () => {
    server = await startTestServer({ store, points: SEED_PAST_THE_CAP });
    api = new ApiClient(server.baseUrl);
    const chart = await api.json<ChartRow[]>(`/api/TVTOBase/OrglocationChartData/${academy.typeId}`);
    academyTotal = chart.reduce((sum, row) => sum + row.Count, 0);
  }, 120_000);
  afterAll(() => server.stop());

  const compact = async (box: object, headers: Record<string, string> = {}) => {
    const response = await api.request(lazyLoad, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: POINTS_MEDIA_TYPE, ...headers },
      body: JSON.stringify(box),
    });
    return response;
  };
  const decoded = async (box: object): Promise<PointSet> => {
    const response = await compact(box);
    expect(response.status).toBe(200);
    return decodePoints(await response.arrayBuffer());
  };
  const labels = async (version: number, ids: number[]) => api.post(labelsPath, { version, ids });

  it('answers every location in the box, past the cap the JSON answer keeps', async () => {
    expect(academyTotal).toBeGreaterThan(LAZYLOAD_ROW_CAP);
    const json = await api.post(lazyLoad, IRAN);
    expect(json.headers.get(TRUNCATED_HEADER)).toBe(String(LAZYLOAD_ROW_CAP));
    expect(((await json.json()) as MapLocation[]).length).toBe(LAZYLOAD_ROW_CAP);

    const response = await compact(IRAN);
    expect(response.headers.get('content-type')).toBe(POINTS_MEDIA_TYPE);
    expect(response.headers.get('vary')).toMatch(/accept/i);
    expect(response.headers.get(TRUNCATED_HEADER)).toBeNull();
    const points = decodePoints(await response.arrayBuffer());
    expect(points.count).toBe(academyTotal);
    expect(new Set(points.ids).size).toBe(academyTotal);
  });

  it('holds the same locations as the JSON answer, named by the labels call in the order asked', async () => {
    const json = (await (await api.post(lazyLoad, TEHRAN)).json()) as MapLocation[];
    expect(json.length).toBeGreaterThan(10);
    const points = await decoded(TEHRAN);
    expect(points.count).toBe(json.length);
    const ids = [...points.ids].reverse();
    const named = (await (await labels(points.version!, ids)).json()) as MapLocation[];
    expect(new Set(named.map((l) => l.Guid))).toEqual(new Set(json.map((l) => l.Guid)));
    // Point i of the compact answer is where its label says, to float32 precision (well under a metre).
    const byId = new Map(ids.map((id, i) => [id, named[i]!]));
    for (let i = 0; i < points.count; i++) {
      const label = byId.get(points.ids[i]!)!;
      expect(Math.abs(points.positions[i * 2]! - label.Long)).toBeLessThan(1e-5);
      expect(Math.abs(points.positions[i * 2 + 1]! - label.Lat)).toBeLessThan(1e-5);
      expect(label.Lat).toBeGreaterThanOrEqual(TEHRAN.MinLat);
      expect(label.Long).toBeLessThanOrEqual(TEHRAN.MaxLon);
    }
  });

  it("a fixed type's whole answer comes compact when asked, the same locations as its JSON, named by the labels call", async () => {
    const fixed = typeByRoute('Industries')!;
    const path = `/api/Map/BindByOrglocationTypeID/${fixed.typeId}`;
    const json = (await (await api.request(path)).json()) as MapLocation[];
    const response = await api.request(path, { headers: { accept: POINTS_MEDIA_TYPE } });
    expect(response.headers.get('content-type')).toBe(POINTS_MEDIA_TYPE);
    expect(response.headers.get('vary')).toMatch(/accept/i);
    const points = decodePoints(await response.arrayBuffer());
    expect(points.count).toBe(json.length);
    const named = (await (
      await api.post(`/api/points/${fixed.typeId}/labels`, { version: points.version, ids: [...points.ids] })
    ).json()) as PointLabel[];
    expect(named.map((l) => l.Guid).sort()).toEqual(json.map((l) => l.Guid).sort());
    expect(named.every((l) => typeof l.Gender === 'string' && l.Gender !== '')).toBe(true);
  });

  it('says whom each labelled location admits, as its detail does (a row of the in-view list shows it)', async () => {
    const points = await decoded(TEHRAN);
    const named = (await (await labels(points.version!, [...points.ids].slice(0, 12))).json()) as PointLabel[];
    const genders = new Set<string>();
    for (const label of named) {
      const detail = await api.json<{ Gender: string }>(`/api/TVTOBase/GetMapLocationDetailsx/${label.Guid}`);
      expect(label.Gender).toBe(detail.Gender);
      genders.add(label.Gender!);
    }
    expect(genders.size).toBeGreaterThan(1);
  });

  it('refuses ids of another dataset version (409), unknown ids and oversized batches (400)', async () => {
    const points = await decoded(TEHRAN);
    const stale = await labels(points.version! + 1, [points.ids[0]!]);
    expect(stale.status).toBe(409);
    expect(((await stale.json()) as { error: string }).error).toBe(STALE_POINTS_ERROR);
    expect((await labels(points.version!, [academyTotal])).status).toBe(400);
    expect((await labels(points.version!, [-1])).status).toBe(400);
    expect(
      (
        await labels(
          points.version!,
          Array.from({ length: LABELS_MAX + 1 }, (_, i) => i),
        )
      ).status,
    ).toBe(400);
    expect(
      (
        await labels(
          points.version!,
          Array.from({ length: LABELS_MAX }, (_, i) => i),
        )
      ).status,
    ).toBe(200);
  });

  it('keys the answer to the dataset version, JSON and compact apart; a POST is answered whole', async () => {
    const first = await compact(TEHRAN);
    const etag = first.headers.get('etag');
    expect(etag).toMatch(/^W\/"v\d+-/);
    // The same box at the same version is the same tag. A 304 is for GET and HEAD (RFC 9110, 13.1.2; the map reads
    // tiles by GET): a POST holding the tag is sent the answer again.
    const again = await compact(TEHRAN, { 'if-none-match': etag! });
    expect([again.status, again.headers.get('etag')]).toEqual([200, etag]);
    expect((await again.arrayBuffer()).byteLength).toBe((await first.arrayBuffer()).byteLength);
    const json = await api.post(lazyLoad, TEHRAN);
    expect(json.headers.get('etag')).not.toBe(etag);
    const elsewhere = await compact({ ...TEHRAN, MaxLat: 35.9 });
    expect(elsewhere.headers.get('etag')).not.toBe(etag);
  });

  it('keeps the JSON of a box byte for byte what the gateway contract spells', async () => {
    const body = await (await api.post(lazyLoad, TEHRAN)).text();
    const parsed = JSON.parse(body) as MapLocation[];
    expect(Object.keys(parsed[0]!)).toEqual(['Lat', 'Long', 'Name', 'Guid']);
    expect(body).toBe(JSON.stringify(parsed));
  });
});
