/**
 * The API's docs page as a data person meets it: served by our server with its own files (no CDN), it draws
 * every group of routes from the description, opens one route with its parameters and answers, and is axe
 * clean.
 */
import { describe, expect, it } from 'vitest';
import { expectAccessible } from './drivers/accessibility';
import { ARTIFACTS, DESKTOP, useBrowserApp } from './fixture';

const env = useBrowserApp({ points: 300 });

describe('the API docs page', () => {
  it('draws the description from our server alone, and opens a route', () =>
    env.withApp(async ({ page }) => {
      const foreign: string[] = [];
      page.on('request', (request) => {
        if (!request.url().startsWith(env.baseUrl) && !request.url().startsWith('data:')) foreign.push(request.url());
      });
      // Given the docs page, when it has read the description,
      await page.goto(`${env.baseUrl}/api/docs/`);
      const operations = page.locator('.opblock');
      await expect.poll(() => operations.count(), { timeout: 30_000 }).toBeGreaterThan(10);
      // then it names the calls the app makes, the chart data among them,
      const chartData = page.locator('.opblock', { hasText: '/api/TVTOBase/OrglocationChartData/' }).first();
      await chartData.waitFor();
      // and a route opens on its parameters and answers.
      await chartData.locator('.opblock-summary').click();
      await expect.poll(() => chartData.locator('.parameters, .responses-wrapper').count()).toBeGreaterThan(0);
      expect(foreign).toEqual([]);
      await page.screenshot({ path: `${ARTIFACTS}/api-docs.png` });
      await expectAccessible(page, 'the API docs page');
    }, DESKTOP));
});
