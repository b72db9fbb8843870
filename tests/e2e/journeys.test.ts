/**
 * Journeys across screens, as visitors walk them, at 1280 and 375 px: map -> statistics -> list -> map,
 * again and again; search -> detail -> close -> statistics -> map; a resize or a phone's rotation while the
 * statistics are shown. Each return to the map checks what is drawn (the same canvas, the camera where it
 * was, the bubbles' or pins' pixels), not only the map's state: the map once went blank after a look at the
 * statistics while its machine and status bar still said all was there.
 */
import { describe, expect, it } from 'vitest';
import type { MapLocation } from '../../domain/gateway';
import { typeByRoute } from '../../domain/locationTypes';
import { JourneyDriver } from './drivers/JourneyDriver';
import { BUBBLE_INK, countInk, PIN_INK, TOWN_INK } from './drivers/mapInk';
import { ARTIFACTS, DESKTOP, PHONE, useBrowserApp, type Viewport } from './fixture';

// The visitor's whole walks, as most visitors see them: the map flies and the charts grow.
const env = useBrowserApp({ motion: true });
const centers = typeByRoute('Centers')!;
const ROUND_TRIPS = 5;
/**
 * A view where centres are drawn as pins (spec zoom 11, past Centers' minimum of 10), centred on the centre
 * with the most others near it, so pins stay in view whatever the window's shape.
 */
async function pinsView(): Promise<string> {
  const all = (await (
    await fetch(`${env.baseUrl}/api/Map/BindByOrglocationTypeID/${centers.typeId}`)
  ).json()) as MapLocation[];
  const near = (a: MapLocation) =>
    all.filter((b) => Math.abs(a.Lat - b.Lat) < 0.08 && Math.abs(a.Long - b.Long) < 0.08).length;
  const busiest = all.reduce((best, l) => (near(l) > near(best) ? l : best));
  return `/Centers?lat=${busiest.Lat.toFixed(5)}&lng=${busiest.Long.toFixed(5)}&z=11`;
}

const sizes: [string, Viewport][] = [
  ['1280', DESKTOP],
  ['375', PHONE],
];

describe('map -> statistics -> list -> map', () => {
  it.each(sizes)('at %s px, five times over, the bubbles are drawn where they were each time', (label, viewport) =>
    env.withApp(async ({ app, page }) => {
      const journey = new JourneyDriver(app, page);
      const first = await journey.givenTheMapAt('/Centers', BUBBLE_INK, (s) => s.clusters > 0 && s.longitude > 53);
      expect(first.drawn.pixels, 'bubbles drawn at the start').toBeGreaterThan(200);
      for (let trip = 1; trip <= ROUND_TRIPS; trip++) {
        await journey.whenTheStatisticsAreOpened();
        expect(await journey.whenAProvinceListIsOpened('تهران')).toBeGreaterThan(0);
        await journey.whenTheListIsClosed();
        await journey.whenTheMapTabIsChosen();
        await journey.thenTheMapDrawsAsBefore(first);
      }
      await page.screenshot({ path: `${ARTIFACTS}/journey-bubbles-${label}.png` });
    }, viewport),
  );

  it.each(sizes)('at %s px, zoomed in, the pins and the status bar agree after each trip', (label, viewport) =>
    env.withApp(async ({ app, page }) => {
      const journey = new JourneyDriver(app, page);
      const first = await journey.givenTheMapAt(await pinsView(), PIN_INK, (s) => s.markers > 0);
      expect(first.inView).toBeGreaterThan(0);
      expect(first.drawn.pixels, 'pins drawn at the start').toBeGreaterThan(100);
      for (let trip = 1; trip <= ROUND_TRIPS; trip++) {
        await journey.whenTheStatisticsAreOpened();
        await journey.whenAProvinceListIsOpened('تهران');
        await journey.whenTheListIsClosed();
        await journey.whenTheMapTabIsChosen();
        await journey.thenTheMapDrawsAsBefore(first);
      }
      await page.screenshot({ path: `${ARTIFACTS}/journey-pins-${label}.png` });
    }, viewport),
  );
});

describe('search -> detail -> close -> statistics -> map', () => {
  it.each(sizes)('at %s px the found location stays framed and drawn', async (label, viewport) => {
    const all = (await (
      await fetch(`${env.baseUrl}/api/Map/BindByOrglocationTypeID/${centers.typeId}`)
    ).json()) as MapLocation[];
    // A centre whose name no other location contains, so the search's first answer is it.
    const target = all.find((l) => all.filter((o) => o.Name.includes(l.Name)).length === 1)!;
    await env.withApp(async ({ app, page }) => {
      const journey = new JourneyDriver(app, page);
      await journey.givenTheMapAt('/Centers', BUBBLE_INK, (s) => s.clusters > 0);
      await journey.find.searchFor(target.Name);
      expect((await journey.find.resultNames())[0]).toBe(target.Name);
      await journey.find.chooseFirstByKeyboard();
      await app.dialog().getByTestId('detail').waitFor();
      // Its pin whole in the view (the pin stands 40 px above its point).
      const framed = await app.waitForPointInView('idle', target.Lat, target.Long, 40, (s) => s.markers > 0);
      await page.keyboard.press('Escape');
      await app.dialog().waitFor({ state: 'detached' });
      const before = await journey.picture(framed, PIN_INK);
      expect(before.drawn.pixels, 'the found location is drawn as a pin').toBeGreaterThan(50);
      // No raster tiles here: the pin is framed with its nearest town, whose dot and name are drawn beside it.
      expect((await countInk(app.map(), TOWN_INK)).pixels, 'a named town beside the pin').toBeGreaterThan(20);

      await journey.whenTheStatisticsAreOpened();
      await journey.whenTheMapTabIsChosen();
      const after = await journey.thenTheMapDrawsAsBefore(before);
      // The target's own pin is still there: red right above its point.
      const map = (await app.map().boundingBox())!;
      const tip = await app.pagePointOf(target.Lat, target.Long);
      const pin = await countInk(app.map(), PIN_INK, {
        x: tip.x - map.x - 12,
        y: tip.y - map.y - 40,
        width: 24,
        height: 40,
      });
      expect(pin.pixels, "the found location's pin").toBeGreaterThan(50);
      expect(after.drawn.pixels).toBeGreaterThan(0);
      await page.screenshot({ path: `${ARTIFACTS}/journey-search-${label}.png` });
    }, viewport);
  });
});

describe('a resize or a rotation while the statistics are shown', () => {
  it('a desktop window resized, then back, draws the bubbles into its new size each time', () =>
    env.withApp(async ({ app, page }) => {
      const journey = new JourneyDriver(app, page);
      await journey.givenTheMapAt('/Centers', BUBBLE_INK, (s) => s.clusters > 0 && s.longitude > 53);
      for (const [width, height] of [
        [1024, 700],
        [1440, 900],
        [DESKTOP.width, DESKTOP.height],
      ] as const) {
        await journey.whenTheStatisticsAreOpened();
        await journey.whenTheWindowBecomes(width, height);
        await journey.whenTheMapTabIsChosen();
        await journey.thenTheMapDraws(BUBBLE_INK, 200);
      }
    }));

  it('a phone rotated to landscape and back keeps drawing its pins', () =>
    env.withApp(async ({ app, page }) => {
      const journey = new JourneyDriver(app, page);
      await journey.givenTheMapAt(await pinsView(), PIN_INK, (s) => s.markers > 0);
      for (const [width, height] of [
        [PHONE.height, PHONE.width],
        [PHONE.width, PHONE.height],
      ] as const) {
        await journey.whenTheStatisticsAreOpened();
        await journey.whenTheWindowBecomes(width, height);
        await journey.whenTheMapTabIsChosen();
        await journey.thenTheMapDraws(PIN_INK, 50);
        // And with the map shown, a rotation redraws at once.
        await journey.whenTheWindowBecomes(height, width);
        await journey.thenTheMapDraws(PIN_INK, 50);
        await journey.whenTheWindowBecomes(width, height);
      }
      await page.screenshot({ path: `${ARTIFACTS}/journey-rotate-375.png` });
    }, PHONE));
});
