/**
 * A small vector basemap in Protomaps' layer schema, made by the tests themselves (no download): Iran's box
 * of land (`earth`), one square lake (`water`) near Tehran, one highway (`roads`) and the gazetteer's towns
 * as localities with Persian and English names (`places`), tiled with geojson-vt to zoom 7 (the map
 * overzooms beyond), encoded as vector tiles and packed into a PMTiles archive.
 */
import { writeFileSync } from 'node:fs';
import { GeoJSONVT, type GeoJSONVTTile } from '@maplibre/geojson-vt';
import { fromGeojsonVt } from '@maplibre/vt-pbf';
import type { Feature, FeatureCollection } from 'geojson';
import gazetteer from '../../domain/data/gazetteer.json';
import { pmtilesArchive, type Tile } from './pmtilesWriter';

const IRAN = { west: 43.5, south: 24.5, east: 64, north: 40 };
/** The fixture's lake: a square south-west of Tehran, where the bundled basemap has plain land. */
export const LAKE = { west: 50.6, south: 35.1, east: 51.0, north: 35.5 };
const MAX_ZOOM = 7;

const box = (b: typeof IRAN, properties: Record<string, unknown>): Feature => ({
  type: 'Feature',
  properties,
  geometry: {
    type: 'Polygon',
    coordinates: [
      [
        [b.west, b.south],
        [b.east, b.south],
        [b.east, b.north],
        [b.west, b.north],
        [b.west, b.south],
      ],
    ],
  },
});

const collection = (features: Feature[]): FeatureCollection => ({ type: 'FeatureCollection', features });

function layers(): Record<string, FeatureCollection> {
  return {
    earth: collection([box(IRAN, { kind: 'earth' })]),
    water: collection([box(LAKE, { kind: 'lake', name: 'دریاچه آزمون', 'name:fa': 'دریاچه آزمون', script: 'Arabic' })]),
    roads: collection([
      {
        type: 'Feature',
        properties: { kind: 'highway', name: 'آزادراه آزمون' },
        geometry: {
          type: 'LineString',
          coordinates: [
            [51.39, 35.69],
            [50.88, 34.64],
          ],
        },
      },
    ]),
    places: collection(
      gazetteer.cities.map((c) => ({
        type: 'Feature',
        properties: {
          kind: 'locality',
          name: c.name,
          'name:fa': c.name,
          script: 'Arabic',
          min_zoom: 5,
          population_rank: 10,
        },
        geometry: { type: 'Point', coordinates: [c.lon, c.lat] },
      })),
    ),
  };
}

/** The tiles x or y covering a longitude or latitude range at zoom z. */
function tileRange(z: number): { xs: [number, number]; ys: [number, number] } {
  const n = 2 ** z;
  const x = (lon: number) => Math.floor(((lon + 180) / 360) * n);
  const y = (lat: number) => {
    const r = (lat * Math.PI) / 180;
    return Math.floor(((1 - Math.log(Math.tan(r) + 1 / Math.cos(r)) / Math.PI) / 2) * n);
  };
  return { xs: [x(IRAN.west), x(IRAN.east)], ys: [y(IRAN.north), y(IRAN.south)] };
}

export function basemapFixture(): Buffer {
  const indexes = Object.entries(layers()).map(
    ([name, data]) => [name, new GeoJSONVT(data, { maxZoom: MAX_ZOOM, indexMaxZoom: MAX_ZOOM })] as const,
  );
  const tiles: Tile[] = [];
  for (let z = 0; z <= MAX_ZOOM; z++) {
    const { xs, ys } = tileRange(z);
    for (let x = xs[0]; x <= xs[1]; x++)
      for (let y = ys[0]; y <= ys[1]; y++) {
        const present: Record<string, GeoJSONVTTile> = {};
        for (const [name, index] of indexes) {
          const tile = index.getTile(z, x, y);
          if (tile && tile.features.length > 0) present[name] = tile;
        }
        if (Object.keys(present).length > 0)
          tiles.push({ z, x, y, data: fromGeojsonVt(present, { version: 2, extent: 4096 }) });
      }
  }
  return pmtilesArchive(tiles, {
    tileType: 1,
    bounds: IRAN,
    center: { lon: 53.7, lat: 32.4, zoom: 4 },
    metadata: {
      name: 'makan test basemap',
      vector_layers: Object.keys(layers()).map((id) => ({ id, fields: {} })),
    },
  });
}

export function writeBasemapFixture(file: string): string {
  writeFileSync(file, basemapFixture());
  return file;
}
