/**
 * Builds src/shell/bootMap.svg: Iran's provinces as a small picture that index.html shows while the scripts
 * download, so a visitor on a slow link sees the country within a second rather than a note alone. Drawn
 * from domain/data/provinces.geo.json in Web Mercator (as the map), with points closer than a pixel dropped.
 *
 * Run: npm run geodata
 */
import { readFileSync, writeFileSync } from 'node:fs';
import type { FeatureCollection, MultiPolygon, Polygon, Position } from 'geojson';

const provinces = JSON.parse(readFileSync('domain/data/provinces.geo.json', 'utf8')) as FeatureCollection<
  Polygon | MultiPolygon
>;
const WIDTH = 400;
/** Points closer than this (in the picture's units) to the last one kept are dropped. */
const MIN_STEP = 2.5;
const LAND = '#e6f2ec';
const BORDER = '#9cc9b4';

const mercatorY = (lat: number) => Math.log(Math.tan(Math.PI / 4 + (lat * Math.PI) / 360)) * (180 / Math.PI);
const polygons = provinces.features.flatMap((f) =>
  f.geometry.type === 'Polygon' ? [f.geometry.coordinates] : f.geometry.coordinates,
);
const points = polygons.flat(2);
const west = Math.min(...points.map((p) => p[0]!));
const east = Math.max(...points.map((p) => p[0]!));
const north = mercatorY(Math.max(...points.map((p) => p[1]!)));
const south = mercatorY(Math.min(...points.map((p) => p[1]!)));
const scale = WIDTH / (east - west);
const height = Math.ceil((north - south) * scale);

const project = ([lon, lat]: Position): [number, number] => [
  Math.round((lon! - west) * scale),
  Math.round((north - mercatorY(lat!)) * scale),
];

function ringPath(ring: Position[]): string {
  const kept: [number, number][] = [];
  for (const position of ring) {
    const point = project(position);
    const last = kept[kept.length - 1];
    if (!last || Math.hypot(point[0] - last[0], point[1] - last[1]) >= MIN_STEP) kept.push(point);
  }
  if (kept.length < 3) return '';
  return `M${kept.map(([x, y]) => `${x} ${y}`).join('L')}Z`;
}

const paths = polygons.map((polygon) => polygon.map(ringPath).join('')).filter((d) => d.length > 0);
const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${WIDTH} ${height}" width="${WIDTH}" height="${height}"><g fill="${LAND}" stroke="${BORDER}" stroke-width="1" stroke-linejoin="round">${paths.map((d) => `<path d="${d}"/>`).join('')}</g></svg>\n`;
writeFileSync('src/shell/bootMap.svg', svg);
console.log(`src/shell/bootMap.svg: ${WIDTH}x${height}, ${svg.length} bytes`);
