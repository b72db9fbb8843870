/** The tile rules both sides share (domain/pointTiles.ts), and the page's held tiles (src/api/heldTiles.ts). */
import { describe, expect, it } from 'vitest';
import {
  ancestorAt,
  isServedTile,
  pointsInBounds,
  tileBox,
  tileCountCovering,
  tileLevelFor,
  tileLevelsOf,
  tilePath,
  tilesCovering,
  TILE_DEEPEST_LEVEL,
} from '../../domain/pointTiles';
import { NO_FILTERS } from '../../domain/filters';
import type { PointSet } from '../../domain/pointsWire';
import { HeldTiles } from '../../src/api/heldTiles';

const points = (list: [id: number, lon: number, lat: number][]): PointSet => ({
  count: list.length,
  positions: Float32Array.from(list.flatMap(([, lon, lat]) => [lon, lat])),
  ids: Uint32Array.from(list.map(([id]) => id)),
  version: 3,
  labels: null,
  truncated: false,
});

describe('tile levels', () => {
  it('reads a view one level above its zoom, within the type’s levels', () => {
    const levels = tileLevelsOf(10);
    expect(levels).toEqual({ min: 9, max: TILE_DEEPEST_LEVEL });
    expect(tileLevelFor(levels, 10)).toBe(9);
    expect(tileLevelFor(levels, 12.7)).toBe(11);
    expect(tileLevelFor(levels, 6)).toBe(9);
    expect(tileLevelFor(levels, 18)).toBe(TILE_DEEPEST_LEVEL);
    // A type shown only at street zoom is read at the deepest level.
    expect(tileLevelsOf(15)).toEqual({ min: 14, max: 14 });
  });

  it('serves only the type’s levels and the tiles that exist there', () => {
    const levels = tileLevelsOf(10);
    expect(isServedTile(levels, { z: 9, x: 0, y: 511 })).toBe(true);
    expect(isServedTile(levels, { z: 9, x: 512, y: 0 })).toBe(false);
    expect(isServedTile(levels, { z: 8, x: 0, y: 0 })).toBe(false);
    expect(isServedTile(levels, { z: 15, x: 0, y: 0 })).toBe(false);
  });
});

describe('tiles of a box', () => {
  it('covers the box with the usual Web Mercator tiles, each tile’s box holding the point it was found for', () => {
    const bounds = { MinLat: 35.5, MinLon: 51.2, MaxLat: 35.9, MaxLon: 51.7 };
    const tiles = tilesCovering(bounds, 10);
    expect(tiles.length).toBe(tileCountCovering(bounds, 10));
    // Tehran at zoom 10 is tile 658/403 (the OpenStreetMap numbering).
    expect(tiles).toContainEqual({ z: 10, x: 658, y: 403 });
    const box = tileBox({ z: 10, x: 658, y: 403 });
    expect(box.MinLon).toBeLessThan(51.4);
    expect(box.MaxLon).toBeGreaterThan(51.4);
    expect(box.MinLat).toBeLessThan(35.7);
    expect(box.MaxLat).toBeGreaterThan(35.7);
    // Together they cover the box.
    const west = Math.min(...tiles.map((t) => tileBox(t).MinLon));
    const north = Math.max(...tiles.map((t) => tileBox(t).MaxLat));
    expect(west).toBeLessThanOrEqual(bounds.MinLon);
    expect(north).toBeGreaterThanOrEqual(bounds.MaxLat);
  });

  it('counts a country at street level without listing it', () => {
    const iran = { MinLat: 24, MinLon: 43, MaxLat: 40.5, MaxLon: 64 };
    expect(tileCountCovering(iran, 14)).toBeGreaterThan(500_000);
  });

  it('finds the tile above that holds a tile', () => {
    expect(ancestorAt({ z: 12, x: 2633, y: 1615 }, 10)).toEqual({ z: 10, x: 658, y: 403 });
  });

  it('names the version and the filters in the address', () => {
    expect(tilePath('T', 7, { z: 9, x: 328, y: 201 }, { ...NO_FILTERS, gender: ['زنانه'] })).toBe(
      `tiles/T/7/9/328/201?gender=${encodeURIComponent('زنانه')}`,
    );
  });
});

describe('points of tiles in a box', () => {
  it('keeps those inside, edges included, each once, by ascending id', () => {
    const a = points([
      [5, 51.0, 35.0],
      [2, 51.5, 35.5],
      [9, 52.0, 36.0],
    ]);
    // Point 9 lies on the edge both tiles share: it is in both answers.
    const b = points([
      [9, 52.0, 36.0],
      [1, 52.5, 35.2],
      [7, 53.5, 35.2],
    ]);
    const merged = pointsInBounds([a, b], { MinLat: 35, MinLon: 51, MaxLat: 36, MaxLon: 53 }, 3);
    expect([...merged.ids]).toEqual([1, 2, 5, 9]);
    expect(merged.positions).toEqual(Float32Array.from([52.5, 35.2, 51.5, 35.5, 51, 35, 52, 36]));
    expect(merged.version).toBe(3);
  });
});

describe('held tiles', () => {
  it('finds a tile or one above it, and lets the least recently used go past its bytes', () => {
    const tile = points([[1, 51, 35]]); // 12 bytes
    const held = new HeldTiles(36);
    held.keep('a', tile);
    held.keep('b', tile);
    held.keep('c', tile);
    expect(held.find(['x', 'a'])).toBe(tile); // a is now the most recent
    held.keep('d', tile);
    expect(held.size).toBe(3);
    expect(held.find(['b'])).toBeNull();
    expect(held.find(['a'])).toBe(tile);
    expect(held.heldBytes).toBe(36);
  });
});
