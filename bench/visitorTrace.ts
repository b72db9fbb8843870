/**
 * A crowd's requests, written down before they are replayed (bench/cacheTrace.ts): each visitor opens a type's
 * page (Persian or English, on a phone or a desktop), the app's files, the type list and the tile index, then
 * pans east and back five times near a place of that type and zooms in once. The tiles each view asks for are
 * chosen by the client's own rules (domain/pointTiles.ts: the level for the zoom, the tiles covering the view,
 * none already held or under a held one), so the trace asks what Makan's client would, without a browser per
 * visitor. Seeded: the same crowd every run.
 */
import { send } from './send';
import { NO_FILTERS } from '../domain/filters';
import type { Language } from '../domain/language';
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
import { createRng } from '../server/seed/rng';
import { JSON_HEADERS } from './harness';

/** What a visitor asks at once (a browser's parallel requests), then waits for before its next step. */
export type Step = string[];

export interface Visitor {
  /** The language the visitor's page is read in (the remembered choice's cookie). */
  language: Language;
  steps: Step[];
}

const SCREENS = [
  { name: 'phone', width: 375, height: 667, share: 0.6 },
  { name: 'desktop', width: 1280, height: 800, share: 0.4 },
];
const LOOPS = 5;

function view(lat: number, lon: number, zoom: number, width: number, height: number): ViewportBounds {
  const across = degreesAcross(width, zoom);
  const tall = degreesAcross(height, zoom) * Math.cos((lat * Math.PI) / 180);
  return { MinLat: lat - tall / 2, MinLon: lon - across / 2, MaxLat: lat + tall / 2, MaxLon: lon + across / 2 };
}

/** Where a type's places are: its points across the country, the compact form. */
async function placesOf(base: string, typeId: string): Promise<Array<[number, number]>> {
  const answer = await send(`${base}/api/Map/LazyLoad/${typeId}`, {
    method: 'POST',
    body: JSON.stringify({ MinLat: 24, MinLon: 43, MaxLat: 40, MaxLon: 64 }),
    headers: { ...JSON_HEADERS, accept: POINTS_MEDIA_TYPE },
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
  const random = createRng(seed).next;
  const shell = (await send(`${base}/`)).body.toString();
  const files = [...new Set([...shell.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)].map((match) => match[1]!))];
  const viewportTypes = types.filter((type) => type.minZoom !== null && type.route !== '');
  const known = new Map<string, { index: TileIndex; places: Array<[number, number]> }>();
  for (const type of viewportTypes) {
    const index = JSON.parse((await send(`${base}/api/${tileIndexPath(type.typeId)}`)).body.toString()) as TileIndex;
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
