/** One server (small seeded database + the test build of the client) and one Chromium per test file. */
import { mkdirSync } from 'node:fs';
import { afterAll, beforeAll, expect } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, PageProblems } from '../support/browser';
import { startTestServer, type TestServer } from '../support/testServer';
import { AppDriver } from './drivers/AppDriver';

export const ARTIFACTS = 'tests/.artifacts';

export interface AppSession {
  app: AppDriver;
  page: Page;
  context: BrowserContext;
  /** Problems the page runs into; a test declares the ones it provokes with `problems.expect(...)`. */
  problems: PageProblems;
}

export type Viewport = { width: number; height: number };
export const DESKTOP: Viewport = { width: 1280, height: 800 };
export const PHONE: Viewport = { width: 375, height: 740 };

export function useBrowserApp(options: { points?: number } = {}) {
  const env: { server?: TestServer; browser?: Browser } = {};
  beforeAll(async () => {
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
    get server() {
      return env.server!;
    },
    /**
     * Runs `body` in a fresh browser context, then fails the test on any page problem it did not declare.
     * The context is closed whatever happens.
     */
    async withApp(body: (session: AppSession) => Promise<void>, viewport: Viewport = DESKTOP): Promise<void> {
      const context = await env.browser!.newContext({ viewport, locale: 'fa-IR' });
      try {
        const page = await context.newPage();
        const problems = new PageProblems(page);
        await body({ app: new AppDriver(page, env.server!.baseUrl), page, context, problems });
        expect(problems.unexpected(), 'page problems the test did not expect').toEqual([]);
      } finally {
        await context.close();
      }
    },
  };
}
