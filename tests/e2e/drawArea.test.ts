/**
 * Drawing an area on the map, as an analyst does: corners clicked on the map (a crossing one refused with the
 * reason), the ring sent is where they clicked, the count shown equals a naive count of the same locations,
 * the area is drawn, a corner can be added from the keyboard, and Escape takes it all away.
 */
import { describe, expect, it } from 'vitest';
import type { AreaAnswer } from '../../domain/wire/answers';
import type { MapLocation } from '../../domain/gateway';
import { typeByRoute } from '../../domain/locationTypes';
import { fa } from '../../src/i18n/fa';
import { formatCount } from '../../src/i18n/format';
import { expectAccessible } from './drivers/accessibility';
import { AreaDriver } from './drivers/AreaDriver';
import { countInk, type Ink } from './drivers/mapInk';
import { ARTIFACTS, DESKTOP, PHONE, useBrowserApp } from './fixture';

const env = useBrowserApp();
const academy = typeByRoute('Academy')!;
/** The area's edge blue (25, 113, 194). */
const AREA_INK: Ink = {
  name: 'area blue',
  matches: (r, g, b) => Math.abs(r - 25) < 30 && Math.abs(g - 113) < 30 && Math.abs(b - 194) < 30,
};

/** Even-odd ray cast, written here apart from the server's, over [lon, lat] corners. */
function naiveInside(ring: [number, number][], lon: number, lat: number): boolean {
  let inside = false;
  for (let i = 0; i < ring.length; i++) {
    const [x1, y1] = ring[i]!;
    const [x2, y2] = ring[(i + 1) % ring.length]!;
    if (y1 > lat !== y2 > lat && lon < x1 + ((lat - y1) * (x2 - x1)) / (y2 - y1)) inside = !inside;
  }
  return inside;
}

describe.each([
  ['desktop', DESKTOP],
  ['phone', PHONE],
] as const)('drawing an area on the map (%s)', (label, viewport) => {
  it('counts what lies inside the corners clicked, as a naive count of the same data, and draws it', async () => {
    const every = (await (
      await fetch(`${env.baseUrl}/api/Map/BindByOrglocationTypeID/${academy.typeId}`)
    ).json()) as MapLocation[];
    const centre = every.find((l) => l.Lat > 35 && l.Lat < 36.5 && l.Long > 50.5 && l.Long < 52.5) ?? every[0]!;
    await env.withApp(async ({ app, page }) => {
      await app.open(`/Academy?lat=${centre.Lat}&lng=${centre.Long}&z=10`);
      await app.waitForMap('idle');
      const area = new AreaDriver(page);
      await area.start();
      await expectAccessible(page, 'drawing an area');
      const box = (await app.map().boundingBox())!;
      const panel = (await area.panel().boundingBox())!;
      // On a phone the panel sits low and leaves the upper half of the map to the taps that add corners.
      const low = panel.y > box.y + box.height / 2;
      expect(low).toBe(label === 'phone');
      // Corners in the map's free part (above the panel on a phone, below it otherwise), clear of the buttons.
      const free = low
        ? { top: box.y + 20, bottom: panel.y - 20 }
        : { top: panel.y + panel.height + 20, bottom: box.y + box.height - 20 };
      const middle = { x: box.x + box.width / 2, y: Math.max((free.top + free.bottom) / 2, free.top + 70) };
      const d = Math.min(80, (box.width - 120) / 2);
      const [a, b, c, e] = [
        { x: middle.x - d, y: middle.y - 60 },
        { x: middle.x + d, y: middle.y - 60 },
        { x: middle.x + d, y: middle.y + 60 },
        { x: middle.x - d, y: middle.y + 60 },
      ];
      // A Z (a, b, e, c) does not close: the closing edge would cut its diagonal.
      await area.clickCorners([a!, b!, e!, c!]);
      expect(await area.cornerCount()).toBe(4);
      await area.button(fa.area.finish).click();
      await expect.poll(() => area.refusal().innerText()).toBe(fa.area.refusal.crosses);
      expect(await app.dialog().isVisible()).toBe(false); // the clicks opened no marker
      await area.button(fa.area.undo).click();
      await area.button(fa.area.undo).click();
      await area.clickCorners([c!, e!]);
      expect(await area.cornerCount()).toBe(4);
      const request = await area.finish();

      // The ring sent is where the corners were clicked.
      const ring = (request.postDataJSON() as { Polygon: [number, number][] }).Polygon;
      const clicked = [a, b, c, e];
      for (const [i, [lon, lat]] of ring.entries()) {
        const at = await app.pagePointOf(lat, lon);
        expect(Math.hypot(at.x - clicked[i]!.x, at.y - clicked[i]!.y)).toBeLessThan(2);
      }
      // The count shown is the naive count of every academy inside that ring.
      const inside = every.filter((l) => naiveInside(ring, l.Long, l.Lat));
      const answer = (await (await request.response())!.json()) as AreaAnswer;
      expect(answer.Count).toBe(inside.length);
      await expect
        .poll(() => area.answer().innerText())
        .toContain(fa.area.count(fa.area.drawn, formatCount(inside.length), academy.titleFa));
      if (inside.length > 0) expect(await area.answer().innerText()).toContain(answer.Names[0]);
      const region = { x: a!.x - box.x - 10, y: a!.y - box.y - 10, width: 2 * d + 20, height: 140 };
      await expect.poll(async () => (await countInk(app.map(), AREA_INK, region)).pixels).toBeGreaterThan(100);
      await expectAccessible(page, 'an area drawn');
      await page.screenshot({ path: `${ARTIFACTS}/draw-area-${label}.png` });

      // The area is in the address: the page opened again shows it drawn and answered.
      const address = new URL(page.url());
      expect(address.searchParams.get('area')?.split(';')).toHaveLength(4);
      await app.open(`${address.pathname}${address.search}`);
      await app.waitForMap('idle');
      await expect
        .poll(() => area.answer().innerText())
        .toContain(fa.area.count(fa.area.drawn, formatCount(inside.length), academy.titleFa));
      await expect.poll(async () => (await countInk(app.map(), AREA_INK, region)).pixels).toBeGreaterThan(100);

      // From the keyboard: draw again, the map's centre as a corner.
      await area.button(fa.area.redraw).click();
      expect(await area.cornerCount()).toBe(0);
      await area.button(fa.area.addCentre).focus();
      await page.keyboard.press('Enter');
      await expect.poll(() => area.cornerCount()).toBe(1);

      // Escape leaves: no panel, no area drawn, none in the address.
      await page.keyboard.press('Escape');
      await area.panel().waitFor({ state: 'detached' });
      expect(new URL(page.url()).searchParams.get('area')).toBeNull();
      await expect.poll(async () => (await countInk(app.map(), AREA_INK, region)).pixels).toBeLessThan(20);
    }, viewport);
  });
});
