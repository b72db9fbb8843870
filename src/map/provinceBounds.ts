/** The bounding box (west, south, east, north) of a province's shape, for framing it on the map. */
import provinces from '../../domain/data/provinces.geo.json';

type Ring = [number, number][];
interface ProvinceFeature {
  properties: { name_en: string };
  geometry: { type: 'Polygon'; coordinates: Ring[] } | { type: 'MultiPolygon'; coordinates: Ring[][] };
}

export function provinceBounds(enName: string): [number, number, number, number] | null {
  const feature = (provinces.features as unknown as ProvinceFeature[]).find((f) => f.properties.name_en === enName);
  if (!feature) return null;
  const rings =
    feature.geometry.type === 'Polygon' ? feature.geometry.coordinates : feature.geometry.coordinates.flat();
  const bounds: [number, number, number, number] = [Infinity, Infinity, -Infinity, -Infinity];
  for (const [lon, lat] of rings.flat()) {
    bounds[0] = Math.min(bounds[0], lon);
    bounds[1] = Math.min(bounds[1], lat);
    bounds[2] = Math.max(bounds[2], lon);
    bounds[3] = Math.max(bounds[3], lat);
  }
  return bounds;
}
