/**
 * The server's own vector basemap in the browser: with MAKAN_BASEMAP set, the map reads the archive in
 * ranges from our server and draws it (the fixture's lake is painted in the basemap's water where the bundled
 * map has plain land; the bundled towns give way to its places), at desktop and phone widths, axe clean.
 * When its tiles never arrive, the bundled map is still there, with nothing logged. The ranges a visit read
 * are kept by the service worker: with the network gone, the next visit draws the same streets.
 */
import { describe, expect, it } from 'vitest';
import type { MapLocation } from '../../domain/gateway';
import { typeByRoute } from '../../domain/locationTypes';
import { BASEMAP_CACHE } from '../../sw/cacheNames';
import { LAKE } from '../support/basemapFixture';
import { expectAccessible } from './drivers/accessibility';
import { BasemapDriver, BUNDLED_LAND_INK, VECTOR_WATER_INK } from './drivers/BasemapDriver';
import { FindDriver } from './drivers/FindDriver';
import { countInk, TOWN_INK } from './drivers/mapInk';
import { OfflineDriver } from './drivers/OfflineDriver';
import { ARTIFACTS, DESKTOP, PHONE, useBrowserApp } from './fixture';

const env = useBrowserApp({ basemap: true, points: 600 });
const centers = typeByRoute('Centers')!;
const lakeMiddle = { lat: (LAKE.south + LAKE.north) / 2, lng: (LAKE.west + LAKE.east) / 2 };

describe.each([
  ['desktop', DESKTOP],
  ['phone', PHONE],
] as const)('the vector basemap (%s)', (label, viewport) => {
  it('is read in ranges from our server and drawn: its lake in its water, its places instead of the bundled towns', () =>
    env.withApp(async ({ app, page }) => {
      const basemap = new BasemapDriver(app, page);
      // Given a server with a basemap, when a visitor opens the map at a town's scale over the lake,
      await app.open(`/Prison?lat=${lakeMiddle.lat}&lng=${lakeMiddle.lng}&z=9`);
      await app.waitForMap('settled');
      // then the vector basemap is drawn,
      expect(await basemap.drawn()).toBe('vector');
      expect(basemap.archiveAnswers.length).toBeGreaterThan(0);
      expect(basemap.archiveAnswers.map((r) => r.status())).toEqual(basemap.archiveAnswers.map(() => 206));
      // the lake painted in its water,
      await expect.poll(() => basemap.shareOf(VECTOR_WATER_INK, LAKE), { timeout: 15_000 }).toBeGreaterThan(0.6);
      // and the bundled towns' violet gone (its places name the towns).
      expect((await countInk(app.map(), TOWN_INK)).pixels).toBeLessThan(20);
      await page.screenshot({ path: `${ARTIFACTS}/basemap-vector-${label}.png` });
      await expectAccessible(page, 'the map over the vector basemap');
    }, viewport));
});

describe('the vector basemap, out of reach', () => {
  it('leaves the bundled map whole and says nothing when its tiles never arrive', () =>
    env.withApp(async ({ app, page, problems }) => {
      problems.expect(/requestfailed: GET .*\/basemap\/basemap-[0-9a-f]+\.pmtiles/);
      // The browser's own line for a refused request, which no page can silence; the map logs nothing.
      problems.expect(/^console.error: Failed to load resource: net::ERR_CONNECTION_REFUSED$/);
      await page.route('**/basemap/**', (route) => route.abort('connectionrefused'));
      await app.open(`/Prison?lat=${lakeMiddle.lat}&lng=${lakeMiddle.lng}&z=9`);
      await app.waitForMap('settled');
      const basemap = new BasemapDriver(app, page);
      // The map says the bundled basemap is what it drew, as soon as the archive is refused,
      expect(await basemap.drawn()).toBe('bundled');
      expect(await basemap.shareOf(VECTOR_WATER_INK, LAKE)).toBe(0);
      expect(await basemap.shareOf(BUNDLED_LAND_INK, LAKE)).toBeGreaterThan(0.6);
      // with the bundled towns it had hidden for the archive's places shown again.
      await expect.poll(async () => (await countInk(app.map(), TOWN_INK)).pixels).toBeGreaterThan(20);
      // No console error: PageProblems fails the test on any it was not told to expect.
    }));
});

describe('the vector basemap, on the second visit offline', () => {
  it('draws again the streets it drew before, from the ranges the service worker kept', () =>
    env.withApp(
      async ({ app, page, context, problems }) => {
        const view = `/Prison?lat=${lakeMiddle.lat}&lng=${lakeMiddle.lng}&z=9`;
        const offline = new OfflineDriver(page, context);
        // Given a first visit that installed the worker,
        await app.open(view);
        await offline.waitControlled();
        // a range the worker kept on an earlier visit, of an archive since replaced (a new file has a new name),
        // and the worker stopped between visits, as browsers stop idle workers,
        const replaced = '/basemap/basemap-000000000000.pmtiles?range=bytes=0-16383';
        await offline.keepInCache(BASEMAP_CACHE, replaced, 'old tiles');
        await offline.stopWorker();
        // and a visit through the worker that drew the lake (its answers watched from before the page opens),
        const online = new BasemapDriver(app, page);
        await app.open(view);
        await app.waitForMap('settled');
        expect(await online.drawn()).toBe('vector');
        await expect.poll(() => online.shareOf(VECTOR_WATER_INK, LAKE), { timeout: 15_000 }).toBeGreaterThan(0.6);
        // when the network goes and the visitor opens the same view,
        await offline.goOffline();
        problems.expect(/Failed to load resource|net::ERR_INTERNET_DISCONNECTED|503/);
        const again = new BasemapDriver(app, page);
        await app.open(view);
        await app.waitForMap('settled');
        // then the vector basemap is drawn again, every range answered by the worker,
        expect(await again.drawn()).toBe('vector');
        await expect.poll(() => again.shareOf(VECTOR_WATER_INK, LAKE), { timeout: 15_000 }).toBeGreaterThan(0.6);
        expect(again.archiveAnswers.length).toBeGreaterThan(0);
        expect(again.archiveAnswers.every((answer) => answer.fromServiceWorker() && answer.status() === 206)).toBe(
          true,
        );
        // and the replaced archive's range is gone from the visitor's storage, the current archive's kept.
        // (The worker drops them beside its answers, so they may still be going.)
        await expect.poll(() => offline.cachedPaths(BASEMAP_CACHE), { timeout: 10_000 }).not.toContain(replaced);
        expect((await offline.cachedPaths(BASEMAP_CACHE)).length).toBeGreaterThan(0);
        await page.screenshot({ path: `${ARTIFACTS}/basemap-vector-offline.png` });
      },
      DESKTOP,
      { serviceWorker: true },
    ));
});

describe('the vector basemap, and a location found by its name', () => {
  it('shows the location alone at a street scale, centred: the basemap draws the streets around it', async () => {
    const all = (await (
      await fetch(`${env.baseUrl}/api/Map/BindByOrglocationTypeID/${centers.typeId}`)
    ).json()) as MapLocation[];
    // A centre whose name no other location contains, so the search's first answer is it.
    const target = all.find((l) => all.filter((o) => o.Name.includes(l.Name)).length === 1)!;
    await env.withApp(async ({ app, page }) => {
      await app.open('/Centers');
      await app.waitForMap('settled');
      expect(await new BasemapDriver(app, page).drawn()).toBe('vector');
      const find = new FindDriver(page);
      await find.searchFor(target.Name);
      await find.chooseFirstByKeyboard();
      // Centred on it at street scale, not framed with its nearest town as on the bundled map alone.
      const state = await app.waitForMap(
        'idle',
        (s) => s.markers > 0 && Math.abs(s.latitude - target.Lat) < 1e-3 && Math.abs(s.longitude - target.Long) < 1e-3,
      );
      expect(state.zoom).toBeGreaterThanOrEqual(14);
    }, DESKTOP);
  });
});
