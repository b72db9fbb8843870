/**
 * npm run bench:pan [-- --runs 3]
 * A visitor on a slow link (1.6 Mbps, 150 ms a request: bench/slowLink.ts) pans the densest type at street zoom (15), east and back
 * five times, with the keyboard (exact steps, so every loop covers the same ground). Prints, for the map read by
 * tile and for the map read by LazyLoad boxes (the same build, its tile index refused so it falls back, as it
 * does against the gateway), the map-data requests and their bytes on the wire from the first view on, and the
 * time the map's data machine spent loading after the moves: runs alternate in one process over one server.
 */
import { parseArgs } from 'node:util';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser } from '../tools/browser/launch';
import { prepareVisitorBench, serveClient, VISITOR_CLIENT, VISITOR_DB } from './browserBench';
import { slowLink } from './slowLink';
import { ms, percentile } from './stats';

const { values } = parseArgs({ options: { runs: { type: 'string', default: '3' } } });
const PORT = 18190;
const LINK_PORT = 18191;
/** The page is served through the slow link: its workers' requests too. */
const BASE = `http://127.0.0.1:${LINK_PORT}`;
const START = '/Academy?lat=35.70&lng=51.40&z=15';
const LOOPS = 5;
const STEPS = 5;

const isMapData = (url: string) => /\/api\/(tiles\/|Map\/LazyLoad\/)/.test(url);

interface Trace {
  requests: number;
  bytes: number;
  waits: number[];
}

/** The map's data state, and how many views it has been asked for (its `data-bounds` changes). */
async function mapNow(page: Page): Promise<{ idle: boolean; loading: boolean; bounds: string }> {
  const map = page.getByTestId('map');
  const [state, markers, bounds] = await Promise.all(
    ['data-state', 'data-markers', 'data-bounds'].map((name) => map.getAttribute(name)),
  );
  return {
    idle: (state ?? '').includes('"idle"') && Number(markers) > 0,
    loading: (state ?? '').includes('loading'),
    bounds: bounds ?? '',
  };
}

/**
 * Presses the arrow `STEPS` times, then watches the map until the data of where it landed is drawn (idle on new
 * bounds that stay put for 300 ms). Returns the time the map's data machine spent loading meanwhile: the wait.
 */
async function move(page: Page, key: 'ArrowRight' | 'ArrowLeft'): Promise<number> {
  const before = (await mapNow(page)).bounds;
  await page.getByTestId('map').locator('canvas.maplibregl-canvas').focus();
  let loading = 0;
  let at = performance.now();
  const watch = async () => {
    const now = await mapNow(page);
    const time = performance.now();
    if (now.loading) loading += time - at;
    at = time;
    return now;
  };
  for (let i = 0; i < STEPS; i++) {
    await page.keyboard.press(key);
    await watch();
  }
  let stableSince = 0;
  let last = '';
  for (;;) {
    const now = await watch();
    if (now.idle && now.bounds !== before && now.bounds === last) {
      stableSince ||= performance.now();
      if (performance.now() - stableSince >= 300) return loading;
    } else stableSince = 0;
    last = now.bounds;
    await page.waitForTimeout(20);
  }
}

async function trace(browser: Browser, tiles: boolean): Promise<Trace> {
  // Less motion, as some visitors ask: moves land at once, so the wait measured is the data's, not an animation's.
  const context = await browser.newContext({
    viewport: { width: 1280, height: 800 },
    locale: 'fa-IR',
    reducedMotion: 'reduce',
  });
  const page = await context.newPage();
  // Without tiles: the index is refused as the gateway would, and the client reads LazyLoad boxes.
  if (!tiles)
    await page.route('**/api/tiles/*', (route) =>
      route.fulfill({ status: 404, contentType: 'application/json', body: '{"error":"not_found","message":""}' }),
    );
  const result: Trace = { requests: 0, bytes: 0, waits: [] };
  const sizes: Promise<number>[] = [];
  page.on('requestfinished', (request) => {
    if (!isMapData(request.url())) return;
    result.requests++;
    sizes.push(request.sizes().then((s) => s.responseBodySize + s.responseHeadersSize));
  });
  await page.goto(BASE + START);
  while (!(await mapNow(page)).idle) await page.waitForTimeout(100);
  for (let loop = 0; loop < LOOPS; loop++) {
    result.waits.push(await move(page, 'ArrowRight'));
    result.waits.push(await move(page, 'ArrowLeft'));
  }
  result.bytes = (await Promise.all(sizes)).reduce((a, b) => a + b, 0);
  await context.close();
  return result;
}

prepareVisitorBench();
const server = await serveClient(VISITOR_DB, PORT, VISITOR_CLIENT);
const link = await slowLink(`http://127.0.0.1:${PORT}`, LINK_PORT, { latencyMs: 150, bitsPerSecond: 1.6e6 });
const browser = await launchBrowser();
try {
  const runs = Number(values.runs);
  const byMode: Record<'tiles' | 'boxes', Trace[]> = { tiles: [], boxes: [] };
  for (let run = 0; run < runs; run++) {
    byMode.boxes.push(await trace(browser, false));
    byMode.tiles.push(await trace(browser, true));
  }
  console.log(
    `Pan trace: ${LOOPS} loops east and back (${STEPS} arrow steps each way) at zoom 15 over Academy in Tehran, 20,000 locations, 1.6 Mbps / 150 ms, ${runs} runs each (medians):`,
  );
  for (const [mode, traces] of Object.entries(byMode)) {
    const median = (pick: (t: Trace) => number) => percentile(traces.map(pick), 50);
    const waits = traces.flatMap((t) => t.waits);
    console.log(
      `  ${mode === 'tiles' ? 'by tile          ' : 'by LazyLoad box  '} ${median((t) => t.requests)} requests, ${(median((t) => t.bytes) / 1024).toFixed(1)} KiB, waiting for map data ${ms(median((t) => t.waits.reduce((a, b) => a + b, 0)))} in all (a move p50 ${ms(percentile(waits, 50))}, p90 ${ms(percentile(waits, 90))})`,
    );
  }
} finally {
  await browser.close();
  server.kill();
  link.close();
}
