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
