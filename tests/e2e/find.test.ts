/** Finding a place: search by name, near me, the list dialog to the map, the whole country. */
import { describe, expect, it } from 'vitest';
import type { MapLocation } from '../../domain/gateway';
import { typeById, typeByRoute } from '../../domain/locationTypes';
import type { NearestResult } from '../../domain/search';
import type { Place } from '../../domain/places';
import type { NearestOfType, TradeCount } from '../../domain/trades';
import { expectAccessible } from './drivers/accessibility';
import { FindDriver } from './drivers/FindDriver';
import { StatsDriver } from './drivers/StatsDriver';
import { ARTIFACTS, PHONE, useBrowserApp } from './fixture';
import { en } from '../../src/i18n/en';
import { fa } from '../../src/i18n/fa';
import { formatKm, formatRank } from '../../src/i18n/format';

const env = useBrowserApp();
const centers = typeByRoute('Centers')!;
const academy = typeByRoute('Academy')!;

async function api<T>(path: string): Promise<T> {
  return (await (await fetch(`${env.baseUrl}/api/${path}`)).json()) as T;
}

/** How someone with an Arabic keyboard layout types a Persian name: Arabic ي and ك, ASCII digits. */
const typedOnArabicLayout = (name: string) =>
  name
    .replace(/ی/g, 'ي')
    .replace(/ک/g, 'ك')
    .replace(/[۰-۹]/g, (d) => String(d.charCodeAt(0) - 0x06f0));

/**
 * Wider than a tablet, so the sidebar is open over the map, and narrow enough that a province framed on the
 * map's whole width would reach under it.
 */
const NARROW_DESKTOP = { width: 900, height: 800 };

describe('find a place', () => {
  it('a name typed with Arabic letters finds the Persian-spelled location; Enter opens it on its map with a shareable link', async () => {
    const target = (await api<MapLocation[]>(`Map/BindByOrglocationTypeID/${centers.typeId}`)).find((l) =>
      /[یک]/.test(l.Name),
    )!;
    await env.withApp(async ({ app, page }) => {
      await app.open('/Academy');
      await app.waitForMap('idle');
      const find = new FindDriver(page);
      await find.searchFor(typedOnArabicLayout(target.Name));
      expect((await find.resultNames())[0]).toBe(target.Name);
      await find.chooseFirstByKeyboard();
      await app.dialog().getByTestId('detail').waitFor();
      expect(await app.dialog().getByRole('heading', { level: 2 }).innerText()).toBe(target.Name);
      const state = await app.waitForPointInView('idle', target.Lat, target.Long, 40, (s) => s.markers > 0);
      expect(state.zoom).toBeGreaterThanOrEqual(centers.minZoom!);
      await page.waitForFunction(() => new URLSearchParams(location.search).has('lat'));
      const url = new URL(page.url());
      expect(url.pathname).toBe('/Centers');
      expect(url.searchParams.get('loc')).toBe(target.Guid);
      await page.screenshot({ path: `${ARTIFACTS}/find-search-desktop.png` });
    });
  });

  it('on a phone the search opens behind its button and is used by keyboard alone', async () => {
    const target = (await api<MapLocation[]>(`Map/BindByOrglocationTypeID/${academy.typeId}`))[5]!;
    await env.withApp(async ({ app, page }) => {
      await app.open('/Centers');
      const find = new FindDriver(page);
      await find.searchFor(target.Name);
      await page.screenshot({ path: `${ARTIFACTS}/find-search-phone.png` });
      expect(await find.resultNames()).toContain(target.Name);
      await find.chooseFirstByKeyboard();
      await app.dialog().getByTestId('detail').waitFor();
      expect(new URL(page.url()).pathname).toBe('/Academy');
    }, PHONE);
  });

  it('near me, with the position granted, lists the nearest of the type first, with distances and directions', async () => {
    const here = { latitude: 35.7, longitude: 51.4 };
    const expected = await api<NearestResult[]>(`nearest/${centers.typeId}?lat=${here.latitude}&lon=${here.longitude}`);
    await env.withApp(async ({ app, page, context }) => {
      const find = new FindDriver(page);
      await find.allowPosition(context, here.latitude, here.longitude);
      await app.open('/Centers');
      await app.waitForMap('idle');
      await find.nearMe();
      await find.nearbyList().waitFor();
      const distances = await find.nearbyDistances();
      expect(distances).toEqual(expected.map((e) => e.DistanceKm));
      expect([...distances].sort((a, b) => a - b)).toEqual(distances);
      const first = find.nearbyList().locator('li').first();
      expect(await first.innerText()).toContain(expected[0]!.Name);
      expect(await first.innerText()).toContain('کیلومتر');
      // A screen reader hears the name and the distance apart: a name ending in a digit did not run into it.
      expect(await first.getByRole('button').first().getAttribute('aria-label')).toBe(
        fa.nearMe.pinLabel(formatRank(1), expected[0]!.Name, fa.nearMe.distance(formatKm(expected[0]!.DistanceKm))) +
          (expected[0]!.Gender ? `${fa.listSeparator}${expected[0]!.Gender}` : ''),
      );
      expect(await first.getByRole('link').getAttribute('href')).toContain('openstreetmap.org/directions');
      await page.screenshot({ path: `${ARTIFACTS}/find-near-me.png` });
      await first.getByRole('button').click();
      const detail = page.getByRole('dialog').filter({ has: page.getByTestId('detail') });
      await detail.waitFor();
      expect(await detail.getByRole('heading', { level: 2 }).innerText()).toBe(expected[0]!.Name);
      // Closed, the detail returns to the list it was opened from.
      await detail.getByRole('button', { name: fa.close }).last().click();
      await detail.waitFor({ state: 'detached' });
      await find.nearbyList().waitFor();
    });
  });

  it.each([
    ['Persian', ''],
    ['English', '?lang=en'],
  ])(
    'near me on a %s page frames every one listed clear of the panel listing them and of the sidebar',
    async (_label, query) => {
      const here = { latitude: 35.7, longitude: 51.4 };
      const expected = await api<NearestResult[]>(
        `nearest/${centers.typeId}?lat=${here.latitude}&lon=${here.longitude}`,
      );
      await env.withApp(async ({ app, page, context }) => {
        const find = new FindDriver(page);
        await find.allowPosition(context, here.latitude, here.longitude);
        await app.open(`/Centers${query}`);
        await app.waitForMap('idle');
        await find.nearMe();
        await find.nearbyList().waitFor();
        await app.waitForDrawerSettled();
        // Every one listed is drawn clear of the panel listing them and of the sidebar, both over the map.
        const panel = (await page.locator('.mantine-Drawer-content').boundingBox())!;
        const sidebar = (await page.locator('#sidebar').boundingBox())!;
        await expect
          .poll(async () => {
            // Framed: the ten spread over the map, not one dot at the country's scale.
            await app.waitForMap('idle', (s) => s.zoom > 8);
            const points = await Promise.all(expected.map((e) => app.pagePointOf(e.Lat, e.Long)));
            const under = (x: number, box: { x: number; width: number }) => x >= box.x && x <= box.x + box.width;
            return points.filter(({ x }) => under(x, panel) || under(x, sidebar)).length;
          })
          .toBe(0);
        await page.screenshot({ path: `${ARTIFACTS}/find-near-me-framed${query ? '-en' : ''}.png` });
      });
    },
  );

  it.each([
    ['1280', undefined],
    ['375', PHONE],
  ] as const)(
    'at %s px, a trade typed in the search lists the nearest teaching it, from the visitor and then from بیجار',
    async (label, viewport) => {
      const here = { latitude: 35.7, longitude: 51.4 };
      const [sewing] = await api<TradeCount[]>(`trades/${centers.typeId}?q=${encodeURIComponent('خياط')}`);
      expect(sewing?.Trade).toBe('خیاطی');
      const [bijar] = await api<Place[]>(`places?q=${encodeURIComponent('بیجار')}`);
      const teaching = (lat: number, lon: number) =>
        api<NearestResult[]>(
          `trades/${centers.typeId}/nearest?trade=${encodeURIComponent('خیاطی')}&lat=${lat}&lon=${lon}`,
        );
      const fromHere = await teaching(here.latitude, here.longitude);
      const fromBijar = await teaching(bijar!.Lat, bijar!.Long);
      await env.withApp(async ({ app, page, context }) => {
        const find = new FindDriver(page);
        await find.allowPosition(context, here.latitude, here.longitude);
        await app.open('/Centers');
        await app.waitForMap('settled');
        // Typed on an Arabic layout, as the trade is often typed.
        await find.searchFor('خياطي');
        await page.locator('[role="option"][data-kind="trade"]').filter({ hasText: 'خیاطی' }).click();
        await find.nearbyList().waitFor();
        await expect.poll(() => find.nearbyDistances()).toEqual(fromHere.map((r) => r.DistanceKm));
        expect(await find.nearbyTitle().innerText()).toBe(fa.nearMe.tradeTitle('خیاطی', null));
        // Each row says who the centre is open to.
        expect(await find.nearbyList().getByTestId('nearby-gender').first().innerText()).toContain(fromHere[0]!.Gender);
        // "From my town" instead: the panel closed, the town chosen in the search keeps the trade.
        await page.keyboard.press('Escape');
        await find.nearbyList().waitFor({ state: 'detached' });
        await find.searchFor('بیجار');
        await find.choosePlace('بیجار');
        await expect.poll(() => find.nearbyDistances()).toEqual(fromBijar.map((r) => r.DistanceKm));
        expect(await find.nearbyTitle().innerText()).toBe(fa.nearMe.tradeTitle('خیاطی', 'بیجار'));
        await page.screenshot({ path: `${ARTIFACTS}/find-trade-${label}.png` });
      }, viewport);
    },
  );

  it('at 375 px on the landing page, a trade is looked for where it is taught, not among the offices, and narrowed to one type', async () => {
    const bojnurd = { latitude: 37.4747, longitude: 57.329 };
    const point = `lat=${bojnurd.latitude}&lon=${bojnurd.longitude}`;
    const across = await api<NearestOfType[]>(`trades/nearest?trade=${encodeURIComponent('خیاطی')}&${point}`);
    const academies = await api<NearestOfType[]>(
      `trades/nearest?trade=${encodeURIComponent('خیاطی')}&${point}&types=${academy.typeId}`,
    );
    expect(new Set(across.map((r) => r.TypeId)).size).toBeGreaterThan(1);
    await env.withApp(async ({ app, page, context }) => {
      const find = new FindDriver(page);
      await find.allowPosition(context, bojnurd.latitude, bojnurd.longitude);
      await app.open('/');
      await app.waitForMap('settled');
      await find.searchFor('خیاطی');
      await page.locator('[role="option"][data-kind="trade"]').filter({ hasText: 'خیاطی' }).click();
      await find.nearbyList().waitFor();
      await expect.poll(() => find.nearbyDistances()).toEqual(across.map((r) => r.DistanceKm));
      // Each row names its type, and none is an office.
      const first = find.nearbyList().locator('li').first();
      const firstType = typeById(across[0]!.TypeId)!;
      expect(await first.locator('.type-tag').innerText()).toBe(firstType.titleFa);
      expect(await find.nearbyList().locator('.type-tag').allInnerTexts()).not.toContain(
        typeByRoute('MainOffice')!.titleFa,
      );
      // The numbered tag of the nearest is drawn on the map where it is.
      await expect.poll(() => page.getByTestId('nearest-pin').count()).toBe(across.length);
      await find.narrowTo(academy.typeId);
      await expect.poll(() => find.nearbyDistances()).toEqual(academies.map((r) => r.DistanceKm));
      await page.screenshot({ path: `${ARTIFACTS}/find-trade-landing-phone.png` });
      await expectAccessible(page, 'the nearest teaching a trade, across the types that teach it');
    }, PHONE);
  });

  it('on an English page, "sewing" finds the trade in English, and a place’s details are named in English', async () => {
    const here = { latitude: 35.7, longitude: 51.4 };
    const fromHere = await api<NearestResult[]>(
      `trades/${centers.typeId}/nearest?trade=${encodeURIComponent('خیاطی')}&lat=${here.latitude}&lon=${here.longitude}`,
    );
    await env.withApp(async ({ app, page, context }) => {
      const find = new FindDriver(page, en);
      await find.allowPosition(context, here.latitude, here.longitude);
      await app.open('/Centers?lang=en');
      await app.waitForMap('settled');
      await find.searchFor('sewing');
      await page.locator('[role="option"][data-kind="trade"]').filter({ hasText: 'Sewing' }).click();
      await find.nearbyList().waitFor();
      await expect.poll(() => find.nearbyDistances()).toEqual(fromHere.map((r) => r.DistanceKm));
      expect(await find.nearbyTitle().innerText()).toBe(en.nearMe.tradeTitle('Sewing', null));
      await find.nearbyList().locator('.marker-list-item').first().click();
      const detail = app.dialog().getByTestId('detail');
      await detail.waitFor();
      await detail.getByRole('button', { name: en.detail.moreDetails }).click();
      await expect.poll(() => detail.innerText()).toContain('Trade taught');
      const text = await detail.innerText();
      expect(text).toContain('Sewing');
      expect(text).toMatch(/ province, (urban|rural)/);
      expect(text).not.toContain('رشته آموزشی');
    }, PHONE);
  });

  it('near me, with the position denied, says so in Persian with a retry', () =>
    env.withApp(async ({ app, page }) => {
      await app.open('/Centers');
      await app.waitForMap('idle');
      const find = new FindDriver(page);
      await find.nearMe();
      await find.nearMeError().waitFor();
      expect(await find.nearMeError().innerText()).toContain(fa.nearMe.problems.denied);
      expect(await find.nearMeError().getByRole('button', { name: fa.retry }).count()).toBe(1);
    }));

  it('a name in the statistics list dialog opens that location on the map', async () => {
    const names = await api<string[]>(`TVTOBase/OrglocationByTypeAndOstan/${academy.typeId}/Fars`);
    await env.withApp(async ({ app, page }) => {
      await app.open('/Academy?tab=stats');
      const stats = new StatsDriver(page);
      await stats.waitReady();
      await stats.chooseProvince('فارس');
      await page.getByRole('button', { name: fa.stats.showList }).click();
      await stats.waitForWholeList();
      const name = names[0]!;
      await stats
        .listDialog()
        .getByRole('button', { name: `نمایش ${name} روی نقشه` })
        .click();
      await app.dialog().getByTestId('detail').waitFor();
      expect(await app.dialog().getByRole('heading', { level: 2 }).innerText()).toBe(name);
      expect(new URL(page.url()).searchParams.get('tab')).toBeNull();
      await app.waitForMap('idle', (s) => s.zoom >= academy.minZoom! && s.markers > 0);
    });
  });

  it('with a province chosen, "show on map" frames that province on the map tab', () =>
    env.withApp(async ({ app, page }) => {
      await app.open('/Academy?tab=stats');
      const stats = new StatsDriver(page);
      await stats.waitReady();
      await stats.chooseProvince('فارس');
      await page.getByTestId('province-on-map').click();
      // Fars spans about 50.6–55.6 E, 27–31.7 N: it fills the part of the map in sight,
      const state = await app.waitForMap('idle', (s) => Math.abs(s.latitude - 29.3) < 1 && s.zoom > 6);
      expect(state.zoom).toBeLessThan(9);
      // from the map's western edge to the open sidebar lying over its eastern side.
      const map = (await app.map().boundingBox())!;
      const sidebar = (await page.locator('#sidebar').boundingBox())!;
      expect((await app.pagePointOf(29.3, 50.6)).x).toBeGreaterThan(map.x);
      expect((await app.pagePointOf(29.3, 55.6)).x).toBeLessThan(sidebar.x);
    }, NARROW_DESKTOP));

  it('the whole-country button flies back to the country view', () =>
    env.withApp(async ({ app, page }) => {
      await app.open('/Centers?lat=35.70000&lng=51.40000&z=12');
      await app.waitForMap('idle');
      await new FindDriver(page).wholeCountry();
      await app.waitForMap('idle', (s) => s.zoom <= 6.01);
      // The spec's centre is the middle of the map left in view: the open sidebar covers its right.
      const map = (await app.map().boundingBox())!;
      const sidebar = (await page.locator('#sidebar').boundingBox())!;
      const seen = await app.pagePointOf(32.5, 54);
      expect(Math.abs(seen.x - (map.x + sidebar.x) / 2)).toBeLessThan(20);
      expect(Math.abs(seen.y - (map.y + map.height / 2))).toBeLessThan(20);
    }));
});
