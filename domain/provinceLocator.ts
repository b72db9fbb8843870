/** Which province a point lies in, from the bundled provinces' shapes, with a little slack for coasts and islands. */
import { PROVINCE_SHAPES } from './provinceShapes';
import { bboxOf, contains, kmOutside, type Areal, type BBox } from './geometry';

/** About 3 km: the generalised coastline and small islands fall within it. */
const SLACK_DEGREES = 0.03;
const PROBES: [number, number][] = [
  [0, 0],
  ...Array.from(
    { length: 8 },
    (_, i) => [Math.cos((i * Math.PI) / 4), Math.sin((i * Math.PI) / 4)] as [number, number],
  ),
];

interface Area {
  iso: string;
  geometry: Areal;
  bbox: BBox;
}

const AREAS: Area[] = PROVINCE_SHAPES.features.map((f) => ({
  iso: f.properties.iso_3166_2,
  geometry: f.geometry,
  bbox: bboxOf(f.geometry),
}));

function inside(area: Area, lon: number, lat: number): boolean {
  const { bbox } = area;
  return (
    lon >= bbox.minLon &&
    lon <= bbox.maxLon &&
    lat >= bbox.minLat &&
    lat <= bbox.maxLat &&
    contains(area.geometry, lon, lat)
  );
}

/** The ISO code of the province the point is in: strictly inside first, then within the slack; null outside Iran. */
export function provinceAt(lat: number, lon: number): string | null {
  for (const [dx, dy] of PROBES) {
    const found = AREAS.find((area) => inside(area, lon + dx * SLACK_DEGREES, lat + dy * SLACK_DEGREES));
    if (found) return found.iso;
  }
  return null;
}

/** Whether the point lies in (or within the slack of) this province: a point on a border may be given either side. */
export function isNearProvince(iso: string, lat: number, lon: number): boolean {
  const area = AREAS.find((a) => a.iso === iso);
  return (
    area !== undefined && PROBES.some(([dx, dy]) => inside(area, lon + dx * SLACK_DEGREES, lat + dy * SLACK_DEGREES))
  );
}

/**
 * How far outside its named province's bundled outline a point may lie and still be taken as in it. The outlines
 * are generalised (a small file for the map and the pages), and real towns fall outside them at some borders:
 * Ferdows lies 43 km outside South Khorasan's, Abarkuh 16 km outside Yazd's. No well-kept npm package carries
 * finer province outlines of Iran, so the check allows this much and says so in its message.
 */
export const OUTLINE_TOLERANCE_KM = 50;

/** Whether a point counts as in the province it names: inside its outline, or within the outlines' tolerance. */
export const isWithinNamedProvince = (iso: string, lat: number, lon: number): boolean =>
  isNearProvince(iso, lat, lon) || kmOutsideProvince(iso, lat, lon) <= OUTLINE_TOLERANCE_KM;

/** How far (km) the point lies outside this province's outline: 0 inside; Infinity for an unknown code. */
export function kmOutsideProvince(iso: string, lat: number, lon: number): number {
  const area = AREAS.find((a) => a.iso === iso);
  return area === undefined ? Infinity : kmOutside(area.geometry, lon, lat);
}
