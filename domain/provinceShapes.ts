/**
 * Iran's 31 provinces' shapes, as every part of Makan reads them: the map's basemap, the statistics' map chart,
 * the server's pictures and pages, the seed's placement and the point-in-province check.
 *
 * They are kept as TopoJSON (domain/data/provinces.topo.json, written by `npm run geodata`): each border once,
 * its points as small whole-number steps. That is about half the GeoJSON's size compressed (12 kB against 22 kB in
 * the brotli'd script, on the way to the first map), and decoding it gives the source's own points, rounded to
 * 1e-4 degrees (domain/provinceTopology.ts).
 */
import type { Topology } from 'topojson-specification';
import topology from './data/provinces.topo.json';
import { decodeProvinces, type ProvinceShapes } from './provinceTopology';

export type { ProvinceShape, ProvinceShapeProperties, ProvinceShapes } from './provinceTopology';

export const PROVINCE_SHAPES: ProvinceShapes = decodeProvinces(
  topology as unknown as Topology & { provenance: string },
);
