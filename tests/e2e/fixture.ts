/** One server (small seeded database + built client) and one Chromium per test file. */
import { existsSync, mkdirSync } from 'node:fs';
import { afterAll, beforeAll } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, watchErrors } from '../support/browser';
import { startTestServer, type TestServer } from '../support/testServer';
import { AppDriver } from './drivers/AppDriver';

export const ARTIFACTS = 'tests/.artifacts';

export function useBrowserApp(options: { points?: number } = {}) {
  const env: { server?: TestServer; browser?: Browser } = {};
  beforeAll(async () => {
    if (!existsSync('dist/index.html')) throw new Error('dist/ is missing: run `npm run build` (npm test does) before the browser tests');
    mkdirSync(ARTIFACTS, { recursive: true });
    env.server = await startTestServer({ points: options.points ?? 3000, withClient: true });
    env.browser = await launchBrowser();
  });
  afterAll(async () => {
    await env.browser?.close();
    await env.server?.stop();
  });

  return {
    get baseUrl() {
      return env.server!.baseUrl;
    },
    async newApp(viewport = { width: 1280, height: 800 }): Promise<{ app: AppDriver; page: Page; context: BrowserContext; errors: string[] }> {
      const context = await env.browser!.newContext({ viewport, locale: 'fa-IR' });
      const page = await context.newPage();
      const errors = watchErrors(page);
      return { app: new AppDriver(page, env.server!.baseUrl), page, context, errors };
    },
  };
}
