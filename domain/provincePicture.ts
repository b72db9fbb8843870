/**
 * Iran's 31 provinces as a small SVG picture (Web Mercator, as the map; points closer than a step dropped):
 * each province's outline and the point its label and bubble stand at. The page shell's boot picture
 * (npm run geodata), the server-rendered pages and the staff console's map of changes draw from this one projection.
 */
import type { MultiPolygon, Polygon, Position } from 'geojson';
import { PROVINCE_SHAPES } from './provinceShapes';

export interface ProvinceShape {
  iso: string;
  enName: string;
  faName: string;
  /** The outline as an SVG path. */
  d: string;
  /** Where its label and its bubble stand, in the picture's units. */
  label: [number, number];
}

export interface ProvincePicture {
  width: number;
  height: number;
  shapes: readonly ProvinceShape[];
  /** A point in the picture's units. */
  project(lat: number, lon: number): [number, number];
}

const WIDTH = 400;
/** Points closer than this (in the picture's units) to the last one kept are dropped. */
const MIN_STEP = 2.5;

const mercatorY = (lat: number) => Math.log(Math.tan(Math.PI / 4 + (lat * Math.PI) / 360)) * (180 / Math.PI);

function drawProvinces(): ProvincePicture {
  const polygonsOf = (geometry: Polygon | MultiPolygon) =>
    geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.coordinates;
  const points = PROVINCE_SHAPES.features.flatMap((f) => polygonsOf(f.geometry)).flat(2);
  const west = Math.min(...points.map((p) => p[0]!));
  const east = Math.max(...points.map((p) => p[0]!));
  const north = mercatorY(Math.max(...points.map((p) => p[1]!)));
  const south = mercatorY(Math.min(...points.map((p) => p[1]!)));
  const scale = WIDTH / (east - west);
  const project = ([lon, lat]: Position): [number, number] => [
    Math.round((lon! - west) * scale),
    Math.round((north - mercatorY(lat!)) * scale),
  ];
  const ringPath = (ring: Position[]): string => {
    const kept: [number, number][] = [];
    for (const position of ring) {
      const point = project(position);
      const last = kept[kept.length - 1];
      if (!last || Math.hypot(point[0] - last[0], point[1] - last[1]) >= MIN_STEP) kept.push(point);
    }
    return kept.length < 3 ? '' : `M${kept.map(([x, y]) => `${x} ${y}`).join('L')}Z`;
  };
  return {
    project: (lat, lon) => project([lon, lat]),
    width: WIDTH,
    height: Math.ceil((north - south) * scale),
    shapes: PROVINCE_SHAPES.features.map((f) => ({
      iso: f.properties.iso_3166_2,
      enName: f.properties.name_en,
      faName: f.properties.name_fa,
      d: polygonsOf(f.geometry)
        .map((polygon) => polygon.map(ringPath).join(''))
        .join(''),
      label: project([f.properties.label_lon, f.properties.label_lat]),
    })),
  };
}

let drawn: ProvincePicture | null = null;

/** Drawn once, when first asked for. */
export function provincePicture(): ProvincePicture {
  drawn ??= drawProvinces();
  return drawn;
}
