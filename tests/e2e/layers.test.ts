/**
 * Several types on one map, as a visitor uses it: on the centres' map they add the free academies; the
 * academies are drawn in their own colour (seen in the pixels) with a legend, the marker list and near me name
 * both types, and Back takes the academies off again.
 */
import { describe, expect, it } from 'vitest';
import type { MapLocation } from '../../domain/gateway';
import { typeByRoute } from '../../domain/locationTypes';
import type { NearestResult } from '../../domain/search';
import { fa } from '../../src/i18n/fa';
import { EXTRA_COLOURS } from '../../src/map/typeColours';
import { expectAccessible } from './drivers/accessibility';
import { FindDriver } from './drivers/FindDriver';
import { BUBBLE_INK, countInk, PIN_INK, type Ink } from './drivers/mapInk';
import { ARTIFACTS, DESKTOP, PHONE, useBrowserApp } from './fixture';

const env = useBrowserApp();
const centers = typeByRoute('Centers')!;
const academy = typeByRoute('Academy')!;
const [r, g, b] = EXTRA_COLOURS[0];
/** The first added type's colour, over land or sea. */
const ADDED_INK: Ink = {
  name: 'first added type',
  matches: (R, G, B) => Math.abs(R - r) < 30 && Math.abs(G - g) < 30 && Math.abs(B - b) < 30,
};
const guilds = typeByRoute('Guilds')!;
const TEHRAN = { lat: 35.7, lon: 51.4 };

const everyOf = async (typeId: string) =>
  (await (await fetch(`${env.baseUrl}/api/Map/BindByOrglocationTypeID/${typeId}`)).json()) as MapLocation[];

/** The centre and the guild workshop closest to each other. */
async function closestPair(): Promise<[MapLocation, MapLocation]> {
  const [all, workshops] = [await everyOf(centers.typeId), await everyOf(guilds.typeId)];
  let best: [MapLocation, MapLocation] = [all[0]!, workshops[0]!];
  const apart = ([a, b]: [MapLocation, MapLocation]) => Math.hypot(a.Lat - b.Lat, a.Long - b.Long);
  for (const a of all) for (const b of workshops) if (apart([a, b]) < apart(best)) best = [a, b];
  expect(apart(best)).toBeLessThan(0.05);
  return best;
}

describe.each([
  ['desktop', DESKTOP],
  ['phone', PHONE],
] as const)('several types on one map (%s)', (label, viewport) => {
  it('an added type is drawn in its colour, listed and measured with the page type, and Back removes it', async () => {
    await env.withApp(async ({ app, page, context }) => {
      await app.open('/Centers?lat=35.70&lng=51.40&z=8');
      await app.waitForMap('idle', (s) => s.clusters > 0);
      await expect.poll(async () => (await countInk(app.map(), BUBBLE_INK)).pixels).toBeGreaterThan(40);
      expect((await countInk(app.map(), ADDED_INK)).pixels).toBe(0);
      await page.getByTestId('layers').click();
      const picker = page.getByRole('dialog', { name: fa.layers.title(centers.titleFa) });
      await picker.waitFor();
      await expectAccessible(page, 'the layer picker');
      await picker.getByRole('checkbox', { name: academy.titleFa }).check();
      await expect.poll(() => new URL(page.url()).searchParams.get('also')).toBe('Academy');
      await page.keyboard.press('Escape');
      // The academies' bubbles, in their colour, with a legend naming both types.
      await expect
        .poll(() => app.apiRequests.some((q) => q.url().includes(`/TVTOBase/OrglocationMap/${academy.typeId}`)))
        .toBe(true);
      await expect
        .poll(async () => (await countInk(app.map(), ADDED_INK)).pixels, { timeout: 15_000 })
        .toBeGreaterThan(40);
      expect(await page.getByTestId('map-legend').locator('li').allInnerTexts()).toEqual([
        centers.titleFa,
        academy.titleFa,
      ]);
      // Each entry shows the colours its type is drawn in: the page type's teal bubbles (all the map shows of it at
      // this scale) and red pins, the added type's own colour.
      const [pageEntry, addedEntry] = await page.getByTestId('map-legend').locator('li').all();
      expect((await countInk(pageEntry!, BUBBLE_INK)).pixels).toBeGreaterThan(20);
      expect((await countInk(pageEntry!, PIN_INK)).pixels).toBeGreaterThan(20);
      expect((await countInk(addedEntry!, ADDED_INK)).pixels).toBeGreaterThan(20);
      expect((await countInk(addedEntry!, BUBBLE_INK)).pixels).toBe(0);
      await page.screenshot({ path: `${ARTIFACTS}/layers-${label}.png` });

      // A centre and a guild workshop close together, in view at once: the marker list names both types.
      const [centre, guild] = await closestPair();
      const mid = { lat: (centre.Lat + guild.Lat) / 2, lon: (centre.Long + guild.Long) / 2 };
      await app.open(`/Centers?lat=${mid.lat}&lng=${mid.lon}&z=12&also=Guilds`);
      await app.waitForMap('idle', (s) => s.markers > 0);
      await app.openMarkerList();
      const items = await page.locator('.marker-list-item').allInnerTexts();
      expect(items.some((item) => item.includes(centre.Name) && item.includes(centers.titleFa))).toBe(true);
      expect(items.some((item) => item.includes(guild.Name) && item.includes(guilds.titleFa))).toBe(true);
      await page.keyboard.press('Escape');

      // Near me lists the nearest of both types by distance, as the server ranks each.
      const find = new FindDriver(page);
      await find.allowPosition(context, TEHRAN.lat, TEHRAN.lon);
      await find.nearMe();
      await find.nearbyList().waitFor();
      const nearest = async (typeId: string) =>
        (await (
          await fetch(`${env.baseUrl}/api/nearest/${typeId}?lat=${TEHRAN.lat}&lon=${TEHRAN.lon}`)
        ).json()) as NearestResult[];
      const expected = [...(await nearest(centers.typeId)), ...(await nearest(guilds.typeId))]
        .map((n) => n.DistanceKm)
        .sort((x, y) => x - y)
        .slice(0, 10);
      expect(await find.nearbyDistances()).toEqual(expected);
      await page.keyboard.press('Escape');

      // Back: the academies go, and so do their colour and the legend.
      await page.goBack();
      await expect.poll(() => new URL(page.url()).searchParams.get('also')).toBe('Academy');
      await app.waitForMap('idle', (s) => s.clusters > 0);
      await page.goBack();
      await expect.poll(() => new URL(page.url()).searchParams.get('also')).toBeNull();
      await page.getByTestId('map-legend').waitFor({ state: 'detached' });
      await app.waitForMap('idle', (s) => s.clusters > 0);
      // The page type's bubbles are drawn again; the added type's colour is gone.
      await expect.poll(async () => (await countInk(app.map(), BUBBLE_INK)).pixels).toBeGreaterThan(40);
      expect((await countInk(app.map(), ADDED_INK)).pixels).toBe(0);
    }, viewport);
  });
});

/** The far places' orange edge (217, 72, 15), drawn over land or sea. */
const FAR_INK: Ink = {
  name: 'far places orange',
  matches: (R, G, B) => Math.abs(R - 217) < 25 && Math.abs(G - 72) < 25 && Math.abs(B - 15) < 25,
};

describe('an analyst overlay from the address', () => {
  it('?cover=25 draws the places far from every centre as orange circles, says how many, and its close button takes them off', () =>
    env.withApp(async ({ app, page }) => {
      await app.open('/Centers?cover=25');
      const bar = page.getByTestId('cover-bar');
      await expect.poll(async () => Number(await bar.getAttribute('data-drawn'))).toBeGreaterThan(0);
      await app.waitForMap('settled');
      // The map below the bar, whose border is the same orange.
      const [map, shown] = [(await app.map().boundingBox())!, (await bar.boundingBox())!];
      const top = shown.y + shown.height - map.y + 4;
      const below = { x: 0, y: top, width: map.width, height: map.height - top };
      const farInk = async () => (await countInk(app.map(), FAR_INK, below)).pixels;
      await expect.poll(farInk).toBeGreaterThan(50);
      await page.screenshot({ path: `${ARTIFACTS}/overlay-cover-1280.png` });
      await bar.getByRole('button').click();
      await expect.poll(() => new URL(page.url()).searchParams.has('cover')).toBe(false);
      await expect.poll(farInk).toBeLessThan(10);
    }, DESKTOP));
});
