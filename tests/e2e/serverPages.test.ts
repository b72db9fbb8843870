/**
 * The answer in the first round trip: with JavaScript off, a visitor walks the server's pages to a location's
 * phone and the way there, from a province or from a town's name, in Persian and in English; with it on, the
 * app takes the same address over in place (no layout shift beyond the toolbar's) and draws its map.
 */
import { describe, expect, it } from 'vitest';
import type { ChartRow } from '../../domain/gateway';
import { typeByRoute } from '../../domain/locationTypes';
import type { NearestResult } from '../../domain/search';
import type { NearestOfType, Place } from '../../domain/wire/answers';
import { valueNameIn } from '../../domain/valueNames';
import { PAGE_WORDS } from '../../server/pages/pageWords';
import { en } from '../../src/i18n/en';
import { fa } from '../../src/i18n/fa';
import { expectAccessible } from './drivers/accessibility';
import { BUBBLE_INK, countInk } from './drivers/mapInk';
import { ServerPageDriver } from './drivers/ServerPageDriver';
import { StatsDriver } from './drivers/StatsDriver';
import { ARTIFACTS, DESKTOP, PHONE, useBrowserApp } from './fixture';
import { WORKER_CHUNK_NAME } from '../../tools/build/maplibreFromSource';

const env = useBrowserApp({ points: 3000 });
const centers = typeByRoute('Centers')!;

async function api<T>(path: string): Promise<T> {
  return (await (await fetch(`${env.baseUrl}/api/${path}`)).json()) as T;
}

const WALKS = [
  {
    label: 'Persian at 1280 px',
    lang: '',
    viewport: DESKTOP,
    digits: new Intl.NumberFormat('fa-IR'),
    province: 'تهران',
    provinceEn: 'Tehran',
    type: centers.titleFa,
    town: 'بجنورد',
    words: PAGE_WORDS.fa,
    listOf: (type: string, province: string) => `${type} در ${province}`,
    pagesOf: (guid: string, province: string) => [
      '/Centers',
      `/list?type=Centers&province=${province}`,
      `/Centers?loc=${guid}`,
      `/search?q=${encodeURIComponent('بجنورد')}&type=Centers`,
      `/search?q=${encodeURIComponent('خیاطی')}&near=${encodeURIComponent('بجنورد')}&for=women&type=`,
    ],
  },
  {
    label: 'English at 375 px',
    lang: '?lang=en',
    viewport: PHONE,
    digits: new Intl.NumberFormat('en-US'),
    province: 'Tehran',
    provinceEn: 'Tehran',
    type: centers.titleEn,
    town: 'Bojnurd',
    words: PAGE_WORDS.en,
    listOf: (type: string, province: string) => `${type} in ${province}`,
    pagesOf: (guid: string, province: string) => [
      '/Centers?lang=en',
      `/list?type=Centers&province=${province}&lang=en`,
      `/Centers?loc=${guid}&lang=en`,
      '/search?q=Bojnurd&type=Centers&lang=en',
      `/search?q=sewing&near=Bojnurd&for=women&type=&lang=en`,
    ],
  },
];

/** The pages the walks reached, for axe. */
const visited: string[] = [];

describe('the server’s pages', () => {
  it.each(WALKS)(
    '$label, without JavaScript: a province’s list to a location’s phone and ways there; a town to its nearest',
    async (walk) => {
      const rows = await api<ChartRow[]>(`TVTOBase/OrglocationChartData/${centers.typeId}`);
      const total = rows.reduce((sum, r) => sum + r.Count, 0);
      const tehran = rows.find((r) => r.LocationEnName === walk.provinceEn)!;
      const [town] = await api<Place[]>(`places?q=${encodeURIComponent(walk.town)}`);
      const nearest = await api<NearestResult[]>(`nearest/${centers.typeId}?lat=${town!.Lat}&lon=${town!.Long}`);
      const women = `gender=${encodeURIComponent('زنانه')}&gender=${encodeURIComponent('مختلط')}`;
      const forWomen = await api<NearestOfType[]>(
        `trades/nearest?trade=${encodeURIComponent('خیاطی')}&lat=${town!.Lat}&lon=${town!.Long}&${women}`,
      );
      expect(forWomen.length).toBeGreaterThan(0);
      await env.withApp(
        async ({ page, problems }) => {
          // With scripts off, the browser refuses the app's preloaded module (and says so): nothing else fails.
          problems.expect(/requestfailed: GET \S+\/assets\/\S+\.js csp/);
          const pages = new ServerPageDriver(page, env.baseUrl);
          await pages.open(`/Centers${walk.lang}`);
          expect(await pages.heading().innerText()).toBe(walk.type);
          expect(await pages.total().innerText()).toContain(walk.digits.format(total));
          expect(await page.locator('#ssr-map svg path').count()).toBe(31);
          await page.screenshot({
            path: `${ARTIFACTS}/server-page-${walk.viewport.width}${walk.lang ? '-en' : ''}.png`,
            fullPage: true,
          });
          // The province's row links to its list, in the reader's order, each name linking to its page.
          await pages.follow(walk.province);
          expect(await pages.heading().innerText()).toBe(walk.listOf(walk.type, walk.province));
          expect(await page.locator('#ssr-list-count').innerText()).toContain(walk.digits.format(tehran.Count));
          const names = await pages.linksIn('#ssr-list');
          expect(names).toHaveLength(Math.min(100, tehran.Count));
          await pages.follow(names[0]!);
          expect(await pages.heading().innerText()).toBe(names[0]);
          expect(new URL(page.url()).searchParams.get('loc')).toMatch(/^[0-9a-f-]{36}$/i);
          expect((await pages.hrefsOf('a[href^="tel:"]')).length).toBeGreaterThan(0);
          expect(await pages.hrefsOf('a[href^="https://www.openstreetmap.org/directions"]')).toHaveLength(1);
          // The search form: a town's name gives the nearest centres, as the API ranks them, each to its page.
          await pages.search(walk.town, walk.words.searchLabel);
          expect(await pages.linksIn('#ssr-nearest')).toEqual(nearest.map((n) => n.Name));
          await pages.follow(nearest[0]!.Name);
          expect(await pages.heading().innerText()).toBe(nearest[0]!.Name);
          expect(new URL(page.url()).searchParams.get('loc')).toBe(nearest[0]!.Guid);
          // From the landing page: where a woman near the town learns sewing, each row saying whom it admits.
          await pages.open(`/${walk.lang}`);
          // Asked in the page's language: the English page's "sewing" is the data's «خیاطی».
          const sewing = walk.lang ? 'sewing' : 'خیاطی';
          await pages.ask({ text: sewing, near: walk.town, audience: walk.words.audiences.women }, walk.words);
          expect(await page.locator('main h2').first().innerText()).toBe(
            walk.words.tradeNearest(walk.lang ? 'Sewing' : 'خیاطی', walk.town),
          );
          expect(await pages.linksIn('#ssr-trade-nearest')).toEqual(forWomen.map((r) => r.Name));
          const rows = await pages.rowsIn('#ssr-trade-nearest');
          rows.forEach((row, i) => expect(row).toContain(valueNameIn(forWomen[i]!.Gender, walk.lang ? 'en' : 'fa')));
          await page.screenshot({
            path: `${ARTIFACTS}/server-trade-${walk.viewport.width}${walk.lang ? '-en' : ''}.png`,
            fullPage: true,
          });
          visited.push(...walk.pagesOf(nearest[0]!.Guid, tehran.LocationEnName));
        },
        walk.viewport,
        { script: false },
      );
    },
  );

  // axe runs as a script of its own: the same pages with the app's script blocked (a failed or filtered download).
  it('the pages walked pass axe with the app’s script blocked', async () => {
    expect(visited).toHaveLength(10);
    await env.withApp(async ({ page, problems }) => {
      problems.expect(/Failed to load resource|net::ERR_FAILED/);
      await page.route(/\/assets\/.*\.js$/, (route) => route.abort());
      for (const path of visited) {
        await page.goto(env.baseUrl + path);
        await page.locator('main h1').waitFor();
        if (!path.startsWith('/list') && !path.startsWith('/search'))
          expect(await page.locator('#ssr-note').isVisible()).toBe(true);
        await expectAccessible(page, `${path} with the app's script blocked`);
      }
    }, PHONE);
  });

  it('with JavaScript, the app takes the page over at the same address, with no shift beyond the toolbar, and draws the map', async () => {
    await env.withApp(async ({ app, page }) => {
      // Layout shifts as the browser reports them, from the first paint of the server's page on.
      await page.addInitScript(() => {
        (window as unknown as { shifts: number[] }).shifts = [];
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[])
            if (!entry.hadRecentInput) (window as unknown as { shifts: number[] }).shifts.push(entry.value);
        }).observe({ type: 'layout-shift', buffered: true });
      });
      await app.open('/Centers');
      expect(new URL(page.url()).pathname).toBe('/Centers');
      expect(await page.locator('#ssr-total').count()).toBe(0);
      await app.waitForMap('settled');
      await expect.poll(async () => (await countInk(app.map(), BUBBLE_INK)).pixels).toBeGreaterThan(50);
      expect(await page.title()).toContain(fa.siteName);
      const shifts = await page.evaluate(() => (window as unknown as { shifts: number[] }).shifts);
      // Cumulative layout shift: "good" is under 0.1.
      expect(shifts.reduce((sum, s) => sum + s, 0)).toBeLessThan(0.1);
      // A location's page address is the app's dialog.
      const [first] = await api<NearestResult[]>(`nearest/${centers.typeId}?lat=35.7&lon=51.4`);
      await app.open(`/Centers?loc=${first!.Guid}`);
      await expect.poll(() => page.getByRole('dialog').innerText()).toContain(first!.Name);
      expect(en.siteName).toBeTruthy();
    });
  });

  it('the map’s box shows the page’s picture of the map until the map has drawn its data, then the map', async () => {
    await env.withApp(async ({ app, page }) => {
      // MapLibre's worker held back: the map cannot draw, so the picture must still be there. (Not the map's data:
      // the page brings its first bubbles with it, so holding their request held nothing, and this test passed
      // only while the map took longer to draw than the checks below.)
      let release: () => void = () => undefined;
      const held = new Promise<void>((resolve) => (release = resolve));
      let workerHeld = false;
      await page.route(`**/assets/${WORKER_CHUNK_NAME}-*.js`, async (route) => {
        workerHeld = true;
        await held;
        await route.continue();
      });
      await app.open('/Centers');
      const picture = page.getByTestId('server-map-picture');
      await picture.waitFor();
      expect(await picture.locator('svg path').count()).toBe(31);
      // In the map's box, filling it: the box does not move when the picture gives way.
      const [box, shown] = [await app.map().boundingBox(), await picture.boundingBox()];
      expect(shown).toEqual(box);
      // What held the map was the worker (the build's name for it, which map.test.ts holds too; had the route
      // matched nothing, this would race the map again).
      expect(workerHeld, "MapLibre's worker asked for and held").toBe(true);
      release();
      await app.waitForMap('settled');
      await picture.waitFor({ state: 'detached' });
      await expect.poll(async () => (await countInk(app.map(), BUBBLE_INK)).pixels).toBeGreaterThan(50);
      expect(await app.map().boundingBox()).toEqual(box);
    });
  });

  it('the statistics tab taken over keeps the page’s figures, not a spinner, until its own charts are drawn', async () => {
    await env.withApp(async ({ page }) => {
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      // The tab's charts arrive late, as on a slow link: meanwhile the tab shows what the page showed.
      await page.route('**/assets/stats-*.js', async (route) => {
        await held;
        await route.continue();
      });
      await page.goto(`${env.baseUrl}/Centers?tab=stats`);
      const figures = page.getByTestId('server-figures');
      await figures.waitFor();
      const rows = await api<ChartRow[]>(`TVTOBase/OrglocationChartData/${centers.typeId}`);
      expect(await figures.locator('#ssr-provinces tbody tr').count()).toBe(rows.length);
      expect(await figures.locator('#ssr-total').innerText()).toContain(
        new Intl.NumberFormat('fa-IR').format(rows.reduce((sum, r) => sum + r.Count, 0)),
      );
      expect(await page.locator('.mantine-Loader').count()).toBe(0);
      release();
      await new StatsDriver(page).waitReady();
      await expect.poll(() => figures.count()).toBe(0);
    });
  });

  it('the statistics tab taken over draws its charts from the figures the page came with, asking nothing again', async () => {
    await env.withApp(async ({ app, page }) => {
      const filter = `gender=${encodeURIComponent('زنانه')}`;
      await app.open(`/Centers?tab=stats&${filter}`);
      const stats = new StatsDriver(page);
      await stats.waitReady();
      const rows = await api<ChartRow[]>(`TVTOBase/OrglocationChartData/${centers.typeId}?${filter}`);
      const total = rows.reduce((sum, r) => sum + r.Count, 0);
      // The app's total and its column chart are the page's figures, under the page's filters.
      await expect.poll(() => stats.totalText()).toContain(new Intl.NumberFormat('fa-IR').format(total));
      const top = [...rows].sort((a, b) => b.Count - a.Count)[0]!;
      await expect
        .poll(() => page.getByTestId('column-card-summary').innerText())
        .toContain(new Intl.NumberFormat('fa-IR').format(top.Count));
      await expect
        .poll(() => page.getByTestId('pie-card').locator('.chart-drawing svg path').count())
        .toBeGreaterThan(0);
      // The page held the dataset's meta, the chart data and the pie: the app asked for none of them.
      const asked = app.apiRequests.map((r) => new URL(r.url()).pathname);
      expect(
        asked.filter((path) => /\/api\/(meta|TVTOBase\/OrglocationChartData|TVTOBase\/OrglocationPie)/.test(path)),
      ).toEqual([]);
    });
  });
});
