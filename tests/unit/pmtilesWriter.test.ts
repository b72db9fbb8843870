/**
 * The tests' PMTiles writer and basemap fixture, read back through the `pmtiles` library the map itself
 * uses: the header describes what was written, and a tile fetched by z/x/y decodes to the fixture's lake,
 * highway and towns in Protomaps' layer names.
 */
import { VectorTile } from '@mapbox/vector-tile';
import { PbfReader } from 'pbf';
import { PMTiles, TileType } from 'pmtiles';
import { describe, expect, it } from 'vitest';
import { basemapFixture, LAKE } from '../support/basemapFixture';
import { BufferSource } from '../support/bufferSource';

/** The tile at zoom z holding a longitude and latitude. */
function tileOf(z: number, lon: number, lat: number): [number, number, number] {
  const n = 2 ** z;
  const r = (lat * Math.PI) / 180;
  return [
    z,
    Math.floor(((lon + 180) / 360) * n),
    Math.floor(((1 - Math.log(Math.tan(r) + 1 / Math.cos(r)) / Math.PI) / 2) * n),
  ];
}

describe('a PMTiles archive written by the tests', () => {
  const archive = new PMTiles(new BufferSource(basemapFixture()));

  it('has a version 3 header with vector tiles from zoom 0 to 7 over Iran', async () => {
    const header = await archive.getHeader();
    expect(header.specVersion).toBe(3);
    expect(header.tileType).toBe(TileType.Mvt);
    expect([header.minZoom, header.maxZoom]).toEqual([0, 7]);
    expect(header.minLon).toBeCloseTo(43.5, 5);
    expect(header.maxLat).toBeCloseTo(40, 5);
    expect(
      ((await archive.getMetadata()) as { vector_layers: { id: string }[] }).vector_layers.map((l) => l.id),
    ).toEqual(['earth', 'water', 'roads', 'places']);
  });

  it('gives, by z/x/y, the tile holding the lake, the highway and the towns around Tehran', async () => {
    const lakeMiddle = [(LAKE.west + LAKE.east) / 2, (LAKE.south + LAKE.north) / 2] as const;
    const [z, x, y] = tileOf(7, ...lakeMiddle);
    const found = await archive.getZxy(z, x, y);
    expect(found).toBeDefined();
    const tile = new VectorTile(new PbfReader(new Uint8Array(found!.data)));
    expect(Object.keys(tile.layers).sort()).toEqual(['earth', 'places', 'roads', 'water']);
    expect(tile.layers['water']!.feature(0).properties['kind']).toBe('lake');
    expect(tile.layers['roads']!.feature(0).properties['kind']).toBe('highway');
    const towns = Array.from({ length: tile.layers['places']!.length }, (_, i) =>
      String(tile.layers['places']!.feature(i).properties['name:fa']),
    );
    expect(towns).toContain('تهران');
    // Out at sea, far from Iran, there is no tile.
    expect(await archive.getZxy(...tileOf(7, 0, 0))).toBeUndefined();
  });
});
