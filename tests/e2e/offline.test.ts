/**
 * The second visit, as a visitor meets it: the first visit installs the service worker; with the network gone
 * the app still opens, draws the map and the statistics it showed before, says it is offline with the date of
 * its data, and says in Persian what it cannot show, with a retry that works once the network is back. A new
 * build deployed is offered, not forced: the page changes only when the visitor accepts.
 */
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { DatasetMeta } from '../../domain/gateway';
import { LANGUAGE_TABLE } from '../../domain/language';
import { fa } from '../../src/i18n/fa';
import { formatDay } from '../../src/i18n/format';
import { MAP_WAIT_CAP_MS } from '../../src/ui/firstScreen';
import { expectAccessible } from './drivers/accessibility';
import { FirstScreenDriver } from './drivers/FirstScreenDriver';
import { BUBBLE_INK, countInk, PIN_INK } from './drivers/mapInk';
import { OfflineDriver } from './drivers/OfflineDriver';
import { StatsDriver } from './drivers/StatsDriver';
import { ARTIFACTS, DESKTOP, PHONE, useBrowserApp } from './fixture';

const env = useBrowserApp({ ownClient: true });
const VIEW = '/Centers?lat=35.70&lng=51.40&z=8';
/** Close enough for pins: the locations in view come from the points worker's POST, not from clusters. */
const PINS_VIEW = '/Centers?lat=35.70&lng=51.40&z=11';

describe('offline on the second visit', () => {
  it.each([
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const)('opens, draws what it showed before and says what it cannot (%s)', async (label, viewport) => {
    const meta = (await (await fetch(`${env.baseUrl}/api/meta`)).json()) as DatasetMeta;
    await env.withApp(
      async ({ app, page, context, problems }) => {
        const offline = new OfflineDriver(page, context);
        // The first visit: the worker installs and takes the page; the map and the statistics are read through it.
        await app.open(VIEW);
        await offline.waitControlled();
        await app.open(VIEW);
        await app.waitForMap('idle', (s) => s.clusters > 0);
        await app.tab(fa.tabStats).click();
        await new StatsDriver(page).waitReady();
        const total = await new StatsDriver(page).totalText();
        await app.open(PINS_VIEW);
        const pins = (await app.waitForMap('idle', (s) => s.markers > 0)).markers;

        // The network goes: the app opens anyway.
        await offline.goOffline();
        problems.expect(/Failed to load resource|net::ERR_INTERNET_DISCONNECTED|503/);
        await app.open(VIEW);
        await app.waitForMap('idle', (s) => s.clusters > 0);
        await expect.poll(async () => (await countInk(app.map(), BUBBLE_INK)).pixels).toBeGreaterThan(40);
        await expect.poll(() => offline.badge().innerText()).toBe(fa.offline.badge(formatDay(meta.updatedAt)));
        await app.tab(fa.tabStats).click();
        await new StatsDriver(page).waitReady();
        expect(await new StatsDriver(page).totalText()).toBe(total);
        await expectAccessible(page, 'offline, with the badge');
        await page.screenshot({ path: `${ARTIFACTS}/offline-${label}.png` });

        // The pins' view too: its tiles, kept by the worker.
        await app.open(PINS_VIEW);
        await app.waitForMap('idle', (s) => s.markers === pins);
        await expect.poll(async () => (await countInk(app.map(), PIN_INK)).pixels).toBeGreaterThan(40);

        // A type never opened: a Persian reason and a retry, not a blank map.
        await app.open('/Prison');
        const failure = page.getByTestId('map-error');
        await expect.poll(() => failure.innerText()).toContain(fa.offline.unseen);

        // Back online: the retry reads it, and the badge goes.
        await offline.goOnline();
        await failure.getByRole('button').click();
        await app.waitForMap('ready', (s) => s.markers > 0);
        await offline.badge().waitFor({ state: 'detached' });
      },
      viewport,
      { serviceWorker: true },
    );
  });

  it.each([
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const)(
    'after one online visit, the view just seen opens offline with its bubbles, though the offline strip refits the zoom (%s)',
    (label, viewport) =>
      env.withApp(
        async ({ app, page, context, problems }) => {
          const offline = new OfflineDriver(page, context);
          // One visit: the country view draws, and only then does the worker install and take the page.
          await app.open('/Centers');
          const online = await app.waitForMap('idle', (s) => s.clusters > 0);
          await offline.waitControlled();

          await offline.goOffline();
          problems.expect(/Failed to load resource|net::ERR_INTERNET_DISCONNECTED|503/);
          await page.reload();
          await offline.badge().waitFor();
          const again = await app.waitForMap('idle', (s) => s.clusters > 0);
          expect(again.clusters).toBe(online.clusters);
          await expect.poll(async () => (await countInk(app.map(), BUBBLE_INK)).pixels).toBeGreaterThan(40);
          expect(await page.getByTestId('map-error').count()).toBe(0);
          await page.screenshot({ path: `${ARTIFACTS}/offline-first-visit-${label}.png` });
        },
        viewport,
        { serviceWorker: true },
      ),
  );

  it('a returning visitor reaches the pages only the server makes, and offline is told so in the page’s language', () =>
    env.withApp(
      async ({ app, page, context, problems }) => {
        const offline = new OfflineDriver(page, context);
        await app.open('/Centers');
        await offline.waitControlled();
        // Through the worker: the server's own pages, not the app's "page not found".
        const notFound = fa.notFoundTitle;
        for (const path of ['/list?type=Centers&province=Tehran', '/search?type=Centers&q=Tehran']) {
          const answer = await page.goto(`${env.baseUrl}${path}`);
          expect(answer!.status()).toBe(200);
          expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
          await expect.poll(() => page.locator('main').first().innerText()).not.toContain(notFound);
          expect(await page.title()).not.toContain(notFound);
        }
        const sitemap = await page.goto(`${env.baseUrl}/sitemap.xml`);
        expect(sitemap!.headers()['content-type']).toMatch(/xml/);

        await offline.goOffline();
        problems.expect(/Failed to load resource|net::ERR_INTERNET_DISCONNECTED|503/);
        for (const language of ['fa', 'en'] as const) {
          const query = language === 'en' ? '&lang=en' : '';
          const answer = await page.goto(`${env.baseUrl}/list?type=Centers&province=Tehran${query}`);
          expect(answer!.status()).toBe(503);
          expect(await page.getByRole('alert').innerText()).toBe(LANGUAGE_TABLE[language].shell.offline);
          expect(await page.locator('html').getAttribute('dir')).toBe(LANGUAGE_TABLE[language].direction);
          await expectAccessible(page, `the offline page (${language})`);
        }
        // Its link leads to the map, which opens offline (the app's shell, from the worker).
        await page.getByRole('link').click();
        await offline.badge().waitFor();
      },
      PHONE,
      { serviceWorker: true },
    ));

  it('installs the worker, which downloads the whole build, only once the map has drawn, or soon after the load', () =>
    env.withApp(
      async ({ app, page }) => {
        const firstScreen = new FirstScreenDriver(page);
        await firstScreen.givenTheClocksStarted();
        await app.open(VIEW);
        await app.waitForMap('settled');
        const { registeredAt, drawnAt, loadAt } = await firstScreen.when('registeredAt');
        expect(registeredAt).toBeGreaterThanOrEqual(Math.min(drawnAt, loadAt + MAP_WAIT_CAP_MS));
      },
      DESKTOP,
      { serviceWorker: true },
    ));

  it('offers a new build, and takes it only when the visitor accepts', async () => {
    await env.withApp(
      async ({ app, page, context }) => {
        const offline = new OfflineDriver(page, context);
        await app.open(VIEW);
        await offline.waitControlled();
        const first = await page.evaluate(() => navigator.serviceWorker.controller!.scriptURL);
        // Deploy a new build: the worker's script changes (its compressed twins go, so the new bytes are sent).
        const script = join(env.clientDir, 'sw.js');
        writeFileSync(script, `${readFileSync(script, 'utf8')}\n// the next build\n`);
        for (const twin of ['.br', '.gz']) rmSync(`${script}${twin}`, { force: true });
        await offline.checkForUpdate();
        await offline.updatePrompt().waitFor();
        await expectAccessible(page, 'the update prompt');
        // Nothing changes until the visitor says so: the old worker still serves this page.
        expect(await page.evaluate(() => navigator.serviceWorker.controller!.scriptURL)).toBe(first);
        const waiting = await page.evaluate(
          async () => (await navigator.serviceWorker.getRegistration())!.waiting !== null,
        );
        expect(waiting).toBe(true);
        await Promise.all([page.waitForEvent('load'), offline.acceptUpdate()]);
        await app.waitForMap('idle', (s) => s.clusters > 0);
        const registration = await page.evaluate(async () => {
          const r = (await navigator.serviceWorker.getRegistration())!;
          return { waiting: r.waiting !== null, active: r.active?.state };
        });
        expect(registration).toEqual({ waiting: false, active: 'activated' });
        await expect.poll(() => offline.updatePrompt().count()).toBe(0);
      },
      DESKTOP,
      { serviceWorker: true },
    );
  });
});
