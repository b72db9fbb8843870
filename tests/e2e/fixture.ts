/** One server (small seeded database + the test build of the client) and one Chromium per test file. */
import { cpSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchTestBrowser, PageProblems } from '../support/browser';
import { TEST_CLIENT_DIR } from '../support/paths';
import { startTestServer, type StoreKind, type TestServer } from '../support/testServer';
import { AppDriver } from './drivers/AppDriver';
import { writeBasemapFixture } from '../support/basemapFixture';

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

/**
 * `ownClient`: serve a copy of the built client that this file may change (a new build deployed), at
 * `clientDir`. `basemap`: the server sends a small vector basemap the tests make (basemapFixture.ts).
 * `motion`: the file's pages keep the system's motion (see `withApp`).
 */
export function useBrowserApp(
  options: { points?: number; ownClient?: boolean; basemap?: boolean; motion?: boolean; store?: StoreKind } = {},
) {
  const env: { server?: TestServer; browser?: Browser; clientDir?: string; basemapDir?: string } = {};
  beforeAll(async () => {
    mkdirSync(ARTIFACTS, { recursive: true });
    if (options.basemap) env.basemapDir = mkdtempSync(join(tmpdir(), 'makan-basemap-'));
    if (options.ownClient) {
      env.clientDir = mkdtempSync(join(tmpdir(), 'makan-client-'));
      cpSync(TEST_CLIENT_DIR, env.clientDir, { recursive: true });
    }
    env.server = await startTestServer({
      store: options.store,
      points: options.points ?? 3000,
      withClient: true,
      clientDir: env.clientDir,
      basemap: env.basemapDir ? writeBasemapFixture(join(env.basemapDir, 'iran.pmtiles')) : undefined,
    });
    env.browser = await launchTestBrowser();
  });
  afterAll(async () => {
    await env.browser?.close();
    await env.server?.stop();
    if (env.clientDir) rmSync(env.clientDir, { recursive: true, force: true });
    if (env.basemapDir) rmSync(env.basemapDir, { recursive: true, force: true });
  });

  return {
    get baseUrl() {
      return env.server!.baseUrl;
    },
    get server() {
      return env.server!;
    },
    get clientDir() {
      return env.clientDir ?? TEST_CLIENT_DIR;
    },
    /**
     * Runs `body` in a fresh browser context, then fails the test on any page problem it did not declare.
     * `serviceWorker`: let the app install its service worker (blocked otherwise).
     * `motion`: the system's motion setting left as most visitors have it. Otherwise the page is told its visitor
     * asked for less motion, as some do: the map jumps rather than flies and charts draw at once, which is the
     * same end state with far fewer frames of software WebGL (the journeys and the animations' own tests fly).
     * `script: false`: the page's JavaScript is off, as for a visitor whose browser blocks it (the server's pages).
     * The context is closed whatever happens.
     */
    async withApp(
      body: (session: AppSession) => Promise<void>,
      viewport: Viewport = DESKTOP,
      {
        serviceWorker = false,
        motion = options.motion ?? false,
        script = true,
      }: { serviceWorker?: boolean; motion?: boolean; script?: boolean } = {},
    ): Promise<void> {
      // The service worker is kept out unless a test is about it: requests it answers bypass page.route, which
      // other tests use to make the server fail.
      const context = await env.browser!.newContext({
        viewport,
        locale: 'fa-IR',
        serviceWorkers: serviceWorker ? 'allow' : 'block',
        reducedMotion: motion ? 'no-preference' : 'reduce',
        javaScriptEnabled: script,
      });
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
