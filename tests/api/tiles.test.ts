/**
 * A viewport type's points by tile (GET /api/tiles/…), over real HTTP on both stores: the points of the tiles
 * covering a box, merged as the client merges them, are exactly LazyLoad's for that box; a tile's address is kept
 * for ever (immutable, with an ETag), an import gives new addresses and the old ones are gone; and the hostile
 * requests change nothing.
 */
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { typeByRoute } from '../../domain/locationTypes';
import { VERSION_BEHIND, VERSION_GONE } from '../../domain/http';
import { decodePoints, POINTS_MEDIA_TYPE, type PointSet } from '../../domain/pointsWire';
import {
  pointsInBounds,
  tileIndexPath,
  tileLevelFor,
  tileLevelsOf,
  tilePath,
  tilesCovering,
  type TileKey,
} from '../../domain/pointTiles';
import { NO_FILTERS, type Filters } from '../../domain/filters';
import { filterSuffix } from '../../domain/callPaths';
import type { TileIndex } from '../../domain/wire/answers';
import type { ViewportBounds } from '../../domain/wire/requests';
import { reimportType } from '../support/reimport';
import { SEED_PAST_THE_CAP } from '../support/seededDatabases';
import { degreesAcross } from '../../domain/zoom';
import { ApiClient, startTestServer, STORE_KINDS, type TestServer } from '../support/testServer';

const workshop = typeByRoute('Workshop')!;
const mainOffice = typeByRoute('MainOffice')!;
const levels = tileLevelsOf(workshop.minZoom!);

/** What a 1280 by 800 px view centred there shows at a spec zoom (Web Mercator, near enough for a test's boxes). */
function view(lat: number, lon: number, zoom: number): ViewportBounds {
  const width = degreesAcross(1280, zoom);
  const height = degreesAcross(800, zoom) * Math.cos((lat * Math.PI) / 180);
  return { MinLat: lat - height / 2, MinLon: lon - width / 2, MaxLat: lat + height / 2, MaxLon: lon + width / 2 };
}

/** Views an analyst and a visitor look at: a province at the marker zoom, a city, streets, a view across tiles. */
const VIEWS: { name: string; bounds: ViewportBounds; zoom: number }[] = [
  { name: 'Tehran at the marker zoom', bounds: view(35.7, 51.4, workshop.minZoom!), zoom: workshop.minZoom! },
  { name: 'Tehran city', bounds: view(35.7, 51.4, 12), zoom: 12 },
  { name: 'streets in Tehran', bounds: view(35.7, 51.4, 14.4), zoom: 14.4 },
  { name: 'Isfahan between zooms', bounds: view(32.65, 51.67, 11.5), zoom: 11.5 },
];

describe.each(STORE_KINDS)('%s store', (store) => {
  let server: TestServer;
  let api: ApiClient;
  beforeAll(async () => {
    server = await startTestServer({ store, points: SEED_PAST_THE_CAP });
    api = new ApiClient(server.baseUrl);
  }, 120_000);
  afterAll(() => server.stop());

  const index = () => api.json<TileIndex>(`/api/${tileIndexPath(workshop.typeId)}`);
  const tile = async (version: number, key: TileKey, filters: Filters = NO_FILTERS): Promise<PointSet> => {
    const response = await api.request(`/api/${tilePath(workshop.typeId, version, key, filters)}`);
    expect(response.status, `tile ${key.z}/${key.x}/${key.y}`).toBe(200);
    return decodePoints(await response.arrayBuffer());
  };
  const lazyLoad = async (bounds: ViewportBounds, filters: Filters = NO_FILTERS) => {
    // The compact form, as the client asks it.
    const query = filterSuffix(filters);
    await api.request('/api/types');
    const response = await api.request(`/api/Map/LazyLoad/${workshop.typeId}${query}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: POINTS_MEDIA_TYPE },
      body: JSON.stringify(bounds),
    });
    expect(response.status).toBe(200);
    return decodePoints(await response.arrayBuffer());
  };

  const viaTiles = async (bounds: ViewportBounds, zoom: number, filters: Filters = NO_FILTERS) => {
    const { Version } = await index();
    const keys = tilesCovering(bounds, tileLevelFor(levels, zoom));
    const tiles = await Promise.all(keys.map((key) => tile(Version, key, filters)));
    return { keys, points: pointsInBounds(tiles, bounds, Version) };
  };

  it('names the dataset version and the levels in the index, revalidated', async () => {
    const response = await api.request(`/api/${tileIndexPath(workshop.typeId)}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-cache');
    expect(response.headers.get('etag')).toBeTruthy();
    const body = (await response.json()) as TileIndex;
    expect(body).toEqual({ Version: expect.any(Number), MinLevel: levels.min, MaxLevel: levels.max });
    expect(Number(response.headers.get('x-dataset-version'))).toBe(body.Version);
  });

  it.each(VIEWS)('gives exactly the points LazyLoad gives for $name', async ({ bounds, zoom }) => {
    const { keys, points } = await viaTiles(bounds, zoom);
    const plain = await lazyLoad(bounds);
    expect(plain.count).toBeGreaterThan(0);
    expect([...points.ids]).toEqual([...plain.ids]);
    expect([...points.positions]).toEqual([...plain.positions]);
    // A desktop view reads a few tiles, not a street's worth of them.
    if (zoom >= levels.min + 1) expect(keys.length).toBeLessThanOrEqual(12);
  });

  it('gives exactly the points LazyLoad gives under a filter', async () => {
    const filters: Filters = { ...NO_FILTERS, gender: ['زنانه'] };
    const bounds = VIEWS[0]!.bounds;
    const { points } = await viaTiles(bounds, workshop.minZoom!, filters);
    const plain = await lazyLoad(bounds, filters);
    const all = await lazyLoad(bounds);
    expect(plain.count).toBeGreaterThan(0);
    expect(plain.count).toBeLessThan(all.count);
    expect([...points.ids]).toEqual([...plain.ids]);
  });

  it("is kept for ever under its address, with an ETag a repeat is answered by, and no visitor's token", async () => {
    const { Version } = await index();
    const [key] = tilesCovering(VIEWS[1]!.bounds, levels.min);
    const path = `/api/${tilePath(workshop.typeId, Version, key!, NO_FILTERS)}`;
    const first = await fetch(server.baseUrl + path);
    expect(first.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    // A cache in front keeps it for everyone: it must not hand one visitor's XSRF token to the next. The index,
    // the visitor's own answer, gives one to a visitor who has none.
    expect(first.headers.get('set-cookie')).toBeNull();
    const own = await fetch(server.baseUrl + `/api/${tileIndexPath(workshop.typeId)}`);
    expect(own.headers.get('set-cookie')).toMatch(/^XSRF-TOKEN=[\w-]{32}; Path=\/; SameSite=Strict$/);
    expect(first.headers.get('content-type')).toBe(POINTS_MEDIA_TYPE);
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(new RegExp(`^W/"v${Version}-`));
    const again = await api.request(path, { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
  });

  it('refuses what is no tile of a served level, a fixed type and malformed addresses', async () => {
    const { Version } = await index();
    const status = async (path: string) => (await api.request(path)).status;
    const base = `/api/tiles/${workshop.typeId}/${Version}`;
    const error = async (path: string) => ((await (await api.request(path)).json()) as { error: string }).error;
    expect(await error(`${base}/${levels.min - 1}/0/0`)).toBe('unknown_tile');
    expect(await error(`${base}/${levels.max + 1}/0/0`)).toBe('unknown_tile');
    expect(await error(`${base}/${levels.min}/${2 ** levels.min}/0`)).toBe('unknown_tile');
    expect(await error(`/api/tiles/${mainOffice.typeId}`)).toBe('not_tiled');
    expect(await error(`/api/tiles/${mainOffice.typeId}/${Version}/${levels.min}/0/0`)).toBe('not_tiled');
    expect(await status(`${base}/-1/0/0`)).toBe(400);
    expect(await status(`${base}/${levels.min}/1e3/0`)).toBe(400);
    expect(await status(`${base}/${levels.min}/0/0?gender=%C2%85`)).toBe(400);
    expect(await status(`/api/tiles/${workshop.typeId}/${'9'.repeat(11)}/${levels.min}/0/0`)).toBe(400);
    expect(await status(`/api/tiles/not-a-type/${Version}/${levels.min}/0/0`)).toBe(400);
  });

  it('answers many tiles at once exactly as one at a time', async () => {
    const { Version } = await index();
    const keys = tilesCovering(VIEWS[0]!.bounds, levels.min + 2);
    expect(keys.length).toBeGreaterThan(4);
    const alone: PointSet[] = [];
    for (const key of keys) alone.push(await tile(Version, key));
    const together = await Promise.all(Array.from({ length: 60 }, (_, i) => tile(Version, keys[i % keys.length]!)));
    together.forEach((points, i) => expect([...points.ids]).toEqual([...alone[i % keys.length]!.ids]));
  });

  it('answers the same whatever Host or X-Forwarded-* the request carries', async () => {
    const { Version } = await index();
    const [key] = tilesCovering(VIEWS[1]!.bounds, levels.min);
    const path = `/api/${tilePath(workshop.typeId, Version, key!, NO_FILTERS)}`;
    const plain = await api.request(path);
    const plainBytes = Buffer.from(await plain.arrayBuffer());
    const odd = await new Promise<{ body: Buffer; etag: string | undefined; cache: string | undefined }>(
      (resolve, reject) => {
        const req = request(
          `${server.baseUrl}${path}`,
          { headers: { host: 'evil.example:1', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'gopher' } },
          (res) => {
            const chunks: Buffer[] = [];
            res.on('data', (chunk: Buffer) => chunks.push(chunk));
            res.on('end', () =>
              resolve({
                body: Buffer.concat(chunks),
                etag: res.headers.etag,
                cache: res.headers['cache-control'],
              }),
            );
          },
        );
        req.on('error', reject);
        req.end();
      },
    );
    expect(odd.body.equals(plainBytes)).toBe(true);
    expect(odd.etag).toBe(plain.headers.get('etag'));
    expect(odd.cache).toBe(plain.headers.get('cache-control'));
  });

  it('waits for a version it has not reached yet, then refuses it for another server to answer', async () => {
    // Behind a balancer, a visitor may have read the index from a server that already has the next version.
    const { Version } = await index();
    const [key] = tilesCovering(VIEWS[1]!.bounds, levels.min);
    const ahead = await api.request(`/api/${tilePath(workshop.typeId, Version + 1, key!, NO_FILTERS)}`);
    expect(ahead.status).toBe(503);
    expect(ahead.headers.get('retry-after')).toBe('1');
    expect(((await ahead.json()) as { error: string }).error).toBe(VERSION_BEHIND);
  });

  it('moves to new addresses after an import; the old ones are gone, not stale', async () => {
    const before = await index();
    const bounds = VIEWS[1]!.bounds;
    const [key] = tilesCovering(bounds, levels.min);
    const oldPath = `/api/${tilePath(workshop.typeId, before.Version, key!, NO_FILTERS)}`;
    expect((await api.request(oldPath)).status).toBe(200);
    // The workshop nearest the view, in the same province, moves into it.
    await reimportType(server, 'Workshop', (rows) => {
      const outside = (r: Record<string, string>) =>
        Number(r['Lat']) < bounds.MinLat || Number(r['Lat']) > bounds.MaxLat || Number(r['Long']) > bounds.MaxLon;
      const near = (r: Record<string, string>) => Math.hypot(Number(r['Lat']) - 35.7, Number(r['Long']) - 51.4);
      const row = rows.filter(outside).sort((a, b) => near(a) - near(b))[0]!;
      row['Lat'] = '35.7';
      row['Long'] = '51.4';
    });
    // The server learns of the import as of any other (PostgreSQL tells it a moment later).
    await expect.poll(async () => (await index()).Version, { timeout: 10_000 }).toBeGreaterThan(before.Version);
    const after = await index();
    const gone = await api.request(oldPath);
    expect(gone.status).toBe(404);
    expect(gone.headers.get('cache-control')).toBe('no-cache');
    expect(((await gone.json()) as { error: string }).error).toBe(VERSION_GONE);
    const { points } = await viaTiles(bounds, 12);
    const plain = await lazyLoad(bounds);
    expect([...points.ids]).toEqual([...plain.ids]);
    expect(points.version).toBe(after.Version);
  });
});
