/**
 * npm run bench:first-load
 * A visitor's load of `/` and `/Centers` on a slow mobile link (1.6 Mbps down, 750 kbps up, 150 ms latency),
 * emulated in Chromium through CDP: first contentful paint, the time until the map is usable (style loaded and
 * its first markers or bubbles drawn), and the bytes transferred until then (MapLibre's worker script
 * included); for the first visit (empty cache), the repeat visit (the service worker installed) and an open
 * with the network cut. Three runs; the median is printed.
 * Then Lighthouse's performance score for `/`, with its default mobile settings (a Moto G Power's screen, 4x CPU
 * slowdown, and the same slow link simulated: 150 ms round trip, 1.6 Mbps).
 */
import { writeFileSync } from 'node:fs';
import lighthouse from 'lighthouse';
import { launchBrowser } from '../tools/browser/launch';
import type { CDPSession, Page, Request } from 'playwright-core';
import { phoneOnSlowLink, prepareVisitorBench, serveClient, VISITOR_CLIENT, VISITOR_DB } from './browserBench';
import { ms, percentile } from './stats';

/** The little of the DOM the page-side functions touch. */
interface PageGlobals {
  document: { querySelector(selector: string): { dataset: Record<string, string | undefined> } | null };
  navigator: { serviceWorker: { ready: Promise<unknown> } };
}

/** The home page and a type whose map opens on bubbles. */
const PATHS = ['/', '/Centers'];
const OFFLINE = { offline: true, latency: 0, downloadThroughput: -1, uploadThroughput: -1 };

const PORT = 18_191;
const RUNS = 3;
const LIGHTHOUSE_PORT = 18_192;
const REPORT = 'bench/.data/lighthouse.json';

prepareVisitorBench();
const server = await serveClient(VISITOR_DB, PORT, VISITOR_CLIENT);

const browser = await launchBrowser([`--remote-debugging-port=${LIGHTHOUSE_PORT}`]);
try {
  for (const path of PATHS) {
    const runs: Record<Visit, Figures>[] = [];
    for (let run = 0; run < RUNS; run++) {
      const { context, page, cdp } = await phoneOnSlowLink(browser);
      const first = await visit(page, cdp, path);
      // The service worker has precached the build before the second visit is timed.
      await page.evaluate(async () => {
        await (globalThis as unknown as PageGlobals).navigator.serviceWorker.ready;
      });
      const repeat = await visit(page, cdp, path);
      await cdp.send('Network.emulateNetworkConditions', { ...OFFLINE });
      const offline = await visit(page, cdp, path);
      runs.push({ first, repeat, offline });
      await context.close();
    }
    const median = (visitKind: Visit, key: keyof Figures) =>
      percentile(
        runs.map((r) => r[visitKind][key]),
        50,
      );
    const line = (visitKind: Visit) =>
      `first contentful paint ${ms(median(visitKind, 'paint'))} | map usable ${ms(median(visitKind, 'usable'))} | ${(median(visitKind, 'bytes') / 1024).toFixed(0)} KiB transferred before it`;
    console.log(`${path} at 1.6 Mbps / 150 ms, 375 px wide (median of ${RUNS}):`);
    console.log(`  first visit, empty cache:    ${line('first')}`);
    console.log(`  repeat visit:                ${line('repeat')}`);
    console.log(`  offline (network cut) open:  ${line('offline')}`);
    console.log('  (bytes: what the page itself received over the network; the service worker answers from its cache)');
  }
  await lighthouseFigures();
} finally {
  await browser.close();
  server.kill('SIGTERM');
}

type Visit = 'first' | 'repeat' | 'offline';
interface Figures {
  paint: number;
  usable: number;
  bytes: number;
}

/** Opens `path` and waits until the map is usable: style loaded, its layers drawn, markers or bubbles on it. */
async function visit(page: Page, cdp: CDPSession, path: string): Promise<Figures> {
  let bytes = 0;
  const count = (event: { encodedDataLength: number }) => (bytes += event.encodedDataLength);
  cdp.on('Network.loadingFinished', count);
  const workerScripts = countWorkerScripts(page, (size) => (bytes += size));
  await page.goto(`http://127.0.0.1:${PORT}${path}`, { waitUntil: 'commit' });
  // Page-side functions (the page's CSP forbids evaluating text); this script compiles without the DOM's types.
  await page.waitForFunction(
    () => {
      const { document } = globalThis as unknown as PageGlobals;
      const map = document.querySelector('[data-testid="map"]');
      const drawn = Number(map?.dataset['clusters']) + Number(map?.dataset['markers']) > 0;
      return map?.dataset['mapLoaded'] === 'true' && drawn && map.dataset['layersLoaded'] === 'true';
    },
    undefined,
    { timeout: 120_000, polling: 100 },
  );
  const timing = await page.evaluate(() => ({
    paint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN,
    usable: performance.now(),
  }));
  cdp.off('Network.loadingFinished', count);
  await workerScripts.stop();
  return { ...timing, bytes };
}

/**
 * The page's network events never see a dedicated worker's script (MapLibre's worker, 120 KiB): Playwright
 * reports its request with an empty body, so its size is taken from its Content-Length, headers included.
 * Answers from a cache are reported with a negative body size and are not counted, nor are the service
 * worker's, as everywhere in this benchmark.
 */
function countWorkerScripts(page: Page, add: (bytes: number) => void): { stop(): Promise<void> } {
  const pending: Promise<void>[] = [];
  const onFinished = (request: Request) => {
    pending.push(
      (async () => {
        const [sizes, response] = await Promise.all([request.sizes(), request.response()]);
        if (!response || response.fromServiceWorker() || request.serviceWorker()) return;
        const length = Number((await response.headerValue('content-length')) ?? 0);
        if (sizes.responseBodySize === 0 && length > 0) add(length + sizes.responseHeadersSize);
      })(),
    );
  };
  page.on('requestfinished', onFinished);
  return {
    async stop() {
      page.off('requestfinished', onFinished);
      await Promise.all(pending);
    },
  };
}

/** Lighthouse through the same Chromium (its remote-debugging port), mobile defaults, performance only. */
async function lighthouseFigures(): Promise<void> {
  const result = await lighthouse(`http://127.0.0.1:${PORT}/`, {
    port: LIGHTHOUSE_PORT,
    onlyCategories: ['performance'],
    logLevel: 'error',
    output: 'json',
  });
  if (!result) throw new Error('Lighthouse gave no result');
  const { categories, audits } = result.lhr;
  writeFileSync(REPORT, result.report as string);
  const figure = (id: string) => audits[id]?.displayValue ?? 'n/a';
  console.log(
    `Lighthouse ${result.lhr.lighthouseVersion}, mobile, performance score ${Math.round((categories['performance']?.score ?? 0) * 100)} | first contentful paint ${figure('first-contentful-paint')} | largest contentful paint ${figure('largest-contentful-paint')} | speed index ${figure('speed-index')} | total blocking time ${figure('total-blocking-time')} | layout shift ${figure('cumulative-layout-shift')}`,
  );
  console.log(`  the whole Lighthouse report: ${REPORT}`);
}
