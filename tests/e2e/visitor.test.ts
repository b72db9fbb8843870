/** What a visitor meets at 1280 and 375 px: the whole country, the spec's sizes, messages, print and embed. */
import { describe, expect, it } from 'vitest';
import type { ChartRow } from '../../domain/gateway';
import { typeByRoute } from '../../domain/locationTypes';
import { foldText } from '../../domain/text';
import { ARTIFACTS, DESKTOP, PHONE, useBrowserApp } from './fixture';
import { StatsDriver } from './drivers/StatsDriver';
import type { AppDriver } from './drivers/AppDriver';
import { fa } from '../../src/i18n/fa';

const env = useBrowserApp();
/** Iran's own extent (west, south, east, north): the opening view must contain it. */
const IRAN = { west: 44.05, south: 25.06, east: 63.32, north: 39.78 };

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}
/** Whether two boxes on the page have no point in common. */
const apart = (a: Box, b: Box) =>
  a.x + a.width <= b.x || b.x + b.width <= a.x || a.y + a.height <= b.y || b.y + b.height <= a.y;
/**
 * What only the map asks for: MapLibre's worker script (asked for as soon as a map is to be made), its basemap,
 * its points (LazyLoad, whole types, tiles) and its bubbles (the gateway's clusters call, src/api/gateway.ts; the
 * statistics read their figures from OrglocationChartData instead).
 */
const MAP_REQUEST = /\/assets\/maplibre-worker-|\/api\/(basemap|Map\/|tiles\/|TVTOBase\/OrglocationMap\/)|\.pmtiles/i;

/**
 * What the map shows now, from the camera it reports and its box's size (the country's view asks the server
 * nothing: its bubbles per province come with the page).
 */
async function viewBox(app: AppDriver) {
  const state = await app.mapState();
  const { width, height } = (await app.map().boundingBox())!;
  const worldSize = 256 * 2 ** state.zoom;
  const y = (lat: number) => Math.log(Math.tan(Math.PI / 4 + (lat * Math.PI) / 360));
  const latOf = (my: number) => (360 / Math.PI) * Math.atan(Math.exp(my)) - 90;
  const centreY = y(state.latitude);
  const halfLon = (width / 2 / worldSize) * 360;
  const halfY = (height / 2 / worldSize) * 2 * Math.PI;
  return {
    west: state.longitude - halfLon,
    east: state.longitude + halfLon,
    south: latOf(centreY - halfY),
    north: latOf(centreY + halfY),
    zoom: state.zoom,
  };
}

describe('the whole country', () => {
  it('the opening view at 1280x800 shows all of Iran (spec zoom 6, or just below where the window is too short)', () =>
    env.withApp(async ({ app, page }) => {
      await app.open('/Centers');
      // At the country's view (made there, this page asking for less motion): away from Tehran's 51.34.
      await app.waitForMap('idle', (s) => s.longitude > 53 && s.clusters > 0);
      const box = await viewBox(app);
      expect(box.zoom).toBeLessThanOrEqual(6);
      expect(box.zoom).toBeGreaterThan(5.5);
      expect(box.west).toBeLessThan(IRAN.west);
      expect(box.east).toBeGreaterThan(IRAN.east);
      expect(box.south).toBeLessThan(IRAN.south);
      expect(box.north).toBeGreaterThan(IRAN.north);
      await page.screenshot({ path: `${ARTIFACTS}/opening-1280.png` });
    }, DESKTOP));

  it.each([
    ['1280', DESKTOP],
    ['375', PHONE],
  ] as const)(
    'at %s px, a link to the statistics, then the map tab, shows the whole country as opening the map does',
    (_label, viewport) =>
      env.withApp(async ({ app, page }) => {
        await app.open('/Centers');
        const direct = await app.waitForMap('idle', (s) => s.longitude > 53 && s.clusters > 0);
        const mapRequests: string[] = [];
        page.on('request', (request) => {
          if (MAP_REQUEST.test(request.url())) mapRequests.push(request.url());
        });
        await app.open('/Centers?tab=stats');
        await new StatsDriver(page).waitReady();
        // The map is made when its tab is first shown: the statistics alone drew none and asked for none of its data.
        expect(await page.locator('.maplibregl-canvas').count()).toBe(0);
        expect(mapRequests).toEqual([]);
        await app.tab(fa.tabMap).click();
        const shown = await app.waitForMap('idle', (s) => s.longitude > 53 && s.clusters > 0);
        expect(mapRequests.length).toBeGreaterThan(0);
        expect(shown.zoom).toBeCloseTo(direct.zoom, 1);
        expect(shown.latitude).toBeCloseTo(direct.latitude, 0);
      }, viewport),
  );

  it('a phone opens on the whole country and may zoom out that far', () =>
    env.withApp(async ({ app, page }) => {
      await app.open('/Centers');
      const state = await app.waitForMap('idle', (s) => s.zoom < 5 && s.clusters > 0);
      expect(state.zoom).toBeLessThan(5);
      expect(Number(await app.map().getAttribute('data-min-zoom'))).toBeLessThanOrEqual(state.zoom + 0.01);
      const box = await viewBox(app);
      expect(box.west).toBeLessThan(IRAN.west);
      expect(box.east).toBeGreaterThan(IRAN.east);
      await page.screenshot({ path: `${ARTIFACTS}/opening-375.png` });
    }, PHONE));

  it('the zoom hint sits below the map, never over its bubbles, and stays still for those who ask for less motion, as menus and dialogs do', () =>
    env.withApp(
      async ({ app, page }) => {
        await app.open('/Centers?lat=32.5&lng=54&z=6');
        await app.waitForMap('idle', (s) => s.clusters > 0);
        const hint = (await app.zoomHint().boundingBox())!;
        const map = (await app.map().boundingBox())!;
        expect(hint.y).toBeGreaterThanOrEqual(map.y + map.height);
        expect(await app.zoomHint().evaluate((el) => getComputedStyle(el).animationName)).not.toBe('none');
        // The layer menu and the download dialog fade and slide in (their transition's time, which stays on them
        // once open: the transition itself may be over before a loaded machine looks), unless the visitor asked
        // for less motion.
        const transitionTimes = async () => {
          const seen = [];
          for (const [open, shown] of [
            ['layers', '.layer-picker'],
            ['download-data', '.mantine-Modal-content'],
          ]) {
            await page.getByTestId(open!).click();
            seen.push(await page.locator(shown!).evaluate((el) => getComputedStyle(el).transitionDuration));
            await page.keyboard.press('Escape');
            await page.locator(shown!).waitFor({ state: 'detached' });
          }
          return seen;
        };
        expect(await transitionTimes()).not.toContain('0s');
        await page.emulateMedia({ reducedMotion: 'reduce' });
        expect(await app.zoomHint().evaluate((el) => getComputedStyle(el).animationName)).toBe('none');
        expect(await transitionTimes()).toEqual(['0s', '0s']);
      },
      undefined,
      { motion: true },
    ));

  it('the map canvas, reached by keyboard, shows where the focus is', () =>
    env.withApp(async ({ app, page }) => {
      await app.open('/Centers');
      await app.waitForMap('settled');
      const canvas = app.map().locator('canvas.maplibregl-canvas');
      await canvas.focus();
      await page.keyboard.press('Shift+Tab');
      await page.keyboard.press('Tab');
      expect(await canvas.evaluate((el) => el === document.activeElement)).toBe(true);
      expect(await canvas.evaluate((el) => getComputedStyle(el).outlineStyle)).not.toBe('none');
    }));

  it('zoomed in where a type has nothing, the map says so', () =>
    env.withApp(async ({ app, page }) => {
      // The middle of the Persian Gulf, past Centers' minimum zoom.
      await app.open('/Centers?lat=26.6&lng=52.6&z=12');
      await app.waitForMap('idle');
      expect(await page.getByTestId('nothing-here').innerText()).toContain('مکانی از این نوع نیست');
    }));
});

describe('shell and map details', () => {
  it('the empty path highlights the main offices in the sidebar', () =>
    env.withApp(async ({ app }) => {
      await app.open('/');
      expect(await app.activeSidebarLink().innerText()).toBe('ادارات کل');
      await app.open('/NoSuchPage');
      expect(await app.activeSidebarLink().count()).toBe(0);
    }));

  it("the map's own controls have Persian names, and its credit shows beside the open sidebar", () =>
    env.withApp(async ({ app, page }) => {
      await app.open('/Centers?lat=32.5&lng=54&z=6');
      await app.waitForMap('idle');
      expect(await page.locator('.maplibregl-ctrl-attrib-button').getAttribute('aria-label')).toMatch(
        /[\u0600-\u06FF]/,
      );
      expect(await page.locator('.maplibregl-canvas').getAttribute('aria-label')).toMatch(/[\u0600-\u06FF]/);
      // The credit is seen beside the open sidebar, not under it (it was, at MapLibre's bottom right).
      expect(await page.locator('#sidebar').isVisible()).toBe(true);
      const seen = await page.locator('.maplibregl-ctrl-attrib').evaluate((credit) => {
        const box = credit.getBoundingClientRect();
        const inside = (x: number, y: number) => credit.contains(document.elementFromPoint(x, y));
        return inside(box.left + 4, box.top + box.height / 2) && inside(box.right - 4, box.top + box.height / 2);
      });
      expect(seen, 'the map credit is not covered').toBe(true);
      // Nor are its words by its own button.
      const words = (await page.locator('.maplibregl-ctrl-attrib-inner').boundingBox())!;
      const button = (await page.locator('.maplibregl-ctrl-attrib-button').boundingBox())!;
      expect(apart(words, button), 'the credit button beside its words').toBe(true);
    }));

  it('the detail dialog is 40% of the window wide, and a failed load does not claim to be loading', () =>
    env.withApp(async ({ app, page, problems }) => {
      problems.expect(/status of 500|http 500: GET .*GetMapLocationDetailsx/);
      // The server's page of a location its data lacks is a 404 (for search engines); the app still opens on it.
      problems.expect(/status of 404|http 404: GET \S+\/Industries\?loc=/);
      await page.route('**/api/TVTOBase/GetMapLocationDetailsx/**', (route) =>
        route.fulfill({ status: 500, body: '{"error":"internal","message":"x"}' }),
      );
      await app.open('/Industries?loc=1B2C3D4E-0000-1111-2222-333344445555');
      await app.dialog().getByRole('alert').waitFor();
      const title = await app.dialog().getByRole('heading', { level: 2 }).innerText();
      expect(title).not.toContain('بارگذاری');
      const content = (await page.locator('.mantine-Modal-content').boundingBox())!;
      expect(content.width / DESKTOP.width).toBeCloseTo(0.4, 2);
    }));

  it('marker list names wrap rather than being cut', () =>
    env.withApp(async ({ app, page }) => {
      await app.open('/Guilds?lat=32.5&lng=54&z=6');
      await app.waitForMap('ready', (s) => s.markers > 0);
      await app.openMarkerList();
      const item = page.locator('.marker-list-item').first();
      expect(await item.evaluate((el) => getComputedStyle(el).whiteSpace)).not.toBe('nowrap');
      await page.screenshot({ path: `${ARTIFACTS}/marker-list-375.png` });
    }, PHONE));
});

describe('statistics details', () => {
  const academy = typeByRoute('Academy')!;

  it('the column axis tops at the maximum count; the dropdown panel is at most 275 px; the list dialog is 40% wide', async () => {
    const rows = (await (
      await fetch(`${env.baseUrl}/api/TVTOBase/OrglocationChartData/${academy.typeId}`)
    ).json()) as ChartRow[];
    const max = Math.max(...rows.map((r) => r.Count));
    await env.withApp(async ({ app, page }) => {
      await app.open('/Academy?tab=stats');
      const stats = new StatsDriver(page);
      await stats.waitReady();
      const ticks = await page
        .locator('[data-testid="column-chart"] svg text')
        .evaluateAll((nodes) => nodes.map((n) => n.textContent ?? ''));
      // The axis writes Persian digits, thousands apart with ٬: read back as ASCII.
      const numbers = ticks
        .map((t) => Number(foldText(t).replace(/[,٬]/g, '')))
        .filter((n) => Number.isInteger(n) && n >= 0);
      expect(Math.max(...numbers)).toBe(max);
      await stats.openProvinceSelect();
      const panel = (await page.locator('.mantine-Select-dropdown:visible').boundingBox())!;
      expect(panel.height).toBeLessThanOrEqual(275.5);
      expect(panel.height).toBeGreaterThan(240);
      await page.keyboard.press('Escape');
      await page.getByRole('button', { name: fa.stats.showList }).click();
      await stats.waitForWholeList();
      const dialog = (await page.locator('.mantine-Modal-content').boundingBox())!;
      expect(dialog.width / DESKTOP.width).toBeCloseTo(0.4, 2);
    });
  });

  it('on a phone the column chart says that it scrolls', () =>
    env.withApp(async ({ app, page }) => {
      await app.open('/Academy?tab=stats');
      await new StatsDriver(page).waitReady();
      expect(await page.locator('.scroll-hint').isVisible()).toBe(true);
    }, PHONE));
});

describe('print and embed', () => {
  it('printing the statistics leaves out the toolbar, sidebar and controls and keeps title, total and charts', () =>
    env.withApp(async ({ app, page }) => {
      await app.open('/Academy?tab=stats');
      await new StatsDriver(page).waitReady();
      await page.emulateMedia({ media: 'print' });
      expect(await page.locator('.toolbar').isVisible()).toBe(false);
      expect(await page.locator('#sidebar').isVisible()).toBe(false);
      expect(await page.getByTestId('stats-total').isVisible()).toBe(true);
      expect(await page.locator('.type-title').isVisible()).toBe(true);
      for (const card of ['column-card', 'map-card', 'pie-card'])
        expect(await page.getByTestId(card).isVisible()).toBe(true);
      expect(await page.getByTestId('map-card').locator('.map-legend').isVisible()).toBe(true);
      await page.pdf({ path: `${ARTIFACTS}/print-stats.pdf`, format: 'A4', printBackground: true });
    }));

  it('printing the map prints the current view as a picture, with its title, legend, credits and date', () =>
    env.withApp(async ({ app, page }) => {
      await app.open('/Centers?lat=32.5&lng=54&z=6');
      await app.waitForMap('idle', (s) => s.clusters > 0);
      await page.pdf({ path: `${ARTIFACTS}/print-map.pdf`, format: 'A4', printBackground: true });
      expect(await page.locator('.map-print-image').getAttribute('src')).toMatch(/^data:image\/png;base64,.{1000}/);
      // Under the picture: what its marks are, whose basemap it is, and when it was printed.
      const notes = page.getByTestId('map-print-notes');
      expect(await notes.isVisible()).toBe(false);
      await page.emulateMedia({ media: 'print' });
      expect(await notes.isVisible()).toBe(true);
      const words = await notes.innerText();
      expect(words).toContain(fa.mapPrint.pins(typeByRoute('Centers')!.titleFa));
      expect(words).toContain(fa.mapPrint.bubbles);
      expect(words).toMatch(/نقشه پایه: .*(Natural Earth|OpenStreetMap)/);
      expect(words).toContain(fa.mapPrint.printedOn(''));
      expect(words).toMatch(/۱۴۰[۰-۹]/);
    }));

  it('?embed=1 shows only the map with a link to the full app, and only then may other sites frame it', () =>
    env.withApp(async ({ app, page }) => {
      await app.open('/Centers?embed=1&lat=32.5&lng=54&z=6');
      await app.waitForMap('idle');
      expect(await page.locator('.toolbar').count()).toBe(0);
      expect(await page.locator('#sidebar').count()).toBe(0);
      const link = page.getByRole('link', { name: 'نمایش در سامانه داده‌های مکانی' });
      expect(new URL((await link.getAttribute('href'))!).searchParams.has('embed')).toBe(false);
      const embedded = await fetch(`${env.baseUrl}/Centers?embed=1`);
      expect(embedded.headers.get('content-security-policy')).toContain('frame-ancestors *');
      expect(embedded.headers.get('x-frame-options')).toBeNull();
      const normal = await fetch(`${env.baseUrl}/Centers`);
      expect(normal.headers.get('content-security-policy')).toContain("frame-ancestors 'self'");
      expect(normal.headers.get('x-frame-options')).toBe('SAMEORIGIN');
      // The way out never covers the map's credit: beside it on a wide page, above its row on a phone's (where the
      // credit, with the basemap's, is as wide as the map).
      const credit = page.locator('.maplibregl-ctrl-attrib');
      const [way, row] = [(await link.boundingBox())!, (await credit.boundingBox())!];
      expect(apart(way, row), 'at 1280 px').toBe(true);
      await page.screenshot({ path: `${ARTIFACTS}/embed-1280.png` });
      await page.setViewportSize(PHONE);
      await app.open('/Centers?embed=1&lat=32.5&lng=54&z=6');
      await app.waitForMap('idle');
      const [phoneWay, phoneRow] = [(await link.boundingBox())!, (await credit.boundingBox())!];
      expect(phoneWay.y + phoneWay.height, 'at 375 px').toBeLessThanOrEqual(phoneRow.y);
      await page.screenshot({ path: `${ARTIFACTS}/embed-375.png` });
    }));
});
