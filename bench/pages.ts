/**
 * npm run bench:pages [-- --points N]
 * The pages the server renders, against the bare shell the app filled before them (the same build and data,
 * MAKAN_BENCH_SHELL_ONLY=1), in one run:
 * - the bytes of `/`, `/Centers` and `/Centers?lang=en` as sent (brotli), against the first round trip (14,600);
 * - on a phone over two emulated links (1.6 Mbps / 150 ms and 700 Kbps / 300 ms, empty cache, median of 5):
 *   first contentful paint, when the counts are painted (element timing of the total; before the pages there
 *   are none until the map is usable) and when the interactive map is usable;
 * - the server's cost of a page at N locations (default 1,000,000) after warm-up: a page not yet kept (its
 *   figures read from memory, as the API's) and one kept, against the API's chart data over the same figures.
 */
import { request } from 'node:http';
import type { CDPSession, Page } from 'playwright-core';
import { launchBrowser } from '../tools/browser/launch';
import { buildApp } from '../server/app';
import { parseDbSpec } from '../server/store/dbSpec';
import { openStore } from '../server/store/openStore';
import { typeByRoute } from '../domain/locationTypes';
import { prepareVisitorBench, serveClient, VISITOR_CLIENT, VISITOR_DB } from './browserBench';
import { sqliteWithData } from './data';
import { ms, percentile } from './stats';

const BEFORE_PORT = 18_193;
const AFTER_PORT = 18_194;
// Five loads: single loads on this shared machine vary by 0.3 s, and the median of three moved by 0.15 s run to run.
const RUNS = 5;
const FIRST_ROUND_TRIP = 14_600;
const PATHS = ['/', '/Centers', '/Centers?lang=en'];
const LINKS = [
  { name: '1.6 Mbps / 150 ms', latency: 150, down: 1.6e6, up: 750e3 },
  { name: '700 Kbps / 300 ms', latency: 300, down: 700e3, up: 700e3 },
];
const points = Number(process.argv[process.argv.indexOf('--points') + 1] ?? 0) || 1_000_000;

/** The body of a GET as it crossed the wire, brotli accepted. */
function sentBytes(port: number, path: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, headers: { 'accept-encoding': 'br, gzip' } }, (res) => {
      let size = 0;
      res.on('data', (chunk: Buffer) => (size += chunk.length));
      res.on('end', () => resolve(size));
    });
    req.on('error', reject);
    req.end();
  });
}

/** The little of the page these functions touch (this script compiles without the DOM's types). */
interface PageGlobals {
  document: { querySelector(selector: string): { dataset: Record<string, string | undefined> } | null };
  PerformanceObserver: new (
    callback: (list: { getEntries(): { renderTime?: number }[] }, observer: { disconnect(): void }) => void,
  ) => { observe(options: { type: string; buffered: boolean }): void };
}

interface Load {
  paint: number;
  counts: number;
  usable: number;
}

async function load(page: Page, cdp: CDPSession, url: string): Promise<Load> {
  await page.goto(url, { waitUntil: 'commit' });
  await page.waitForFunction(
    () => {
      const map = (globalThis as unknown as PageGlobals).document.querySelector('[data-testid="map"]');
      const drawn = Number(map?.dataset['clusters']) + Number(map?.dataset['markers']) > 0;
      return map?.dataset['mapLoaded'] === 'true' && drawn && map.dataset['layersLoaded'] === 'true';
    },
    undefined,
    { timeout: 180_000, polling: 100 },
  );
  void cdp;
  return page.evaluate(
    () =>
      new Promise<Load>((resolve) => {
        const usable = performance.now();
        const paint = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN;
        // The total's paint, where the server rendered it; otherwise the counts arrive with the usable map.
        new (globalThis as unknown as PageGlobals).PerformanceObserver((list, observer) => {
          observer.disconnect();
          const entry = list.getEntries()[0];
          resolve({ paint, usable, counts: entry?.renderTime || usable });
        }).observe({ type: 'element', buffered: true });
        setTimeout(() => resolve({ paint, usable, counts: usable }), 500);
      }),
  );
}

prepareVisitorBench();
process.env['MAKAN_BENCH_SHELL_ONLY'] = '1';
const before = await serveClient(VISITOR_DB, BEFORE_PORT, VISITOR_CLIENT);
delete process.env['MAKAN_BENCH_SHELL_ONLY'];
const after = await serveClient(VISITOR_DB, AFTER_PORT, VISITOR_CLIENT);
const browser = await launchBrowser();
try {
  console.log(
    `Bytes sent (brotli), 20,000 locations; the first round trip carries ${FIRST_ROUND_TRIP.toLocaleString('en-US')}:`,
  );
  for (const path of PATHS) {
    const [shell, page] = [await sentBytes(BEFORE_PORT, path), await sentBytes(AFTER_PORT, path)];
    console.log(
      `  ${path.padEnd(18)} bare shell ${shell.toLocaleString('en-US')} B | server-rendered page ${page.toLocaleString('en-US')} B (${((100 * page) / FIRST_ROUND_TRIP).toFixed(0)}% of the round trip)`,
    );
  }
  for (const link of LINKS) {
    console.log(`/Centers on a phone at ${link.name}, empty cache (median of ${RUNS}):`);
    for (const [name, port] of [
      ['bare shell (before)', BEFORE_PORT],
      ['server-rendered page', AFTER_PORT],
    ] as const) {
      const loads: Load[] = [];
      for (let run = 0; run < RUNS; run++) {
        const context = await browser.newContext({ viewport: { width: 375, height: 740 }, locale: 'fa-IR' });
        const page = await context.newPage();
        const cdp = await context.newCDPSession(page);
        await cdp.send('Network.enable');
        await cdp.send('Network.clearBrowserCache');
        await cdp.send('Network.emulateNetworkConditions', {
          offline: false,
          latency: link.latency,
          downloadThroughput: (link.down / 8) | 0,
          uploadThroughput: (link.up / 8) | 0,
        });
        loads.push(await load(page, cdp, `http://127.0.0.1:${port}/Centers`));
        await context.close();
      }
      const median = (key: keyof Load) =>
        ms(
          percentile(
            loads.map((l) => l[key]),
            50,
          ),
        );
      const usable = loads.map((l) => l.usable);
      console.log(
        `  ${name.padEnd(22)} first paint ${median('paint')} | counts painted ${median('counts')} | map usable ${median('usable')} (loads ${ms(Math.min(...usable))} to ${ms(Math.max(...usable))})`,
      );
    }
  }
} finally {
  await browser.close();
  before.kill('SIGTERM');
  after.kill('SIGTERM');
}

// The server's own cost, in process (no network): a page rendered, a page kept, and the API over the same figures.
const db = await sqliteWithData(points);
const { store } = await openStore(parseDbSpec(db, 'the benchmark database'), {
  readonly: true,
  deferPageCheckAbove: 0,
});
const app = await buildApp({ store, rateLimit: 1e9, clientDir: VISITOR_CLIENT, tileOrigin: null });
const centers = typeByRoute('Centers')!;
const timeOf = async (url: string) => {
  const start = process.hrtime.bigint();
  const answer = await app.inject({ url, headers: { 'accept-encoding': 'br' } });
  if (answer.statusCode !== 200) throw new Error(`${url}: ${answer.statusCode}`);
  return Number(process.hrtime.bigint() - start) / 1e6;
};
const SAMPLES = 200;
await timeOf('/Centers');
await timeOf(`/api/TVTOBase/OrglocationChartData/${centers.typeId}`);
const rendered: number[] = [];
const kept: number[] = [];
const api: number[] = [];
for (let i = 0; i < SAMPLES; i++) {
  // An address not seen before (a parameter the page ignores): rendered, not taken from those kept.
  rendered.push(await timeOf(`/Centers?n=${i}`));
  kept.push(await timeOf('/Centers'));
  api.push(await timeOf(`/api/TVTOBase/OrglocationChartData/${centers.typeId}`));
}
const p50 = (values: number[]) => ms(percentile(values, 50));
console.log(
  `Server cost of /Centers at ${points.toLocaleString('en-US')} locations after warm-up (p50 of ${SAMPLES}, in process): rendered ${p50(rendered)} | kept ${p50(kept)} | the API's chart data of the same figures ${p50(api)}`,
);
await app.close();
