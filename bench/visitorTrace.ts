/**
 * A crowd's requests, written down before they are replayed (bench/cacheTrace.ts): each visitor opens a type's
 * page (Persian or English, on a phone or a desktop), the app's files, the type list and the tile index, then
 * pans east and back five times near a place of that type and zooms in once. The tiles each view asks for are
 * chosen by the client's own rules (domain/pointTiles.ts: the level for the zoom, the tiles covering the view,
 * none already held or under a held one), so the trace asks what Makan's client would, without a browser per
 * visitor. Seeded: the same crowd every run.
 */
import { request } from 'node:http';
import { NO_FILTERS } from '../domain/filters';
import type { LocationType } from '../domain/locationTypes';
import { decodePoints, POINTS_MEDIA_TYPE } from '../domain/pointsWire';
import {
  ancestorAt,
  tileIndexPath,
  tileLevelFor,
  tilePath,
  tilesCovering,
  type TileKey,
  type TileLevels,
} from '../domain/pointTiles';
import type { TileIndex } from '../domain/wire/answers';
import type { ViewportBounds } from '../domain/wire/requests';
import { degreesAcross } from '../domain/zoom';

/** What a visitor asks at once (a browser's parallel requests), then waits for before its next step. */
export type Step = string[];

export interface Visitor {
  /** The language the visitor's page is read in (the remembered choice's cookie). */
  language: 'fa' | 'en';
  steps: Step[];
}

const SCREENS = [
  { name: 'phone', width: 375, height: 667, share: 0.6 },
  { name: 'desktop', width: 1280, height: 800, share: 0.4 },
];
const LOOPS = 5;

/** A small seeded generator (mulberry32): the same crowd every run. */
export function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function view(lat: number, lon: number, zoom: number, width: number, height: number): ViewportBounds {
  const across = degreesAcross(width, zoom);
  const tall = degreesAcross(height, zoom) * Math.cos((lat * Math.PI) / 180);
  return { MinLat: lat - tall / 2, MinLon: lon - across / 2, MaxLat: lat + tall / 2, MaxLon: lon + across / 2 };
}

/** One GET's body as text, or the compact points of a POST: what the recording reads from the servers. */
function fetchText(url: string, init: { method?: string; body?: string; headers?: Record<string, string> } = {}) {
  return new Promise<{ status: number; body: Buffer; headers: Record<string, unknown> }>((done, fail) => {
    const req = request(url, { method: init.method ?? 'GET', headers: init.headers ?? {} }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => done({ status: res.statusCode ?? 0, body: Buffer.concat(chunks), headers: res.headers }));
    });
    req.on('error', fail);
    req.end(init.body);
  });
}

/** Where a type's places are: its points across the country, the compact form. */
async function placesOf(base: string, typeId: string): Promise<Array<[number, number]>> {
  const first = await fetchText(`${base}/api/types`);
  const cookie = String((first.headers['set-cookie'] as string[] | undefined)?.[0] ?? '').split(';')[0] ?? '';
  const token = cookie.split('=')[1] ?? '';
  const answer = await fetchText(`${base}/api/Map/LazyLoad/${typeId}`, {
    method: 'POST',
    body: JSON.stringify({ MinLat: 24, MinLon: 43, MaxLat: 40, MaxLon: 64 }),
    headers: { 'content-type': 'application/json', accept: POINTS_MEDIA_TYPE, cookie, 'x-xsrf-token': token },
  });
  if (answer.status !== 200) throw new Error(`LazyLoad ${typeId}: ${answer.status}`);
  const points = decodePoints(new Uint8Array(answer.body).buffer);
  return Array.from({ length: points.count }, (_, i) => [points.positions[i * 2 + 1]!, points.positions[i * 2]!]);
}

/** The tiles a view asks for that the visitor does not hold yet (nor a tile above them). */
function newTiles(held: Set<string>, bounds: ViewportBounds, levels: TileLevels, zoom: number): TileKey[] {
  const name = (key: TileKey) => `${key.z}/${key.x}/${key.y}`;
  return tilesCovering(bounds, tileLevelFor(levels, zoom)).filter((key) => {
    for (let z = levels.min; z <= key.z; z++) if (held.has(name(ancestorAt(key, z)))) return false;
    held.add(name(key));
    return true;
  });
}

/** Records the crowd's requests against a running Makan (any of its addresses). */
export async function recordVisitors(
  base: string,
  types: readonly LocationType[],
  count: number,
  seed = 59,
): Promise<Visitor[]> {
  const random = seeded(seed);
  const shell = (await fetchText(`${base}/`)).body.toString();
  const files = [...new Set([...shell.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)].map((match) => match[1]!))];
  const viewportTypes = types.filter((type) => type.minZoom !== null && type.route !== '');
  const known = new Map<string, { index: TileIndex; places: Array<[number, number]> }>();
  for (const type of viewportTypes) {
    const index = JSON.parse(
      (await fetchText(`${base}/api/${tileIndexPath(type.typeId)}`)).body.toString(),
    ) as TileIndex;
    const places = await placesOf(base, type.typeId);
    if (places.length > 0) known.set(type.typeId, { index, places });
  }
  const visited = viewportTypes.filter((type) => known.has(type.typeId));
  const visitors: Visitor[] = [];
  for (let n = 0; n < count; n++) {
    const type = visited[Math.floor(random() * visited.length)]!;
    const { index, places } = known.get(type.typeId)!;
    const levels = { min: index.MinLevel, max: index.MaxLevel };
    const [lat, lon] = places[Math.floor(random() * places.length)]!;
    const screen = random() < SCREENS[0]!.share ? SCREENS[0]! : SCREENS[1]!;
    const zoom = Math.max(type.minZoom!, 12 + Math.floor(random() * 4));
    const steps: Step[] = [[`/${type.route}`], files, ['/api/types', `/api/${tileIndexPath(type.typeId)}`]];
    const held = new Set<string>();
    const tilesOf = (bounds: ViewportBounds, at: number) =>
      newTiles(held, bounds, levels, at).map((key) => `/api/${tilePath(type.typeId, index.Version, key, NO_FILTERS)}`);
    const home = view(lat, lon, zoom, screen.width, screen.height);
    const east = (home.MaxLon - home.MinLon) / 2;
    for (let loop = 0; loop < LOOPS; loop++) {
      steps.push(tilesOf(home, zoom));
      steps.push(tilesOf({ ...home, MinLon: home.MinLon + east, MaxLon: home.MaxLon + east }, zoom));
    }
    steps.push(tilesOf(view(lat, lon, zoom + 1, screen.width, screen.height), zoom + 1));
    visitors.push({ language: random() < 0.8 ? 'fa' : 'en', steps: steps.filter((step) => step.length > 0) });
  }
  return visitors;
}
