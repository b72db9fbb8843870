/** Failures of the page's own code and build: never a blank page, nothing exposed that should not be. */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { TEST_CLIENT_DIR } from '../support/paths';
import { StatsDriver } from './drivers/StatsDriver';
import { ARTIFACTS, useBrowserApp } from './fixture';
import { fa } from '../../src/i18n/fa';

const env = useBrowserApp();

describe('resilience', () => {
  it('statistics code that cannot be loaded shows a Persian error with a retry in its place, and the retry loads it', () =>
    env.withApp(async ({ app, page, problems }) => {
      problems.expect(/requestfailed: GET .*\/assets\/.*\.js net::ERR_CONNECTION_REFUSED/);
      problems.expect(/console.error: .*(dynamically imported module|Failed to fetch|ERR_CONNECTION_REFUSED)/i);
      await app.open('/Academy');
      await app.waitForMap('idle');
      // The server goes away (or a redeploy replaced the hashed files) after the page loaded.
      await page.route('**/assets/*.js', (route) => route.abort('connectionrefused'));
      await app.tab(fa.tabStats).click();
      const failure = page.getByTestId('part-error');
      await failure.waitFor();
      expect(await failure.innerText()).toContain(fa.errors.codeLoadFailed);
      expect(await failure.getByRole('button', { name: fa.reloadPage }).count()).toBe(1);
      // The rest of the app stays: toolbar, tabs and sidebar.
      expect(await page.locator('.toolbar').isVisible()).toBe(true);
      expect(await app.tab(fa.tabMap).isVisible()).toBe(true);
      await page.screenshot({ path: `${ARTIFACTS}/stats-code-failed-1280.png` });
      await page.unroute('**/assets/*.js');
      await failure.getByRole('button', { name: fa.retry }).click();
      await new StatsDriver(page).waitReady();
      expect(await failure.count()).toBe(0);
    }));

  it('a dialog whose code cannot be loaded shows the error with a retry where it opens, and the retry opens it', () =>
    env.withApp(async ({ app, page, problems }) => {
      problems.expect(/requestfailed: GET .*\/assets\/DownloadDialog-[^/]*\.js net::ERR_CONNECTION_REFUSED/);
      problems.expect(/console.error: .*(dynamically imported module|Failed to fetch|ERR_CONNECTION_REFUSED)/i);
      // The dialogs load on demand (src/ui/OnDemand.tsx): the server is gone for this one's code from the start,
      // so the fetch made once the first screen is up fails too, unseen.
      await page.route('**/assets/DownloadDialog-*.js', (route) => route.abort('connectionrefused'));
      await app.open('/Academy');
      await app.waitForMap('idle');
      await page.getByTestId('download-data').click();
      const failure = page.getByTestId('part-error');
      await failure.waitFor();
      expect(await failure.innerText()).toContain(fa.errors.codeLoadFailed);
      expect(await page.locator('.toolbar').isVisible()).toBe(true);
      // Where the dialog would have opened: over the page, its retry in view and not covered.
      const box = (await failure.boundingBox())!;
      const viewport = page.viewportSize()!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(viewport.width);
      expect(box.y + box.height).toBeLessThanOrEqual(viewport.height);
      await failure.getByRole('button', { name: fa.retry }).click({ trial: true });
      await page.screenshot({ path: `${ARTIFACTS}/dialog-code-failed-1280.png` });
      await page.unroute('**/assets/DownloadDialog-*.js');
      await failure.getByRole('button', { name: fa.retry }).click();
      await page.getByRole('dialog', { name: fa.downloads.title }).waitFor();
      expect(await failure.count()).toBe(0);
    }));

  it('a stylesheet that cannot be loaded after the page is up is caught like a failed chunk, not thrown', () =>
    env.withApp(async ({ app, page, problems }) => {
      problems.expect(/requestfailed: GET .*\/assets\/700-[^/]*\.css net::ERR_CONNECTION_REFUSED/);
      problems.expect(/^console\.error: Failed to load resource: net::ERR_CONNECTION_REFUSED$/);
      // The bold weight's stylesheet comes once the map has drawn: the server is gone by then.
      await page.route('**/assets/700-*.css', (route) => route.abort('connectionrefused'));
      const failed = page.waitForEvent('requestfailed', (request) => /\/assets\/700-[^/]*\.css/.test(request.url()));
      await app.open('/Academy');
      await app.waitForMap('idle');
      await failed;
      // A frame and a task later, a rejection nobody caught has been reported (as a pageerror, which fails the test).
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve))));
      expect(await page.locator('.toolbar').isVisible()).toBe(true);
    }));

  it('the served build has no source maps', async () => {
    const assets = readdirSync(join(TEST_CLIENT_DIR, 'assets'));
    expect(assets.filter((name) => name.endsWith('.map'))).toEqual([]);
    for (const script of assets.filter((name) => name.endsWith('.js'))) {
      expect(readFileSync(join(TEST_CLIENT_DIR, 'assets', script), 'utf8'), script).not.toMatch(
        /sourceMappingURL=(?!data:)/,
      );
    }
    const response = await fetch(`${env.baseUrl}/assets/${assets.find((a) => a.endsWith('.js'))}.map`);
    expect(response.status).toBe(404);
  });
});
