/**
 * The map reads a type's points by tile (domain/pointTiles.ts): a pan back over ground already seen asks nothing,
 * the points drawn are exactly LazyLoad's for the view, and an offline reload at street zoom shows the pins seen
 * before, from the tiles the service worker kept.
 */
import { describe, expect, it } from 'vitest';
import { typeByRoute } from '../../domain/locationTypes';
import { decodePoints, POINTS_MEDIA_TYPE } from '../../domain/pointsWire';
import type { ViewportBounds } from '../../domain/wire/requests';
import { ApiClient } from '../support/testServer';
import { expectAccessible } from './drivers/accessibility';
import { countInk, PIN_INK } from './drivers/mapInk';
import { OfflineDriver } from './drivers/OfflineDriver';
import { PanDriver } from './drivers/PanDriver';
import { ARTIFACTS, useBrowserApp } from './fixture';
import { TILE_CACHE } from '../../sw/cacheNames';

const env = useBrowserApp({ points: 3000 });
const workshop = typeByRoute('Workshop')!;
const STREETS = '/Workshop?lat=35.70&lng=51.40&z=12';

/** What our server's LazyLoad answers for a box, in the compact form: the ids the map must draw. */
async function lazyLoadCount(bounds: ViewportBounds): Promise<number> {
  const api = new ApiClient(env.baseUrl);
  await api.request('/api/types');
  const response = await api.request(`/api/Map/LazyLoad/${workshop.typeId}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: POINTS_MEDIA_TYPE },
    body: JSON.stringify(bounds),
  });
  return decodePoints(await response.arrayBuffer()).count;
}

/** The map's reads of points: its tiles, their index, and the box call it no longer makes. */
const isMapData = (path: string) => path.startsWith('/api/tiles/') || path.startsWith('/api/Map/LazyLoad/');

describe('the map read by tile', () => {
  it('pans east and back five times at zoom 12 and asks the server nothing after the first loop', () =>
    env.withApp(async ({ app, page }) => {
      await app.open(STREETS);
      const first = await app.waitForMap('idle', (s) => s.markers > 0);
      const pan = new PanDriver(app);
      const seen: number[] = [];
      for (let loop = 0; loop < 5; loop++) {
        const asked = app.apiRequests.length;
        const east = await pan.panEast(5);
        const eastMarkers = (await app.mapState()).markers;
        expect(eastMarkers).toBe(await lazyLoadCount(east));
        const back = await pan.panEast(-5);
        expect((await app.mapState()).markers).toBe(await lazyLoadCount(back));
        const mapReads = app.apiRequests.slice(asked).filter((r) => isMapData(new URL(r.url()).pathname));
        seen.push(mapReads.length);
      }
      expect(seen[0]).toBeGreaterThan(0);
      expect(seen.slice(1)).toEqual([0, 0, 0, 0]);
      expect((await app.mapState()).markers).toBe(first.markers);
      await expect.poll(async () => (await countInk(app.map(), PIN_INK)).pixels).toBeGreaterThan(40);
      await expectAccessible(page, 'the map after panning');
      await page.screenshot({ path: `${ARTIFACTS}/tiles-panned.png` });
    }));

  it('against a server without tiles (the gateway) reads LazyLoad, asking for the index once', () =>
    env.withApp(async ({ app, page, problems }) => {
      problems.expect(/http 404: GET .*\/api\/tiles\//);
      problems.expect(/^console.error: Failed to load resource: the server responded with a status of 404/);
      await page.route('**/api/tiles/*', (route) =>
        route.fulfill({ status: 404, contentType: 'application/json', body: '{"error":"not_found","message":""}' }),
      );
      await app.open(STREETS);
      await app.waitForMap('idle', (s) => s.markers > 0);
      const pan = new PanDriver(app);
      for (const steps of [5, -5, 5]) {
        const bounds = await pan.panEast(steps);
        expect((await app.mapState()).markers).toBe(await lazyLoadCount(bounds));
      }
      const paths = app.apiRequests.map((r) => new URL(r.url()).pathname);
      expect(paths.filter((path) => path.startsWith('/api/tiles/'))).toHaveLength(1);
      expect(paths.filter((path) => path.startsWith('/api/Map/LazyLoad/')).length).toBeGreaterThanOrEqual(4);
    }));

  it('reloads offline at street zoom with the pins it saw, from the kept tiles', () =>
    env.withApp(
      async ({ app, page, context, problems }) => {
        const offline = new OfflineDriver(page, context);
        await app.open(STREETS);
        await app.waitForMap('idle', (s) => s.markers > 0);
        await offline.waitControlled();
        await app.open(STREETS);
        const seen = await app.waitForMap('idle', (s) => s.markers > 0);
        expect((await offline.cachedPaths(TILE_CACHE)).length).toBeGreaterThan(0);

        await offline.goOffline();
        problems.expect(/Failed to load resource|net::ERR_INTERNET_DISCONNECTED|503/);
        await page.reload();
        await page.waitForSelector('.app');
        await app.waitForMap('idle', (s) => s.markers === seen.markers);
        await expect.poll(async () => (await countInk(app.map(), PIN_INK)).pixels).toBeGreaterThan(40);
        await page.screenshot({ path: `${ARTIFACTS}/tiles-offline.png` });
      },
      undefined,
      { serviceWorker: true },
    ));
});
