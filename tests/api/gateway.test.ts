import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChartRow, ClusterItem, LocatedDetail, MapLocation, PiePoint, TreeNode } from '../../domain/gateway';
import { EMPTY_GUID } from '../../domain/guid';
import { DISTINCT_TYPES, LOCATION_TYPES, typeByRoute } from '../../domain/locationTypes';
import { PROVINCES } from '../../domain/provinces';
import { POINTS_PER_PIECE } from '../../server/points/TypePoints';
import { ApiClient, startTestServer, STORE_KINDS, type TestServer } from '../support/testServer';

const IRAN = { MinLat: 24, MinLon: 43, MaxLat: 40.5, MaxLon: 64 };
const academy = typeByRoute('Academy')!;
const industries = typeByRoute('Industries')!;

describe.each(STORE_KINDS)('%s store', (store) => {
  let server: TestServer;
  let api: ApiClient;

  beforeAll(async () => {
    server = await startTestServer({ store, points: 4000 });
    api = new ApiClient(server.baseUrl);
  });
  afterAll(() => server.stop());

  describe('catalogue', () => {
    it('serves the 19 routes with their fields', async () => {
      const types = await api.json<Record<string, unknown>[]>('/api/types');
      expect(types).toHaveLength(19);
      expect(types.map((t) => t['route'])).toEqual(LOCATION_TYPES.map((t) => t.route));
      expect(types.find((t) => t['route'] === 'Academy')).toEqual({
        route: 'Academy',
        typeId: academy.typeId,
        loadMode: 'viewport',
        minZoom: 15,
        titleFa: academy.titleFa,
        menuOrder: 3,
        statsEnabled: true,
      });
      expect(types.find((t) => t['route'] === 'Prison')).toMatchObject({
        loadMode: 'fixed',
        minZoom: null,
        menuOrder: null,
      });
    });
  });

  describe('map locations', () => {
    it('BindByOrglocationTypeID returns every location of a fixed type with the gateway fields', async () => {
      const rows = await api.json<MapLocation[]>(`/api/Map/BindByOrglocationTypeID/${industries.typeId}`);
      expect(rows.length).toBeGreaterThan(0);
      expect(Object.keys(rows[0]!).sort()).toEqual(['Guid', 'Lat', 'Long', 'Name']);
    });

    it('LazyLoad returns exactly the locations inside the box, and each of the four edges cuts', async () => {
      const all = (await (await api.post(`/api/Map/LazyLoad/${academy.typeId}`, IRAN)).json()) as MapLocation[];
      const isInside = (p: MapLocation, b: typeof IRAN) =>
        p.Lat >= b.MinLat && p.Lat <= b.MaxLat && p.Long >= b.MinLon && p.Long <= b.MaxLon;
      for (const box of [
        { MinLat: 35.5, MinLon: 51.0, MaxLat: 35.9, MaxLon: 51.7 },
        { MinLat: 32.4, MinLon: 51.4, MaxLat: 32.9, MaxLon: 51.9 },
        { MinLat: 36.1, MinLon: 59.3, MaxLat: 36.5, MaxLon: 59.9 },
      ]) {
        const inside = (await (await api.post(`/api/Map/LazyLoad/${academy.typeId}`, box)).json()) as MapLocation[];
        const expected = all.filter((p) => isInside(p, box));
        expect(inside.length).toBeGreaterThan(5);
        expect(new Set(inside.map((p) => p.Guid))).toEqual(new Set(expected.map((p) => p.Guid)));
        // Each edge really excludes something: points just across it, within the box's span on the other axis.
        const across = {
          south: all.filter((p) => p.Lat < box.MinLat && p.Long >= box.MinLon && p.Long <= box.MaxLon),
          north: all.filter((p) => p.Lat > box.MaxLat && p.Long >= box.MinLon && p.Long <= box.MaxLon),
          west: all.filter((p) => p.Long < box.MinLon && p.Lat >= box.MinLat && p.Lat <= box.MaxLat),
          east: all.filter((p) => p.Long > box.MaxLon && p.Lat >= box.MinLat && p.Lat <= box.MaxLat),
        };
        for (const [edge, outside] of Object.entries(across))
          expect(outside.length, `points across the ${edge} edge`).toBeGreaterThan(0);
      }
    });

    it('LazyLoad box edges include a location exactly on them and exclude it one bit beyond', async () => {
      const all = (await (await api.post(`/api/Map/LazyLoad/${academy.typeId}`, IRAN)).json()) as MapLocation[];
      const p = all[0]!;
      const nextUp = (x: number) => x + Math.abs(x) * Number.EPSILON;
      const nextDown = (x: number) => x - Math.abs(x) * Number.EPSILON;
      const around = { MinLat: p.Lat - 0.01, MinLon: p.Long - 0.01, MaxLat: p.Lat + 0.01, MaxLon: p.Long + 0.01 };
      const found = async (box: typeof IRAN) =>
        ((await (await api.post(`/api/Map/LazyLoad/${academy.typeId}`, box)).json()) as MapLocation[]).some(
          (q) => q.Guid === p.Guid,
        );
      for (const [edge, onEdge, beyond] of [
        ['MinLat', p.Lat, nextUp(p.Lat)],
        ['MaxLat', p.Lat, nextDown(p.Lat)],
        ['MinLon', p.Long, nextUp(p.Long)],
        ['MaxLon', p.Long, nextDown(p.Long)],
      ] as const) {
        expect(beyond).not.toBe(onEdge);
        expect(await found({ ...around, [edge]: onEdge }), `${edge} on the location`).toBe(true);
        expect(await found({ ...around, [edge]: beyond }), `${edge} one bit beyond the location`).toBe(false);
      }
    });

    it('LazyLoad of a box around Iran, the whole type, the chart total and the All list agree for every type', async () => {
      let pieced = 0;
      for (const type of DISTINCT_TYPES) {
        const points = (await (await api.post(`/api/Map/LazyLoad/${type.typeId}`, IRAN)).json()) as MapLocation[];
        // The whole type is written a piece at a time past POINTS_PER_PIECE: the same locations, each once.
        const whole = await api.json<MapLocation[]>(`/api/Map/BindByOrglocationTypeID/${type.typeId}`);
        expect(whole.map((p) => p.Guid).sort(), type.route).toEqual(points.map((p) => p.Guid).sort());
        if (whole.length > 2 * POINTS_PER_PIECE) pieced++;
        const chart = await api.json<ChartRow[]>(`/api/TVTOBase/OrglocationChartData/${type.typeId}`);
        const names = await api.json<string[]>(`/api/TVTOBase/OrglocationByTypeAndOstan/${type.typeId}/All`);
        const pie = await api.json<PiePoint[]>(`/api/TVTOBase/OrglocationPie/${type.typeId}/All`);
        const chartTotal = chart.reduce((s, r) => s + r.Count, 0);
        expect(chartTotal, type.route).toBe(points.length);
        expect(names.length, type.route).toBe(points.length);
        expect(
          pie.reduce((s, p) => s + p.Count, 0),
          type.route,
        ).toBe(points.length);
      }
      expect(pieced, 'types answered in three pieces or more').toBeGreaterThan(0);
      // Asked at once, the pieces of each answer stay in its own order.
      const path = `/api/Map/BindByOrglocationTypeID/${academy.typeId}`;
      const [first, ...others] = await Promise.all(Array.from({ length: 10 }, () => api.json<MapLocation[]>(path)));
      for (const other of others) expect(other).toEqual(first);
    });

    it('cluster counts of one response add up to the locations they cover', async () => {
      const total = (await api.json<MapLocation[]>(`/api/TVTOBase/OrglocationByTypeAndOstan/${academy.typeId}/All`))
        .length;
      for (const zoom of [5, 6, 8]) {
        const clusters = await api.json<ClusterItem[]>(
          `/api/TVTOBase/OrglocationMap/${academy.typeId}?zoom=${zoom}&minLat=20&minLon=40&maxLat=42&maxLon=66`,
        );
        expect(
          clusters.reduce((s, c) => s + c.Count, 0),
          `zoom ${zoom}`,
        ).toBe(total);
      }
      const tehran = await api.json<ClusterItem[]>(
        `/api/TVTOBase/OrglocationMap/${academy.typeId}?zoom=9&minLat=35.5&minLon=51&maxLat=35.9&maxLon=51.7`,
      );
      expect(tehran.length).toBeGreaterThan(0);
      for (const c of tehran) {
        expect(c.Lat).toBeGreaterThanOrEqual(35.5);
        expect(c.Long).toBeLessThanOrEqual(51.7);
      }
    });

    it('OrglocationMap without a box answers one bubble per province', async () => {
      const bubbles = await api.json<ClusterItem[]>(`/api/TVTOBase/OrglocationMap/${academy.typeId}`);
      const chart = await api.json<ChartRow[]>(`/api/TVTOBase/OrglocationChartData/${academy.typeId}`);
      expect(bubbles).toHaveLength(chart.filter((r) => r.Count > 0).length);
      expect(bubbles.reduce((s, b) => s + b.Count, 0)).toBe(chart.reduce((s, r) => s + r.Count, 0));
    });
  });

  describe('details', () => {
    it('returns the detail fields with all five dynamic field types, and the images exist', async () => {
      const [first] = await api.json<MapLocation[]>(`/api/Map/BindByOrglocationTypeID/${industries.typeId}`);
      const detail = await api.json<LocatedDetail>(`/api/TVTOBase/GetMapLocationDetailsx/${first!.Guid}`);
      expect(detail.NameMakanAmoozeshi).toBe(first!.Name);
      // Ours, beyond the gateway: the point, so a link naming only the Guid can frame it and show the way there.
      expect([detail.Lat, detail.Long]).toEqual([first!.Lat, first!.Long]);
      for (const key of ['Mogiyat', 'ZirNazar', 'Gender', 'Legal', 'PhoneNumber', 'Fax', 'Address'] as const)
        expect(detail[key]).not.toBe('');
      expect(typeof detail.ShowMoreDetails).toBe('boolean');
      expect(detail.daynamicFields.map((f) => f.Type).sort()).toEqual(['check', 'file', 'image', 'input', 'text']);
      for (const field of detail.daynamicFields.filter((f) => f.Type === 'image' || f.Type === 'file')) {
        const file = await api.request(`/api/files/${field.Value}`);
        expect(file.status).toBe(200);
        expect((await file.arrayBuffer()).byteLength).toBeGreaterThan(100);
      }
    });

    it('accepts a lower-case Guid', async () => {
      const [first] = await api.json<MapLocation[]>(`/api/Map/BindByOrglocationTypeID/${industries.typeId}`);
      expect((await api.request(`/api/TVTOBase/GetMapLocationDetailsx/${first!.Guid.toLowerCase()}`)).status).toBe(200);
    });
  });

  describe('statistics', () => {
    it('chart data has one row per province, zero counts included, with Persian and English names', async () => {
      const rows = await api.json<ChartRow[]>(`/api/TVTOBase/OrglocationChartData/${typeByRoute('prison2')!.typeId}`);
      expect(rows).toHaveLength(31);
      expect(rows.map((r) => r.LocationEnName).sort()).toEqual(PROVINCES.map((p) => p.name_en).sort());
      expect(rows.some((r) => r.Count === 0)).toBe(true);
      expect(rows[0]).toEqual({
        Count: expect.any(Number),
        OstanName: PROVINCES[0]!.name_fa,
        LocationEnName: PROVINCES[0]!.name_en,
        DataType: expect.any(String),
      });
    });

    it('pie and names of one province agree with its chart row', async () => {
      const rows = await api.json<ChartRow[]>(`/api/TVTOBase/OrglocationChartData/${academy.typeId}`);
      const tehran = rows.find((r) => r.LocationEnName === 'Tehran')!;
      const pie = await api.json<PiePoint[]>(`/api/TVTOBase/OrglocationPie/${academy.typeId}/Tehran`);
      const names = await api.json<string[]>(
        `/api/TVTOBase/OrglocationByTypeAndOstan/${academy.typeId}/${encodeURIComponent('Tehran')}`,
      );
      expect(pie.reduce((s, p) => s + p.Count, 0)).toBe(tehran.Count);
      expect(names).toHaveLength(tehran.Count);
      expect(names.every((n) => n.includes('تهران'))).toBe(true);
      expect(pie.map((p) => p.Name).sort()).toEqual(['زنانه', 'مختلط', 'مردانه']);
    });

    it("every province's list holds as many names as its chart row counts, in Persian order", async () => {
      // Lists are written a few hundred names at a time: a province with few of them has batches with none.
      const rows = await api.json<ChartRow[]>(`/api/TVTOBase/OrglocationChartData/${academy.typeId}`);
      const collator = new Intl.Collator('fa', { numeric: true });
      for (const row of rows) {
        const path = `/api/TVTOBase/OrglocationByTypeAndOstan/${academy.typeId}/${encodeURIComponent(row.LocationEnName)}`;
        const names = await api.json<string[]>(path);
        expect(names, row.LocationEnName).toHaveLength(row.Count);
        expect(names).toEqual([...names].sort(collator.compare));
      }
    });

    it('province names with spaces work URL-encoded', async () => {
      const names = await api.json<string[]>(
        `/api/TVTOBase/OrglocationByTypeAndOstan/${academy.typeId}/${encodeURIComponent('Razavi Khorasan')}`,
      );
      expect(names.length).toBeGreaterThan(0);
    });

    it('the province tree lists the 31 provinces as tree nodes', async () => {
      const nodes = await api.json<TreeNode[]>(`/api/A/1111/Tree?Guid=${EMPTY_GUID}`);
      expect(nodes).toHaveLength(31);
      expect(nodes.map((n) => n.Name).sort()).toEqual(PROVINCES.map((p) => p.name_fa).sort());
      expect(nodes[0]).toMatchObject({ PGuid: EMPTY_GUID, GLevel: 1, isInIran: true, children: [] });
      expect(await api.json<TreeNode[]>(`/api/A/1111/Tree?Guid=${nodes[0]!.Guid}`)).toEqual([]);
    });
  });

  describe('list order', () => {
    it('names are in Persian order with numbers compared by value', async () => {
      const names = await api.json<string[]>(`/api/TVTOBase/OrglocationByTypeAndOstan/${academy.typeId}/All`);
      const collator = new Intl.Collator('fa', { numeric: true });
      expect(names).toEqual([...names].sort(collator.compare));
      const numbered = names.filter((n) => /[۰-۹0-9]/.test(n));
      expect(numbered.length).toBeGreaterThan(2);
    });
  });
});
