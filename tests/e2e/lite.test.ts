/**
 * The light page, for a slow or metered line: `?lite=1`, or the browser's Save-Data, draws the bundled
 * basemap only (no basemap archive, no raster tiles), fetches one font weight, and on a phone opens on the
 * list of what is in view; `?lite=0` refuses it. The full page, by contrast, reads the archive and the bold
 * face, so each check here can fail.
 */
import { describe, expect, it } from 'vitest';
import type { Page, Request } from 'playwright-core';
import { LAKE } from '../support/basemapFixture';
import { expectAccessible } from './drivers/accessibility';
import { BasemapDriver, BUNDLED_LAND_INK } from './drivers/BasemapDriver';
import { FirstScreenDriver } from './drivers/FirstScreenDriver';
import { ARTIFACTS, DESKTOP, PHONE, useBrowserApp } from './fixture';
import { fa } from '../../src/i18n/fa';
import { MAP_WAIT_CAP_MS } from '../../src/ui/firstScreen';
import type { MapLocation } from '../../domain/gateway';
import { typeByRoute } from '../../domain/locationTypes';

const env = useBrowserApp({ basemap: true, points: 600 });
const overLake = `lat=${(LAKE.south + LAKE.north) / 2}&lng=${(LAKE.west + LAKE.east) / 2}&z=9`;

/** Every request the page makes, to tell what a light page leaves out. */
function requestsOf(page: Page): Request[] {
  const seen: Request[] = [];
  page.on('request', (request) => seen.push(request));
  return seen;
}
const paths = (requests: Request[]) => requests.map((r) => new URL(r.url()).pathname);
const boldFont = /vazirmatn-[a-z-]+-700-normal.*\.woff2$/;
/** deck.gl's chunk (src/map/DeckLayers.tsx), loaded on demand. */
const deckChunk = /\/assets\/DeckLayers-[\w-]+\.js$/;

/** As Chromium reports a visitor's "data saver" (Save-Data) to the page. */
async function givenSaveData(page: Page): Promise<void> {
  await page.addInitScript(() =>
    Object.defineProperty(navigator, 'connection', { value: { saveData: true }, configurable: true }),
  );
}

describe('the light page', () => {
  it('?lite=1 draws the bundled basemap only and fetches one font weight; the full page reads both', () =>
    env.withApp(async ({ app, page }) => {
      const requests = requestsOf(page);
      await app.open(`/Prison?${overLake}&lite=1`);
      await app.waitForMap('settled');
      const basemap = new BasemapDriver(app, page);
      expect(await basemap.drawn()).toBe('bundled');
      expect(await basemap.shareOf(BUNDLED_LAND_INK, LAKE)).toBeGreaterThan(0.6);
      await page.evaluate(() => document.fonts.ready);
      expect(paths(requests).filter((p) => p.startsWith('/basemap/') || p === '/api/basemap')).toEqual([]);
      expect(paths(requests).filter((p) => boldFont.test(p))).toEqual([]);
      // Nor deck.gl's code (170 kB), which the full page fetches once its first screen is up: these pins need none.
      expect(paths(requests).filter((p) => deckChunk.test(p))).toEqual([]);
      await page.screenshot({ path: `${ARTIFACTS}/lite-1280.png` });
      await expectAccessible(page, 'the light page, with its way to the full map');

      // The way back to the full map: the same view, reloaded in full.
      requests.length = 0;
      await page.getByRole('link', { name: fa.liteFullMapLabel }).click();
      await page.waitForURL(/[?&]lite=0/);
      await app.waitForMap('settled');
      expect(await page.getByTestId('lite-full-map').count()).toBe(0);
      expect(await basemap.drawn()).toBe('vector');
      await expect.poll(() => paths(requests).filter((p) => boldFont.test(p)).length).toBeGreaterThan(0);
      expect(paths(requests).some((p) => p.startsWith('/basemap/'))).toBe(true);
      await expect.poll(() => paths(requests).some((p) => deckChunk.test(p))).toBe(true);
    }, DESKTOP));

  it('Save-Data on a phone opens on the list of what is in view, over the bundled basemap; ?lite=0 refuses it', async () => {
    const centres = typeByRoute('Centers')!;
    const centre = (
      (await (await fetch(`${env.baseUrl}/api/Map/BindByOrglocationTypeID/${centres.typeId}`)).json()) as MapLocation[]
    )[0]!;
    await env.withApp(async ({ app, page }) => {
      await givenSaveData(page);
      // Over the whole country the centres are drawn as numbered groups: no empty list over half the map, the
      // status bar says to zoom in.
      await app.open('/Centers');
      await app.waitForMap('settled', (s) => s.clusters > 0);
      await expect.poll(() => app.zoomHint().isVisible()).toBe(true);
      expect(await page.locator('.mantine-Drawer-content').count()).toBe(0);
      // Over a centre, at a town's scale, the centres themselves.
      await app.open(`/Centers?lat=${centre.Lat}&lng=${centre.Long}&z=12`);
      await app.waitForMap('settled');
      await page.locator('.marker-list-item').first().waitFor();
      expect(await new BasemapDriver(app, page).drawn()).toBe('bundled');
      await page.screenshot({ path: `${ARTIFACTS}/lite-375.png` });
      await expectAccessible(page, 'the light page on a phone, its list open');

      await app.open(`/Centers?lat=${centre.Lat}&lng=${centre.Long}&z=12&lite=0`);
      await app.waitForMap('settled');
      expect(await new BasemapDriver(app, page).drawn()).toBe('vector');
      expect(await page.locator('.marker-list-item').count()).toBe(0);
    }, PHONE);
  });

  it('the full page asks for the bold weight only once its map has drawn, or soon after the load when it has not', () =>
    env.withApp(async ({ app, page }) => {
      const firstScreen = new FirstScreenDriver(page);
      await firstScreen.givenTheClocksStarted();
      await app.open('/Centers');
      await app.waitForMap('settled');
      const { boldAt, drawnAt, loadAt } = await firstScreen.when('boldAt');
      expect(boldAt).toBeGreaterThanOrEqual(Math.min(drawnAt, loadAt + MAP_WAIT_CAP_MS));
    }, DESKTOP));
});
