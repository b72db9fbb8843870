/**
 * How the provinces' TopoJSON file is read (domain/provinceShapes.ts) and checked as it is written
 * (server/scripts/build-provinces.ts): its object's name, its properties, and the decoding to GeoJSON.
 */
import type { Feature, FeatureCollection, MultiPolygon, Polygon, Position } from 'geojson';
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';

export interface ProvinceShapeProperties {
  iso_3166_2: string;
  name_fa: string;
  name_en: string;
  /** Where the province's label and bubble stand: a point well inside it (domain/geometry.ts labelPoint). */
  label_lon: number;
  label_lat: number;
}

export type ProvinceShape = Feature<Polygon | MultiPolygon, ProvinceShapeProperties>;
export type ProvinceShapes = FeatureCollection<Polygon | MultiPolygon, ProvinceShapeProperties> & {
  provenance: string;
};

/** The object the provinces are kept under in the topology. */
export const PROVINCES_OBJECT = 'provinces';
/** Coordinates are rounded to this many degrees' fractions (1e-4 degrees: about 10 m). */
const ROUNDING = 1e4;

const round = (p: Position): Position => [
  Math.round(p[0]! * ROUNDING) / ROUNDING,
  Math.round(p[1]! * ROUNDING) / ROUNDING,
];

/** A decoded geometry with its points rounded; one polygon is a Polygon, as GeoJSON writers make it. */
export function roundedGeometry(geometry: Polygon | MultiPolygon): Polygon | MultiPolygon {
  const polygons = (geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.coordinates).map((polygon) =>
    polygon.map((ring) => ring.map(round)),
  );
  return polygons.length === 1
    ? { type: 'Polygon', coordinates: polygons[0]! }
    : { type: 'MultiPolygon', coordinates: polygons };
}

/** The provinces of a topology in this file's form, as GeoJSON. */
export function decodeProvinces(source: Topology & { provenance: string }): ProvinceShapes {
  const object = source.objects[PROVINCES_OBJECT] as GeometryCollection<ProvinceShapeProperties>;
  const decoded = feature(source, object) as FeatureCollection<Polygon | MultiPolygon, ProvinceShapeProperties>;
  return {
    type: 'FeatureCollection',
    provenance: source.provenance,
    features: decoded.features.map((f) => ({ ...f, geometry: roundedGeometry(f.geometry) })),
  };
}
