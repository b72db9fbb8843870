/**
 * npm run bench:densest [-- --points 5000000]
 * The densest view at the spec's zoom 10 (1280 x 800 px) of any type whose markers show at zoom 10, found over
 * the seeded database: how many locations it holds, what the gateway's JSON gives (cut at its cap) and what
 * Makan's compact form gives, then Chromium opening that view: every location in it drawn, and how long
 * that takes from a cold server (the type's in-memory points built on the first request).
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { LAZYLOAD_ROW_CAP, TRUNCATED_HEADER } from '../domain/gateway';
import type { ViewportBounds } from '../domain/wire/requests';
import { LOCATION_TYPES, showsMarkersAt, type LocationType } from '../domain/locationTypes';
import { decodePoints, POINTS_MEDIA_TYPE } from '../domain/pointsWire';
import { degreesAcross } from '../domain/zoom';
import { openDatabase } from '../server/store/sqlite/openDatabase';
import { launchBrowser } from '../tools/browser/launch';
import { buildClient, serveClient } from './browserBench';
import { ms } from './stats';

/** The little of the DOM the page-side function touches. */
interface PageGlobals {
  document: { querySelector(selector: string): { dataset: Record<string, string | undefined> } | null };
}

const { values } = parseArgs({ options: { points: { type: 'string', default: '5000000' } } });
const DB = `bench/.data/makan-${values.points}.db`;
const CLIENT = resolve('bench/.data/client');
const PORT = 18_194;
const ZOOM = 10;
const VIEW = { width: 1280, height: 800 };
const XSRF = 'bench-token';

if (!existsSync(DB)) throw new Error(`${DB} is missing: npm run bench -- --points ${values.points} seeds it`);

interface Densest {
  type: LocationType;
  centre: { lat: number; lon: number };
  bounds: ViewportBounds;
  count: number;
}

/** The view's box around a centre: Web Mercator, so its height in degrees shrinks with cos(latitude). */
function boxAround(lat: number, lon: number): ViewportBounds {
  const width = degreesAcross(VIEW.width, ZOOM);
  const height = width * (VIEW.height / VIEW.width) * Math.cos((lat * Math.PI) / 180);
  return { MinLat: lat - height / 2, MaxLat: lat + height / 2, MinLon: lon - width / 2, MaxLon: lon + width / 2 };
}

/**
 * Every point of the type on a grid of quarter-view cells; the densest 4 x 4 window of cells is the view,
 * then counted exactly around that window's centre.
 */
function densestOf(type: LocationType, rows: Float64Array): Densest {
  const cellLon = degreesAcross(VIEW.width, ZOOM) / 4;
  const cellLat = (cellLon * VIEW.height) / VIEW.width; // at about 35° N the cos() factor is 0.82: close enough for a search
  // Iran lies within 20-45° N, 40-70° E: a cell's key is its row times COLUMNS plus its column.
  const COLUMNS = 100_000;
  const cells = new Map<number, number>();
  for (let i = 0; i < rows.length; i += 2) {
    const key = Math.floor(rows[i]! / cellLat) * COLUMNS + Math.floor(rows[i + 1]! / cellLon);
    cells.set(key, (cells.get(key) ?? 0) + 1);
  }
  let best = { count: -1, lat: 0, lon: 0 };
  for (const key of cells.keys()) {
    const y = Math.floor(key / COLUMNS);
    const x = key - y * COLUMNS;
    let count = 0;
    for (let dy = 0; dy < 4; dy++) for (let dx = 0; dx < 4; dx++) count += cells.get((y + dy) * COLUMNS + x + dx) ?? 0;
    if (count > best.count) best = { count, lat: (y + 2) * cellLat, lon: (x + 2) * cellLon };
  }
  const bounds = boxAround(best.lat, best.lon);
  let count = 0;
  for (let i = 0; i < rows.length; i += 2) {
    if (
      rows[i]! >= bounds.MinLat &&
      rows[i]! <= bounds.MaxLat &&
      rows[i + 1]! >= bounds.MinLon &&
      rows[i + 1]! <= bounds.MaxLon
    )
      count++;
  }
  return { type, centre: { lat: best.lat, lon: best.lon }, bounds, count };
}

function findDensest(): Densest {
  const { db } = openDatabase(DB, { readonly: true });
  const positions = db
    .prepare('SELECT l.lat, l.lon FROM location l JOIN location_type t ON t.id = l.type_id WHERE t.guid = ?')
    .raw(true);
  let densest: Densest | null = null;
  for (const type of LOCATION_TYPES.filter(
    (t) => t.route !== '' && t.loadMode === 'viewport' && showsMarkersAt(t, ZOOM),
  )) {
    const rows = Float64Array.from((positions.all(type.typeId) as [number, number][]).flat());
    const candidate = densestOf(type, rows);
    if (!densest || candidate.count > densest.count) densest = candidate;
  }
  db.close();
  return densest!;
}

async function lazyLoad(
  base: string,
  typeId: string,
  bounds: ViewportBounds,
  compact: boolean,
): Promise<{ count: number; truncated: boolean; took: number }> {
  const started = performance.now();
  const response = await fetch(`${base}/api/Map/LazyLoad/${typeId}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      cookie: `XSRF-TOKEN=${XSRF}`,
      'x-xsrf-token': XSRF,
      ...(compact ? { accept: POINTS_MEDIA_TYPE } : {}),
    },
    body: JSON.stringify(bounds),
  });
  if (!response.ok) throw new Error(`LazyLoad: ${response.status}`);
  const count = compact
    ? decodePoints(await response.arrayBuffer()).count
    : ((await response.json()) as unknown[]).length;
  return { count, truncated: response.headers.get(TRUNCATED_HEADER) !== null, took: performance.now() - started };
}

const started = performance.now();
const densest = findDensest();
console.log(
  `Densest zoom-${ZOOM} view (${VIEW.width} x ${VIEW.height} px) at ${Number(values.points).toLocaleString('en-US')} locations: ${densest.type.route}, centred at ${densest.centre.lat.toFixed(3)}, ${densest.centre.lon.toFixed(3)}: ${densest.count.toLocaleString('en-US')} locations in it (found in ${ms(performance.now() - started)})`,
);

buildClient(CLIENT);
const server = await serveClient(DB, PORT, CLIENT);
const base = `http://127.0.0.1:${PORT}`;
const browser = await launchBrowser();
try {
  const cold = await lazyLoad(base, densest.type.typeId, densest.bounds, true);
  const compact = await lazyLoad(base, densest.type.typeId, densest.bounds, true);
  const json = await lazyLoad(base, densest.type.typeId, densest.bounds, false);
  console.log(
    `  compact form: ${compact.count.toLocaleString('en-US')} points, none cut, in ${ms(compact.took)} (the cold first request, building the type's points: ${ms(cold.took)}) | the gateway's JSON: ${json.count.toLocaleString('en-US')} rows${json.truncated ? `, cut at its ${LAZYLOAD_ROW_CAP.toLocaleString('en-US')}-row cap (${TRUNCATED_HEADER})` : ''}, in ${ms(json.took)}`,
  );
  if (compact.count !== densest.count)
    throw new Error(`the compact form gave ${compact.count} of the ${densest.count} locations in the view`);

  const context = await browser.newContext({ viewport: VIEW, locale: 'fa-IR' });
  const page = await context.newPage();
  const bodies: ViewportBounds[] = [];
  page.on(
    'request',
    (request) => request.url().includes('/Map/LazyLoad/') && bodies.push(request.postDataJSON() as ViewportBounds),
  );
  const opened = performance.now();
  await page.goto(`${base}/${densest.type.route}?lat=${densest.centre.lat}&lng=${densest.centre.lon}&z=${ZOOM}`);
  // Page-side function (the page's CSP forbids evaluating text); this script compiles without the DOM's types.
  const drawn = await page.waitForFunction(
    () => {
      const map = (globalThis as unknown as PageGlobals).document.querySelector('[data-testid="map"]');
      const markers = Number(map?.dataset['markers']);
      return map?.dataset['state']?.includes('"idle"') &&
        map.dataset['mapLoaded'] === 'true' &&
        map.dataset['layersLoaded'] === 'true' &&
        markers > 0
        ? { markers, form: map.dataset['markerForm'] }
        : null;
    },
    undefined,
    { timeout: 300_000, polling: 100 },
  );
  const { markers, form } = (await drawn.jsonValue())!;
  const tookToDraw = performance.now() - opened;
  const inAppView = await lazyLoad(base, densest.type.typeId, bodies.at(-1)!, true);
  await page.screenshot({ path: 'bench/.data/densest.png' });
  console.log(
    `  Chromium, the page opened at that view: ${markers.toLocaleString('en-US')} markers drawn as ${form}, of ${inAppView.count.toLocaleString('en-US')} locations in the app's own view box${markers === inAppView.count ? ' (every one)' : ' (SOME MISSING)'}, in ${ms(tookToDraw)} from opening the page (screenshot bench/.data/densest.png)`,
  );
  if (markers !== inAppView.count) throw new Error('the browser drew fewer markers than the view holds');
  await context.close();
} finally {
  await browser.close();
  server.kill('SIGTERM');
}
