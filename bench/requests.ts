/**
 * The requests the server benchmarks make, over seeded data: viewports at a spec zoom (256-px tiles, as
 * every zoom in the project), LazyLoad, clusters, chart data, search and nearest.
 */
import autocannon from 'autocannon';
import { typeByRoute } from '../domain/locationTypes';
import { POINTS_MEDIA_TYPE } from '../domain/pointsWire';
import { PROVINCES } from '../domain/provinces';
import { degreesAcross } from '../domain/zoom';
import { createRng } from '../server/seed/rng';
import { NAME_STEMS } from '../server/seed/vocabulary';
import { JSON_HEADERS, type RequestBuilder } from './harness';

/** The type every server figure is measured on (a third of the seeded locations). */
export const ACADEMY = typeByRoute('Academy')!.typeId;
export const LAZY_LOAD_PATH = `/api/Map/LazyLoad/${ACADEMY}`;

/** A 1280x800 viewport, centred near dense cities. */
const VIEWPORT = { width: 1280, height: 800 };
const CITIES: [number, number][] = [
  [35.69, 51.39],
  [36.3, 59.6],
  [32.65, 51.67],
  [29.61, 52.53],
  [38.08, 46.29],
  [34.64, 50.88],
  [31.32, 48.67],
];

export type Rng = ReturnType<typeof createRng>;

/** The box a 1280x800 viewport sees at spec zoom `specZoom`, near a random dense city. */
export function viewportBox(specZoom: number, rng: Rng) {
  const [lat, lon] = rng.pick(CITIES);
  const width = degreesAcross(VIEWPORT.width, specZoom);
  const height = width * (VIEWPORT.height / VIEWPORT.width) * Math.cos((lat * Math.PI) / 180);
  const cLat = lat + (rng.next() - 0.5) * height * 0.5;
  const cLon = lon + (rng.next() - 0.5) * width * 0.5;
  return { MinLat: cLat - height / 2, MinLon: cLon - width / 2, MaxLat: cLat + height / 2, MaxLon: cLon + width / 2 };
}

/** LazyLoad of viewports at a spec zoom, as JSON or (compact) Makan's binary form, in an encoding. */
/** `query`: added to the path (filters); the boxes are the same with or without it. */
export function lazyLoad(specZoom: number, compact = false, encoding = 'identity', query = ''): RequestBuilder {
  const rng = createRng(specZoom);
  const asking = { ...JSON_HEADERS, 'accept-encoding': encoding, ...(compact ? { accept: POINTS_MEDIA_TYPE } : {}) };
  return () => ({
    path: LAZY_LOAD_PATH + query,
    init: { method: 'POST', headers: asking, body: JSON.stringify(viewportBox(specZoom, rng)) },
  });
}

export function clusterRequest(specZoom: number): RequestBuilder {
  const rng = createRng(100 + specZoom);
  return () => {
    const b = viewportBox(specZoom, rng);
    return {
      path: `/api/TVTOBase/OrglocationMap/${ACADEMY}?zoom=${specZoom}&minLat=${b.MinLat}&minLon=${b.MinLon}&maxLat=${b.MaxLat}&maxLon=${b.MaxLon}`,
    };
  };
}

export function chartData(): RequestBuilder {
  return () => ({
    path: `/api/TVTOBase/OrglocationChartData/${ACADEMY}`,
    init: { headers: { 'accept-encoding': 'identity' } },
  });
}

/** Requests per second of LazyLoad JSON at a spec zoom: 16 connections for `seconds`; any non-2xx answer fails it. */
export async function load(base: string, specZoom: number, seconds = 8): Promise<number> {
  const rng = createRng(7);
  const bodies = Array.from({ length: 200 }, () => JSON.stringify(viewportBox(specZoom, rng)));
  const result = await autocannon({
    url: base,
    connections: 16,
    duration: seconds,
    requests: bodies.map((body) => ({ method: 'POST', path: LAZY_LOAD_PATH, headers: JSON_HEADERS, body })),
  });
  if (result.non2xx > 0) throw new Error(`${result.non2xx} non-2xx answers under load`);
  return result.requests.average;
}

/** What visitors type: name stems, province names, a type's whole prefix, a name with a number. */
export const SEARCH_QUERIES = [
  ...NAME_STEMS.slice(0, 8),
  ...PROVINCES.slice(0, 8).map((p) => p.name_fa),
  'آموزشگاه آزاد',
  'کارگاه ۱۲',
  'هنر',
];
/** Two letters: below a trigram, so a scan on every store. */
export const SHORT_QUERIES = ['نو', 'شه', 'مر', 'آز', 'سی'];
export const searchRequest =
  (queries: readonly string[]): RequestBuilder =>
  (i) => ({
    path: `/api/search?q=${encodeURIComponent(queries[i % queries.length]!)}`,
  });

/** Random points in Iran's box. */
export function randomPoints(count: number): [number, number][] {
  const rng = createRng(99);
  return Array.from({ length: count }, () => [25 + rng.next() * 14, 45 + rng.next() * 17]);
}
export const nearestRequest =
  (points: [number, number][]): RequestBuilder =>
  (i) => ({
    path: `/api/nearest/${ACADEMY}?lat=${points[i]![0]}&lon=${points[i]![1]}`,
  });
