/**
 * A viewport type's points read by tile: fixed addresses that name the dataset version, so the browser, the
 * offline copy and any HTTP cache in front may keep an answer for ever, and a pan back over ground already seen
 * asks nothing. Tiles are the usual Web Mercator squares of 256-px tiles (the spec's zoom, domain/zoom.ts);
 * `x` grows east, `y` grows south.
 *
 * The level of a view's tiles follows its zoom: one level above the view's (a tile is about twice the view's
 * scale, so a desktop view spans at most 4 by 3 tiles), never above the type's own marker zoom less one and
 * never below TILE_DEEPEST_LEVEL (a street's tiles would be many and tiny). A tile already held at a higher
 * level holds every point of the tiles under it, so a client zooming in asks for nothing new.
 */
import type { Filters } from './filters';
import { filterSuffix } from './callPaths';
import type { ViewportBounds } from './wire/requests';
import type { PointSet } from './pointsWire';

/** The deepest tile level: a tile then spans about 2.4 km, a few streets at the spec's zoom 15 and above. */
export const TILE_DEEPEST_LEVEL = 14;
/**
 * A view asking for more tiles than this is read in one box instead (LazyLoad): a desktop view asks at most 12,
 * a 4K screen's about 60; only a box far larger than any screen at the type's zoom asks more.
 */
export const TILES_PER_VIEW_MAX = 64;
/** Web Mercator's edge: a box beyond it is read as reaching it. */
const MAX_LATITUDE = 85.051_128_78;

export interface TileLevels {
  /** The highest level a view asks for: one above the type's own marker zoom. */
  min: number;
  max: number;
}

export interface TileKey {
  z: number;
  x: number;
  y: number;
}

/** The levels a type with this minimum marker zoom is served at. */
export function tileLevelsOf(minZoom: number): TileLevels {
  const min = Math.max(0, Math.min(TILE_DEEPEST_LEVEL, minZoom - 1));
  return { min, max: TILE_DEEPEST_LEVEL };
}

/** The level a view at this spec zoom reads its tiles at. */
export function tileLevelFor(levels: TileLevels, specZoom: number): number {
  return Math.max(levels.min, Math.min(levels.max, Math.floor(specZoom) - 1));
}

const clampLat = (lat: number) => Math.max(-MAX_LATITUDE, Math.min(MAX_LATITUDE, lat));

function tileX(lon: number, z: number): number {
  const n = 2 ** z;
  return Math.max(0, Math.min(n - 1, Math.floor(((lon + 180) / 360) * n)));
}

function tileY(lat: number, z: number): number {
  const n = 2 ** z;
  const rad = (clampLat(lat) * Math.PI) / 180;
  const y = Math.floor(((1 - Math.log(Math.tan(rad) + 1 / Math.cos(rad)) / Math.PI) / 2) * n);
  return Math.max(0, Math.min(n - 1, y));
}

const latOfRow = (y: number, z: number) => (Math.atan(Math.sinh(Math.PI * (1 - (2 * y) / 2 ** z))) * 180) / Math.PI;

/** The box a tile covers, edges included (a point on an edge is in both tiles; a reader keeps it once). */
export function tileBox({ z, x, y }: TileKey): ViewportBounds {
  const n = 2 ** z;
  return {
    MinLon: (x / n) * 360 - 180,
    MaxLon: ((x + 1) / n) * 360 - 180,
    MinLat: y + 1 >= n ? -90 : latOfRow(y + 1, z),
    MaxLat: y <= 0 ? 90 : latOfRow(y, z),
  };
}

/** How many tiles at level `z` a box touches (counted, not listed: a country's box at street level is a million). */
export function tileCountCovering(bounds: ViewportBounds, z: number): number {
  const across = tileX(bounds.MaxLon, z) - tileX(bounds.MinLon, z) + 1;
  const down = tileY(bounds.MinLat, z) - tileY(bounds.MaxLat, z) + 1;
  return Math.max(0, across) * Math.max(0, down);
}

/** The tiles at level `z` that a box touches, west to east and north to south. */
export function tilesCovering(bounds: ViewportBounds, z: number): TileKey[] {
  const west = tileX(bounds.MinLon, z);
  const east = tileX(bounds.MaxLon, z);
  const north = tileY(bounds.MaxLat, z);
  const south = tileY(bounds.MinLat, z);
  const tiles: TileKey[] = [];
  for (let y = north; y <= south; y++) for (let x = west; x <= east; x++) tiles.push({ z, x, y });
  return tiles;
}

/** The tile at level `z` (at or above `tile`'s) that holds `tile`. */
export function ancestorAt(tile: TileKey, z: number): TileKey {
  const shift = tile.z - z;
  return { z, x: tile.x >> shift, y: tile.y >> shift };
}

export const tileName = ({ z, x, y }: TileKey): string => `${z}/${x}/${y}`;

/** Whether a tile exists at that level and the type serves that level. */
export function isServedTile(levels: TileLevels, { z, x, y }: TileKey): boolean {
  const n = 2 ** z;
  return z >= levels.min && z <= levels.max && x >= 0 && x < n && y >= 0 && y < n;
}

/** The address of a type's tile index: its dataset version and levels (revalidated, never kept for ever). */
export const tileIndexPath = (typeId: string): string => `tiles/${encodeURIComponent(typeId)}`;

/** The address of one tile of a type's points at one dataset version, under its filters: the same for ever. */
export const tilePath = (typeId: string, version: number, tile: TileKey, filters: Filters): string =>
  `tiles/${encodeURIComponent(typeId)}/${version}/${tileName(tile)}${filterSuffix(filters)}`;

/**
 * The points of these tiles (of one type and version) inside `bounds`, edges included, each once, by ascending
 * id: what LazyLoad answers for the same box. Positions are the tiles' float32 ones, so a point within a few
 * millionths of a degree of an edge may fall the other way than the server's float64 test (under half a metre).
 */
export function pointsInBounds(tiles: readonly PointSet[], bounds: ViewportBounds, version: number): PointSet {
  const kept = new Map<number, number>();
  const sources: { positions: Float32Array; at: number }[] = [];
  for (const tile of tiles) {
    const { positions, ids } = tile;
    for (let i = 0; i < tile.count; i++) {
      const lon = positions[i * 2]!;
      const lat = positions[i * 2 + 1]!;
      if (lon < bounds.MinLon || lon > bounds.MaxLon || lat < bounds.MinLat || lat > bounds.MaxLat) continue;
      if (kept.has(ids[i]!)) continue;
      kept.set(ids[i]!, sources.length);
      sources.push({ positions, at: i });
    }
  }
  const order = [...kept.keys()].sort((a, b) => a - b);
  const positions = new Float32Array(order.length * 2);
  const ids = Uint32Array.from(order);
  order.forEach((id, i) => {
    const source = sources[kept.get(id)!]!;
    positions[i * 2] = source.positions[source.at * 2]!;
    positions[i * 2 + 1] = source.positions[source.at * 2 + 1]!;
  });
  return { count: order.length, positions, ids, version, labels: null, truncated: false };
}
