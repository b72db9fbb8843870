/**
 * The visitor's task: "the nearest centre to my town, and the way there". A town typed in the search, or
 * chosen in near-me when the browser will not say where the visitor is, becomes the origin of the nearest
 * list; the map frames the town and those locations; the detail dialog offers the way there and a call.
 */
import { describe, expect, it } from 'vitest';
import { typeByRoute } from '../../domain/locationTypes';
import type { Place } from '../../domain/places';
import type { NearestResult } from '../../domain/search';
import { fa } from '../../src/i18n/fa';
import { formatCount } from '../../src/i18n/format';
import { countryFitZoom } from '../../src/map/viewport';
import { expectAccessible } from './drivers/accessibility';
import { AppDriver } from './drivers/AppDriver';
import { MARKER_HEIGHT_PX } from '../../src/map/mapConstants';
import { FindDriver } from './drivers/FindDriver';
import { ARTIFACTS, DESKTOP, PHONE, useBrowserApp } from './fixture';

const env = useBrowserApp();
const centers = typeByRoute('Centers')!;

async function api<T>(path: string): Promise<T> {
  return (await (await fetch(`${env.baseUrl}/api/${path}`)).json()) as T;
}

/** Whether every point lies inside the map's box as drawn now. */
async function allInView(app: AppDriver, points: { lat: number; lon: number }[]): Promise<boolean> {
  const box = (await app.map().boundingBox())!;
  for (const point of points) {
    const at = await app.pagePointOf(point.lat, point.lon);
    if (at.x < box.x || at.x > box.x + box.width || at.y < box.y || at.y > box.y + box.height) return false;
  }
  return true;
}

describe.each([
  ['desktop', DESKTOP],
  ['phone', PHONE],
] as const)('the nearest to a town (%s)', (label, viewport) => {
  it('a town typed in the search lists the nearest centres from it, by distance, and the map frames them', async () => {
    const [bojnurd] = await api<Place[]>(`places?q=${encodeURIComponent('بجنورد')}`);
    const expected = await api<NearestResult[]>(`nearest/${centers.typeId}?lat=${bojnurd!.Lat}&lon=${bojnurd!.Long}`);
    await env.withApp(async ({ app, page }) => {
      // The visitor is looking at Shiraz, far from the town they will type.
      await app.open('/Centers?lat=29.61&lng=52.53&z=10');
      await app.waitForMap('settled');
      expect(await allInView(app, [{ lat: bojnurd!.Lat, lon: bojnurd!.Long }])).toBe(false);
      const find = new FindDriver(page);
      await find.searchFor('بجنورد');
      expect(await find.placeOptions().first().innerText()).toContain('بجنورد');
      await expectAccessible(page, 'the search offering towns');
      await find.choosePlace('بجنورد');
      await find.nearbyList().waitFor();
      await app.waitForDrawerSettled();
      expect(await find.nearbyTitle().innerText()).toBe(fa.nearMe.titleFrom('بجنورد'));
      expect(await find.nearbyDistances()).toEqual(expected.map((e) => e.DistanceKm));
      if (label === 'phone') {
        // A sheet over the lower part: above it the map stays in view, its zoom buttons and numbered pins uncovered.
        const sheetTop = (await page.locator('.mantine-Drawer-content').boundingBox())!.y;
        expect((await page.locator('.zoom-buttons').boundingBox())!.y).toBeLessThan(sheetTop);
        // Every one of the map's buttons above it and usable (under the zoom buttons, drawing an area was under it).
        expect(await app.coveredMapButtons()).toEqual([]);
        const pinBottoms = async () =>
          Promise.all((await page.getByTestId('nearest-pin').all()).map(async (pin) => (await pin.boundingBox())!.y));
        await expect.poll(async () => Math.max(...(await pinBottoms())), { timeout: 10_000 }).toBeLessThan(sheetTop);
        // Nor does a button stand over a pin.
        expect(await app.hiddenNearestPins()).toEqual([]);
      }
      await page.screenshot({ path: `${ARTIFACTS}/places-nearest-${label}.png` });
      // Back on the map: the town and its nearest centres are all in view.
      await page.keyboard.press('Escape');
      await find.nearbyList().waitFor({ state: 'detached' });
      const framed = [{ lat: bojnurd!.Lat, lon: bojnurd!.Long }, ...expected.map((e) => ({ lat: e.Lat, lon: e.Long }))];
      await app.waitForMap('settled', () => true);
      await expect.poll(() => allInView(app, framed), { timeout: 10_000 }).toBe(true);
      // Framed, not the whole country: closer than the view that shows all of Iran on this screen.
      const box = (await app.map().boundingBox())!;
      expect((await app.mapState()).zoom).toBeGreaterThan(countryFitZoom(box.width, box.height) + 0.5);
      // Numbered pins, as the list numbers them, where the locations are; the first opens the nearest.
      const pins = page.getByTestId('nearest-pin');
      expect(await pins.count()).toBe(expected.length);
      // Each tag whole inside the map, the northernmost's too (they stand a pin's height above their places).
      for (const tag of await pins.all()) expect((await tag.boundingBox())!.y).toBeGreaterThanOrEqual(box.y);
      expect(await pins.first().innerText()).toBe('۱');
      // The tag stands over the place's own pin: its box, tag and tail included, ends at the pin's head, a pin's
      // height above the place (anchored at the place, it covered the pin it named).
      const pin = (await pins.first().locator('xpath=..').boundingBox())!;
      const at = await app.pagePointOf(expected[0]!.Lat, expected[0]!.Long);
      expect(Math.abs(pin.x + pin.width / 2 - at.x)).toBeLessThan(4);
      expect(Math.abs(pin.y + pin.height - (at.y - MARKER_HEIGHT_PX))).toBeLessThan(4);
      await page.screenshot({ path: `${ARTIFACTS}/places-pins-${label}.png` });
      await pins.first().click();
      await app.dialog().getByTestId('detail').waitFor();
      expect(await app.dialog().getByRole('heading', { level: 2 }).innerText()).toBe(expected[0]!.Name);
    }, viewport);
  });
});

describe('near me without a position', () => {
  it('offers "choose my town" when the position is refused, and lists the nearest from the town chosen', async () => {
    const [mashhad] = await api<Place[]>(`places?q=${encodeURIComponent('مشهد')}`);
    const expected = await api<NearestResult[]>(`nearest/${centers.typeId}?lat=${mashhad!.Lat}&lon=${mashhad!.Long}`);
    await env.withApp(async ({ app, page }) => {
      await app.open('/Centers');
      await app.waitForMap('settled');
      const find = new FindDriver(page);
      await find.nearMe();
      await find.nearMeError().waitFor();
      await find.chooseTown('مشه', 'مشهد');
      await find.nearbyList().waitFor();
      expect(await find.nearbyTitle().innerText()).toBe(fa.nearMe.titleFrom('مشهد'));
      expect(await find.nearbyDistances()).toEqual(expected.map((e) => e.DistanceKm));
    });
  });

  it('calls a position worse than 5 km coarse, and offers the town instead', async () => {
    await env.withApp(async ({ app, page, context }) => {
      await context.grantPermissions(['geolocation']);
      await context.setGeolocation({ latitude: 35.7, longitude: 51.4, accuracy: 20_000 });
      await app.open('/Centers');
      await app.waitForMap('settled');
      const find = new FindDriver(page);
      await find.nearMe();
      await find.nearbyList().waitFor();
      expect(await page.getByTestId('near-me-coarse').innerText()).toBe(fa.nearMe.coarse);
      await app.waitForDrawerSettled();
      await expectAccessible(page, 'near me with a coarse position and the town picker');
    });
  });
});

describe('the way there', () => {
  it('the detail dialog of a found location offers directions in five apps at once, and calls', async () => {
    const [bojnurd] = await api<Place[]>(`places?q=${encodeURIComponent('بجنورد')}`);
    const [nearest] = await api<NearestResult[]>(`nearest/${centers.typeId}?lat=${bojnurd!.Lat}&lon=${bojnurd!.Long}`);
    await env.withApp(async ({ app, page }) => {
      await app.open('/Centers');
      await app.waitForMap('settled');
      const find = new FindDriver(page);
      await find.searchFor('بجنورد');
      await find.choosePlace('بجنورد');
      await find.nearbyList().locator('li').first().getByRole('button').click();
      await app.dialog().getByTestId('detail').waitFor();
      const directions = app.dialog().getByRole('group', { name: fa.detail.goLabel(nearest!.Name) });
      const links = await directions
        .getByRole('link')
        .evaluateAll((items) => items.map((item) => [item.getAttribute('data-app'), item.getAttribute('href')]));
      expect(links.map(([app]) => app)).toEqual(['geo', 'neshan', 'balad', 'google', 'osm']);
      const lat = nearest!.Lat.toFixed(6);
      expect(links.every(([, href]) => href!.includes(lat))).toBe(true);
      await expectAccessible(page, 'the detail dialog with its directions');
      const phone = app.dialog().locator('a[href^="tel:"]');
      if ((await phone.count()) > 0) expect(await phone.first().getAttribute('href')).toMatch(/^tel:\+?\d{4,}$/);
    });
  });

  it('a link to a location the data no longer has offers the way back, not a retry that cannot help', () =>
    env.withApp(async ({ app, page, problems }) => {
      problems.expect(/status of 404|http 404/);
      await app.open('/Centers?loc=00000000-0000-4000-8000-00000000beef');
      await page.getByTestId('detail-gone').waitFor();
      expect(await app.dialog().getByRole('button', { name: fa.retry }).count()).toBe(0);
      await app.dialog().getByRole('button', { name: fa.detail.back }).click();
      await page.getByTestId('detail-gone').waitFor({ state: 'detached' });
      expect(new URL(page.url()).searchParams.get('loc')).toBeNull();
    }));
});

describe('search that knows where the visitor is', () => {
  it('lists the shown type first, says how many match in all, and shows more on request', async () => {
    const q = encodeURIComponent('نوین');
    const total = Number((await fetch(`${env.baseUrl}/api/search?q=${q}&count=1`)).headers.get('x-makan-total'));
    const ofCentres = await api<unknown[]>(`search?q=${q}&type=${centers.typeId}&limit=50`);
    expect(total).toBeGreaterThan(20);
    expect(ofCentres.length).toBeGreaterThan(0);
    await env.withApp(async ({ app, page }) => {
      await app.open('/Centers');
      await app.waitForMap('settled');
      const find = new FindDriver(page);
      await find.searchFor('نوین');
      const routes = await page
        .locator('[role="option"][data-route]')
        .evaluateAll((options) => options.map((o) => o.getAttribute('data-route')));
      expect(routes).toHaveLength(20);
      const centres = Math.min(ofCentres.length, 20);
      expect(routes.slice(0, centres).every((route) => route === 'Centers')).toBe(true);
      expect(await page.getByTestId('search-count').innerText()).toBe(
        fa.find.resultsOf(formatCount(20), formatCount(total)),
      );
      await page.getByTestId('search-more').click();
      await expect.poll(() => page.locator('[role="option"][data-route]').count()).toBe(Math.min(total, 50));
      await expectAccessible(page, 'search results with their count and "more"');
    });
  });
});

describe('a view with nothing in it, on a phone', () => {
  it('rests: the status bar says so in two lines without shrinking the map, and the view is asked for once', async () => {
    await env.withApp(async ({ app, page }) => {
      // Shiraz at a town's scale holds no centre of the test data; on a phone "nothing here" takes two lines.
      await app.open('/Centers?lat=29.61&lng=52.53&z=10');
      const before = (await app.map().boundingBox())!.height;
      await app.waitForMap('idle');
      await page.getByTestId('nothing-here').waitFor();
      const text = page.locator('.map-status-text');
      const lineHeight = parseFloat(await text.evaluate((el) => getComputedStyle(el).lineHeight));
      expect(Math.round((await text.boundingBox())!.height / lineHeight)).toBe(2);
      // The bar did not grow with its text, so the map kept its box and did not report a new view.
      expect((await page.locator('.map-status-bar').boundingBox())!.height).toBe(44);
      expect((await app.map().boundingBox())!.height).toBe(before);
      expect((await app.mapState()).state).toContain('"idle"');
      expect(await app.askedBounds()).toHaveLength(1);
    }, PHONE);
  });
});
