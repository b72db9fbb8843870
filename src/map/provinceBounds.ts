/** The bounding box (west, south, east, north) of a province's shape, for framing it on the map. */
import { PROVINCE_SHAPES } from '../../domain/provinceShapes';

export function provinceBounds(enName: string): [number, number, number, number] | null {
  const feature = PROVINCE_SHAPES.features.find((f) => f.properties.name_en === enName);
  if (!feature) return null;
  const rings =
    feature.geometry.type === 'Polygon' ? feature.geometry.coordinates : feature.geometry.coordinates.flat();
  const bounds: [number, number, number, number] = [Infinity, Infinity, -Infinity, -Infinity];
  for (const point of rings.flat()) {
    const [lon, lat] = [point[0]!, point[1]!];
    bounds[0] = Math.min(bounds[0], lon);
    bounds[1] = Math.min(bounds[1], lat);
    bounds[2] = Math.max(bounds[2], lon);
    bounds[3] = Math.max(bounds[3], lat);
  }
  return bounds;
}
