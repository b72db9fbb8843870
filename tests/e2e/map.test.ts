import { describe, expect, it } from 'vitest';
import type { ChartRow, ClusterItem, MapLocation } from '../../domain/gateway';
import { typeByRoute } from '../../domain/locationTypes';
import { degreesAcross } from '../../domain/zoom';
import { tileLevelFor, tileLevelsOf, tileName, tilesCovering } from '../../domain/pointTiles';
import { pointsOfLocations } from '../../domain/pointsWire';
import { FIXED_GROUP_MIN, groupFixed } from '../../src/map/fixedGroups';
import { countryCamera, openingZoom } from '../../src/map/viewport';
import { IRAN_BOUNDS, ZOOM_STEP_DURATION_MS } from '../../src/map/mapConstants';
import { BUBBLE_INK, countInk, PIN_INK, TOWN_INK } from './drivers/mapInk';
import { mapPasses, watchMapPasses } from './drivers/mapPasses';
import { ARTIFACTS, DESKTOP, PHONE, useBrowserApp, type Viewport } from './fixture';
import { fa } from '../../src/i18n/fa';
import { formatCount } from '../../src/i18n/format';
import { WORKER_CHUNK_NAME } from '../../tools/build/maplibreFromSource';

const env = useBrowserApp();

/** A region's view, closer than the country's scale: a type loaded by view is drawn as clusters of the box. */
const REGION = '/Centers?lat=35.70000&lng=51.40000&z=7';

/** The centres' statistics per province, as the page and the chart count them. */
async function chartRows(): Promise<ChartRow[]> {
  const type = typeByRoute('Centers')!;
  return (await (await fetch(`${env.baseUrl}/api/TVTOBase/OrglocationChartData/${type.typeId}`)).json()) as ChartRow[];
}

async function locationsOf(route: string): Promise<MapLocation[]> {
  const type = typeByRoute(route)!;
  return (await (await fetch(`${env.baseUrl}/api/Map/BindByOrglocationTypeID/${type.typeId}`)).json()) as MapLocation[];
}

describe('map', () => {
  it('a viewport type below its minimum zoom requests clusters and shows the hint', () =>
    env.withApp(async ({ app }) => {
      await app.open(REGION);
      const state = await app.waitForMap('idle', (s) => s.clusters > 0);
      expect(state.markers).toBe(0);
      expect(app.clusterRequests().length).toBeGreaterThan(0);
      expect(app.tileRequests()).toEqual([]);
      expect(await app.zoomHint().innerText()).toBe(fa.zoomHint);
      expect(await app.page.locator('.map-status-bar').getByRole('status').count()).toBe(1);
    }));

  it.each([
    ['desktop', DESKTOP, ''],
    ['desktop English', DESKTOP, '?lang=en'],
    ['phone', PHONE, ''],
  ] as [string, Viewport, string][])(
    'at %s width the first screen draws a bubble per province from the page, asking nothing, in a view clear of the sidebar',
    (_label, viewport, query) =>
      env.withApp(async ({ app, page }) => {
        await app.open(`/Centers${query}`);
        const box = (await app.map().boundingBox())!;
        // The open sidebar lies over one side of the map (the left of an English page): Iran is framed beside it.
        const sidebar = page.locator('#sidebar');
        const side = (await sidebar.getAttribute('data-covers-map')) === 'true' ? await sidebar.boundingBox() : null;
        const onLeft = side !== null && side.x + side.width / 2 < box.x + box.width / 2;
        const covered = { left: side && onLeft ? side.width : 0, right: side && !onLeft ? side.width : 0 };
        expect(side === null).toBe(viewport === PHONE);
        expect(onLeft).toBe(query === '?lang=en');
        const landing = countryCamera(box.width, box.height, covered);
        // The flight from Tehran has ended (moveend reported the camera) and nothing more is asked for.
        const state = await app.waitForMap(
          'idle',
          (s) =>
            s.clusters > 0 &&
            Math.abs(s.latitude - landing.latitude) < 1e-3 &&
            Math.abs(s.longitude - landing.longitude) < 1e-3,
        );
        // The country's scale: a bubble per province with its count, as the page and the statistics count them
        // (31 counts on the page had become 5 clusters as the map took over), from the page: nothing is asked.
        expect(app.clusterRequests()).toEqual([]);
        const counted = (await chartRows()).filter((r) => r.Count > 0);
        expect(state.clusters).toBe(counted.length);
        expect(state.zoom).toBeCloseTo(landing.zoom, 2);
        const [west, , east] = IRAN_BOUNDS;
        const xOf = (lon: number) => box.width / 2 + (lon - state.longitude) * ((256 * 2 ** state.zoom) / 360);
        expect(xOf(west)).toBeGreaterThanOrEqual(covered.left - 1);
        expect(xOf(east)).toBeLessThanOrEqual(box.width - covered.right + 1);
      }, viewport),
  );

  it("the first view's data is asked for while the map is still loading, not after", () =>
    env.withApp(async ({ app, page }) => {
      // MapLibre cannot load without its worker: held back until the first view's data has been asked for.
      let asked!: () => void;
      const askedForData = new Promise<'asked'>((resolve) => (asked = () => resolve('asked')));
      page.on('request', (request) => {
        if (request.url().includes('/TVTOBase/OrglocationMap/')) asked();
      });
      let released: 'asked' | 'gave up' | null = null;
      await page.route(`**/${WORKER_CHUNK_NAME}-*`, async (route) => {
        released = await Promise.race([
          askedForData,
          new Promise<'gave up'>((resolve) => setTimeout(() => resolve('gave up'), 15_000)),
        ]);
        await route.continue();
      });
      await app.open(REGION);
      await app.waitForMap('idle', (s) => s.clusters > 0);
      expect(released).toBe('asked');
    }));

  it('zooming past the minimum reads the tiles of the visible bounds and hides the hint', () =>
    env.withApp(async ({ app }) => {
      await app.open('/Centers?lat=35.70000&lng=51.40000&z=9');
      await app.waitForMap('idle');
      expect(await app.zoomHint().count()).toBe(1);
      await app.zoomIn();
      await app.waitForMap('idle', (s) => s.zoom >= 10 && app.tileRequests().length > 0);
      expect(await app.zoomHint().count()).toBe(0);
      const bounds = (await app.askedBounds()).at(-1)!;
      // The tiles asked are those that cover the box, at the level of zoom 10.
      const centers = typeByRoute('Centers')!;
      const level = tileLevelFor(tileLevelsOf(centers.minZoom!), 10);
      const asked = new Set(app.tileRequests().map((url) => url.pathname.split('/').slice(-3).join('/')));
      expect(asked).toEqual(new Set(tilesCovering(bounds, level).map(tileName)));
      const box = (await app.map().boundingBox())!;
      expect(bounds.MinLat).toBeLessThan(35.7);
      expect(bounds.MaxLat).toBeGreaterThan(35.7);
      expect(bounds.MinLon).toBeLessThan(51.4);
      expect(bounds.MaxLon).toBeGreaterThan(51.4);
      // The box spans exactly what the spec's zoom 10 (256-px tiles, as Leaflet counts) shows at this width.
      const expectedWidth = degreesAcross(box.width, 10);
      expect((bounds.MaxLon - bounds.MinLon) / expectedWidth).toBeCloseTo(1, 1);
    }));

  // MapLibre paints a sky under every frame unless told otherwise (src/map/skylessMap.ts): a pass over every pixel
  // that the map's background then covers whole.
  it('draws no sky under the map, before or after a zoom', () =>
    env.withApp(async ({ app, page }) => {
      await watchMapPasses(page);
      await app.open(REGION);
      await app.waitForMap('idle', (s) => s.clusters > 0);
      await app.zoomIn();
      await app.waitForMap('idle', (s) => s.zoom >= 8);
      const passes = await mapPasses(page);
      expect(passes.draws).toBeGreaterThan(50);
      expect(passes.skyDraws).toBe(0);
    }));

  it('a fixed type loads all locations once, and clicking a marker opens its details', async () => {
    const rows = await locationsOf('Industries');
    const target = rows[0]!;
    await env.withApp(async ({ app, page }) => {
      await app.open(`/Industries?lat=${target.Lat}&lng=${target.Long}&z=17`);
      const state = await app.waitForMap('ready', (s) => s.markers > 0);
      expect(state.markers).toBe(rows.length);
      await app.clickMarkerAt(target.Lat, target.Long);
      await app.dialog().getByTestId('detail').waitFor();
      expect(await app.dialog().getByRole('heading', { level: 2 }).innerText()).toBe(target.Name);
      expect(page.url()).toContain(`loc=${target.Guid}`);
      await app.dialog().getByRole('button', { name: fa.detail.moreDetails }).click();
      await app.dialog().getByRole('img', { name: 'تصویر محل' }).waitFor();
      expect(
        await app
          .dialog()
          .getByRole('img', { name: 'تصویر محل' })
          .evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0),
      ).toBe(true);
      expect(await app.dialog().getByRole('checkbox').count()).toBe(1);
      expect(await app.dialog().getByRole('link', { name: 'آیین‌نامه آموزشی' }).getAttribute('href')).toMatch(
        /^\/api\/files\//,
      );
      await page.screenshot({ path: `${ARTIFACTS}/detail-1280.png` });
      await page.keyboard.press('Escape');
      await app.dialog().waitFor({ state: 'detached' });
      expect(page.url()).not.toContain('loc=');
      // Moving the map never reloads a fixed type.
      await app.zoomIn();
      await app.waitForMap('ready', (s) => s.zoom >= 17.9);
      expect(app.apiRequests.filter((r) => r.url().includes('BindByOrglocationTypeID')).length).toBe(1);
      // Its list rows say whom each admits too (the compact answer's ids are named by the labels call).
      await app.openMarkerList();
      const gender = await page.locator('.marker-list-item').first().getByTestId('marker-gender').innerText();
      expect(gender.replace('·', '').trim()).toMatch(/^(مردانه|زنانه|مختلط)$/);
    });
  });

  it('the 31 main offices at the opening view are drawn small enough to stand apart, and full size close in', async () => {
    const offices = await locationsOf('MainOffice');
    expect(offices).toHaveLength(31);
    await env.withApp(async ({ app }) => {
      await app.open('/');
      await app.waitForMap('settled', (s) => s.markers === 31 && s.zoom < 7);
      const country = (await countInk(app.map(), PIN_INK)).pixels;
      // One office alone in view, at a province's scale.
      const alone = offices.find((o) =>
        offices.every((p) => p === o || Math.hypot(p.Lat - o.Lat, p.Long - o.Long) > 2),
      )!;
      await app.open(`/?lat=${alone.Lat}&lng=${alone.Long}&z=9`);
      await app.waitForMap('settled', (s) => s.markers > 0);
      const one = (await countInk(app.map(), PIN_INK)).pixels;
      expect(one).toBeGreaterThan(100);
      // Each pin at the country's scale has about half the ink of a full one (a pile of full ones would not).
      expect(country / (31 * one)).toBeLessThan(0.6);
      expect(country / (31 * one)).toBeGreaterThan(0.2);
    });
  });

  it('a fixed type with many pins is grouped into bubbles from afar; a bubble opens to where it splits', async () => {
    const rows = await locationsOf('Guilds');
    expect(rows.length).toBeGreaterThan(FIXED_GROUP_MIN);
    await env.withApp(async ({ app, page }) => {
      await app.open('/Guilds?lat=32.5&lng=54&z=5.5');
      const far = await app.waitForMap('ready', (s) => s.markers === rows.length && s.clusters > 0);
      // Fewer pins than locations, the rest in bubbles: drawn, as the pixels show.
      expect(far.pins).toBeLessThan(rows.length);
      expect((await countInk(app.map(), BUBBLE_INK)).pixels).toBeGreaterThan(50);
      await page.screenshot({ path: `${ARTIFACTS}/fixed-grouped-1280.png` });
      // The same grouping worked out here from the same locations: its biggest bubble is clicked.
      const grouped = groupFixed(pointsOfLocations(rows, false), far.zoom)!;
      expect(grouped.clusters).toHaveLength(far.clusters);
      const biggest = [...grouped.clusters].sort((a, b) => b.Count - a.Count)[0]!;
      const at = await app.pagePointOf(biggest.Lat, biggest.Long);
      await page.mouse.click(at.x, at.y);
      const opened = await app.waitForMap('ready', (s) => s.zoom >= openingZoom(biggest, far.zoom) - 0.05);
      expect(opened.zoom).toBeGreaterThanOrEqual(Math.floor(far.zoom) + 1 - 0.05);
      // Close enough, every pin stands alone.
      await app.open('/Guilds?lat=32.5&lng=54&z=8');
      const near = await app.waitForMap('ready', (s) => s.markers === rows.length);
      expect(near.clusters).toBe(0);
      expect(near.pins).toBe(rows.length);
    });
  });

  it("a bubble of a type loaded by view opens at once at the type's minimum zoom, where its pins are drawn", () =>
    env.withApp(async ({ app }) => {
      const centers = typeByRoute('Centers')!;
      await app.open(REGION);
      await app.waitForMap('idle', (s) => s.clusters > 0);
      // The bubbles the map drew, asked again of the server as the map asked them, once the camera is where they were
      // asked for.
      const asked = app.clusterRequests().at(-1)!;
      const askedZoom = Number(asked.searchParams.get('zoom'));
      const far = await app.waitForMap('idle', (s) => s.clusters > 0 && Math.abs(s.zoom - askedZoom) < 0.02);
      const bubbles = (await (await fetch(asked.href)).json()) as ClusterItem[];
      const biggest = [...bubbles].sort((a, b) => b.Count - a.Count)[0]!;
      // Hovered until the map reports a bubble under the pointer, then clicked.
      await app.clickDotAt(biggest.Lat, biggest.Long);
      const opened = await app.waitForMap('idle', (s) => s.zoom >= centers.minZoom! - 0.05 && s.markers > 0);
      expect(opened.zoom).toBeGreaterThan(far.zoom + 2);
      await expect.poll(async () => (await countInk(app.map(), PIN_INK)).pixels).toBeGreaterThan(40);
    }));

  it('the marker list says whom each admits, and opens a location with the keyboard alone', () =>
    env.withApp(async ({ app, page }) => {
      await app.open('/Guilds?lat=32.5&lng=54&z=6');
      await app.waitForMap('ready', (s) => s.markers > 0);
      const inView = await app.markersInView();
      expect(inView).toBeGreaterThan(0);
      const listButton = page.getByRole('button', { name: fa.markerList(formatCount(inView)) });
      await listButton.focus();
      await page.keyboard.press('Enter');
      const first = page.locator('.marker-list-item').first();
      await first.waitFor();
      const name = await first.locator('bdi').innerText();
      // Whom it admits, in the row: a woman need not open each to learn it is a men's centre.
      const gender = (await first.getByTestId('marker-gender').innerText()).replace('·', '').trim();
      expect(['مردانه', 'زنانه', 'مختلط']).toContain(gender);
      await first.focus();
      await page.keyboard.press('Enter');
      await page.getByTestId('detail').waitFor();
      expect(await page.getByRole('heading', { level: 2, name }).count()).toBe(1);
      expect(await page.getByTestId('detail').innerText()).toContain(gender);
    }));

  it.each([
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as [string, Viewport][])(
    'at %s width the basemap names towns from zoom 7, with no tile server, and not on the whole country',
    (_label, viewport) =>
      env.withApp(
        async ({ app, page }) => {
          // Around Tehran at zoom 8: Tehran, Karaj, Shahriar, Varamin... are in the gazetteer.
          await app.open('/Prison?lat=35.7&lng=51.3&z=8');
          await app.waitForMap('settled');
          await expect
            .poll(async () => (await countInk(app.map(), TOWN_INK)).pixels, { timeout: 15_000 })
            .toBeGreaterThan(200);
          await page.screenshot({ path: `${ARTIFACTS}/towns-${viewport.width}.png` });
          // Out to zoom 6 (the whole country's scale), by two clicks as quick as a double click: the second steps
          // from where the first is going, not from mid-glide. The towns give way to the provinces.
          await page.getByRole('button', { name: fa.zoomOut }).click({ clickCount: 2, delay: 0 });
          await app.waitForMap('settled', (s) => Math.abs(s.zoom - 6) < 0.01);
          await expect
            .poll(async () => (await countInk(app.map(), TOWN_INK)).pixels, { timeout: 15_000 })
            .toBeLessThan(20);
        },
        viewport,
        { motion: true },
      ),
  );

  it("two zoom clicks on a busy phone are two whole levels, however late the first glide's frames run", () =>
    env.withApp(
      async ({ app, page }) => {
        await app.open('/Prison?lat=35.7&lng=51.3&z=8');
        await app.waitForMap('settled');
        const zoomOut = page.getByRole('button', { name: fa.zoomOut });
        await zoomOut.click();
        // The page's thread held past the glide's whole length, as a weak phone's is, and the second tap handled
        // as soon as it is free, before any frame has ended the first glide.
        await zoomOut.evaluate((button: HTMLElement, ms) => {
          const until = performance.now() + ms;
          while (performance.now() < until);
          button.click();
        }, ZOOM_STEP_DURATION_MS + 200);
        // The map reports each glide's end: the first's, cut short between 8 and 7, then the second's, below 7.
        expect((await app.waitForMap('settled', (s) => s.zoom < 6.99)).zoom).toBeCloseTo(6, 2);
      },
      PHONE,
      { motion: true },
    ));

  it('a shared link with loc reopens the location', async () => {
    const [target] = await locationsOf('Industries');
    await env.withApp(async ({ app }) => {
      await app.open(`/Industries?loc=${target!.Guid}`);
      await app.dialog().getByTestId('detail').waitFor();
      expect(await app.dialog().getByRole('heading', { level: 2 }).innerText()).toBe(target!.Name);
      await app.page.screenshot({ path: `${ARTIFACTS}/detail-375.png` });
    }, PHONE);
  });

  it('a failing API shows a Persian error with a retry that recovers', () =>
    env.withApp(async ({ app, page, problems }) => {
      problems.expect(/OrglocationMap.*net::ERR_CONNECTION_REFUSED|ERR_CONNECTION_REFUSED/);
      await page.route('**/api/TVTOBase/OrglocationMap/**', (route) => route.abort('connectionrefused'));
      // A deep-linked camera skips the opening glide, whose moves would each retry on their own.
      await app.open('/Workshop?lat=32.5&lng=54&z=7');
      await app.waitForMap('failed');
      const alert = page.getByTestId('map-error');
      expect(await alert.innerText()).toContain(fa.errors.network);
      expect(await page.getByTestId('map-loading').count()).toBe(0);
      await page.screenshot({ path: `${ARTIFACTS}/map-error-1280.png` });
      await page.unroute('**/api/TVTOBase/OrglocationMap/**');
      await alert.getByRole('button', { name: fa.retry }).click();
      await app.waitForMap('idle', (s) => s.clusters > 0);
      expect(await alert.count()).toBe(0);
    }));
});
