/**
 * Builds src/map/data/neighbours.geo.json: the land of Iran's neighbours around the map's extent, so the
 * offline basemap tells land from sea (Caspian Sea, Persian Gulf, Sea of Oman) without any tile server.
 *
 * Source: Natural Earth 1:50m countries (public domain) as shipped in the npm package world-atlas@2
 * (countries-50m.json, ISC). Iran itself (id 364) is left out: the provinces layer draws it.
 *
 * Run: npm run geodata
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import type { Feature, FeatureCollection, Geometry, MultiPolygon, Polygon, Position } from 'geojson';

const require = createRequire(import.meta.url);
const topology = JSON.parse(readFileSync(require.resolve('world-atlas/countries-50m.json'), 'utf8')) as Topology;
const IRAN_ID = '364';
/** Everything the map can show around Iran, with a margin (west, south, east, north). */
const REGION = [25, 10, 85, 50] as const;

const rings = (geometry: Geometry): Position[][][] =>
  geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.type === 'MultiPolygon' ? geometry.coordinates : [];

const touchesRegion = (polygon: Position[][]) =>
  polygon[0]!.some(([lon, lat]) => lon! >= REGION[0] && lon! <= REGION[2] && lat! >= REGION[1] && lat! <= REGION[3]);

/** To 0.01 degree (about 1 km, finer than a pixel at the zooms where neighbours show), repeats dropped. */
const round = (polygon: Position[][]) =>
  polygon.map((ring) =>
    ring
      .map(([lon, lat]) => [Number(lon!.toFixed(2)), Number(lat!.toFixed(2))])
      .filter((point, i, all) => i === 0 || point[0] !== all[i - 1]![0] || point[1] !== all[i - 1]![1]),
  );
/** Islets of a handful of points are invisible at these zooms. */
const MIN_RING_POINTS = 8;

const countries = feature(topology, topology.objects['countries'] as GeometryCollection) as FeatureCollection;
const features: Feature<MultiPolygon, { name: string }>[] = [];
for (const country of countries.features) {
  if (String(country.id) === IRAN_ID || !country.geometry) continue;
  const polygons = rings(country.geometry)
    .filter(touchesRegion)
    .map(round)
    .filter((p) => p[0]!.length >= MIN_RING_POINTS);
  if (polygons.length > 0) {
    features.push({
      type: 'Feature',
      properties: { name: String(country.properties?.['name'] ?? '') },
      geometry: { type: 'MultiPolygon', coordinates: polygons },
    });
  }
}
const output: FeatureCollection<MultiPolygon | Polygon> & { provenance: string } = {
  type: 'FeatureCollection',
  provenance:
    'Natural Earth 1:50m countries (public domain) via world-atlas@2.0.2; Iran left out; rounded to 0.01 degree',
  features,
};
writeFileSync(new URL('../../src/map/data/neighbours.geo.json', import.meta.url), JSON.stringify(output));
console.log(`wrote ${features.length} neighbouring countries`);
