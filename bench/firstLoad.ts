/**
 * npm run bench:first-load
 * A visitor's first load of `/` on a slow mobile link (1.6 Mbps down, 750 kbps up, 150 ms latency, cache
 * off), emulated in Chromium through CDP: first contentful paint, the time until the map is usable (style
 * loaded and its first markers or bubbles drawn), and the bytes transferred. Three runs; the median is printed.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { openDatabase } from '../server/store/sqlite/openDatabase';
import { launchBrowser } from '../tools/browser/launch';
import { buildClient, serveClient } from './browserBench';
import { ms, percentile } from './stats';

/** The little of the DOM the page-side functions touch. */
interface PageGlobals {
  document: { querySelector(selector: string): { dataset: Record<string, string | undefined> } | null };
}

const CLIENT = resolve('bench/.data/client');
const DB = 'bench/.data/makan-20000.db';
const PORT = 18_191;
const RUNS = 3;
const LINK = { offline: false, latency: 150, downloadThroughput: (1.6e6 / 8) | 0, uploadThroughput: (750e3 / 8) | 0 };

buildClient(CLIENT);
if (!existsSync(DB)) spawnSync(process.execPath, ['--import', 'tsx', 'server/scripts/seed.ts', '--points', '20000', '--db', DB], { stdio: 'inherit' });
// A database made by an older Makan is brought to the current schema once (the server opens it read-only).
openDatabase(DB).db.close();

const server = await serveClient(DB, PORT, CLIENT);

const browser = await launchBrowser();
try {
  const runs: { paint: number; usable: number; bytes: number }[] = [];
  for (let run = 0; run < RUNS; run++) {
    const context = await browser.newContext({ viewport: { width: 375, height: 740 }, locale: 'fa-IR' });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    await cdp.send('Network.emulateNetworkConditions', LINK);
    let bytes = 0;
    cdp.on('Network.loadingFinished', (event: { encodedDataLength: number }) => (bytes += event.encodedDataLength));
    await page.goto(`http://127.0.0.1:${PORT}/`, { waitUntil: 'commit' });
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
    runs.push({ ...timing, bytes });
    await context.close();
  }
  const median = (values: number[]) => percentile(values, 50);
  console.log(
    `First load of / at 1.6 Mbps / 150 ms, empty cache, 375 px wide (median of ${RUNS}): first contentful paint ${ms(median(runs.map((r) => r.paint)))} | map usable ${ms(median(runs.map((r) => r.usable)))} | ${(median(runs.map((r) => r.bytes)) / 1024).toFixed(0)} KiB transferred`,
  );
} finally {
  await browser.close();
  server.kill('SIGTERM');
}
