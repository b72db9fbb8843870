/** Small planar geometry helpers on lon/lat GeoJSON (provinces are small enough for planar maths). */
import type { MultiPolygon, Polygon, Position } from 'geojson';

export type Areal = Polygon | MultiPolygon;

function polygonsOf(geometry: Areal): Position[][][] {
  return geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.coordinates;
}

function ringContains(ring: Position[], lon: number, lat: number): boolean {
  let inside = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const [xi, yi] = ring[i] as [number, number];
    const [xj, yj] = ring[j] as [number, number];
    if (yi > lat !== yj > lat && lon < ((xj - xi) * (lat - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

/** Latitude bands a ring's edges are sorted into, at most (see ringTest). */
const RING_BANDS = 256;

/**
 * The even-odd test of one ring, with its corners copied once into a flat array and its edges sorted into bands of
 * latitude: a point's ray can only cross the edges whose latitudes span its own, so it tests those of its band
 * alone. Every edge against every point made an area of 500 corners over a million locations a second's work
 * (some 333,000 points in its box); a band holds a few edges.
 */
export function ringTest(ring: readonly Position[]): (lon: number, lat: number) => boolean {
  const n = ring.length;
  const xy = new Float64Array(2 * n);
  let minLat = Infinity;
  let maxLat = -Infinity;
  ring.forEach(([x, y], i) => {
    xy[2 * i] = x as number;
    xy[2 * i + 1] = y as number;
    minLat = Math.min(minLat, y as number);
    maxLat = Math.max(maxLat, y as number);
  });
  const bands = Math.max(1, Math.min(RING_BANDS, n));
  const height = (maxLat - minLat) / bands || 1;
  // Monotonic in the latitude, for corners and points alike: an edge is in each band from its low end's to its high
  // end's, so a point whose latitude it spans finds it in its own band.
  const bandOf = (lat: number) => Math.min(bands - 1, Math.max(0, Math.floor((lat - minLat) / height)));
  const edgesOf: number[][] = Array.from({ length: bands }, () => []);
  for (let i = 0, j = n - 1; i < n; j = i++) {
    const [low, high] = [Math.min(xy[2 * i + 1]!, xy[2 * j + 1]!), Math.max(xy[2 * i + 1]!, xy[2 * j + 1]!)];
    for (let band = bandOf(low); band <= bandOf(high); band++) edgesOf[band]!.push(i);
  }
  return (lon, lat) => {
    // Beyond the ring's latitudes no edge has one end above the point and one not: outside, as the full test says.
    if (!(lat >= minLat && lat <= maxLat)) return false;
    let inside = false;
    for (const i of edgesOf[bandOf(lat)]!) {
      const j = i === 0 ? n - 1 : i - 1;
      const xi = xy[2 * i]!;
      const yi = xy[2 * i + 1]!;
      const xj = xy[2 * j]!;
      const yj = xy[2 * j + 1]!;
      if (yi > lat !== yj > lat && lon < ((xj - xi) * (lat - yi)) / (yj - yi) + xi) inside = !inside;
    }
    return inside;
  };
}

export function contains(geometry: Areal, lon: number, lat: number): boolean {
  return polygonsOf(geometry).some(
    ([outer, ...holes]) =>
      outer !== undefined && ringContains(outer, lon, lat) && !holes.some((h) => ringContains(h, lon, lat)),
  );
}

export interface BBox {
  minLon: number;
  minLat: number;
  maxLon: number;
  maxLat: number;
}

export function bboxOf(geometry: Areal): BBox {
  const box = { minLon: Infinity, minLat: Infinity, maxLon: -Infinity, maxLat: -Infinity };
  for (const polygon of polygonsOf(geometry)) {
    for (const [lon, lat] of polygon[0] ?? []) {
      box.minLon = Math.min(box.minLon, lon as number);
      box.maxLon = Math.max(box.maxLon, lon as number);
      box.minLat = Math.min(box.minLat, lat as number);
      box.maxLat = Math.max(box.maxLat, lat as number);
    }
  }
  return box;
}

function segmentDistance(px: number, py: number, [ax, ay]: Position, [bx, by]: Position): number {
  const dx = (bx as number) - (ax as number);
  const dy = (by as number) - (ay as number);
  const lengthSq = dx * dx + dy * dy;
  const t =
    lengthSq === 0 ? 0 : Math.max(0, Math.min(1, ((px - (ax as number)) * dx + (py - (ay as number)) * dy) / lengthSq));
  const cx = (ax as number) + t * dx - px;
  const cy = (ay as number) + t * dy - py;
  return Math.sqrt(cx * cx + cy * cy);
}

function distanceToEdge(geometry: Areal, lon: number, lat: number): number {
  let best = Infinity;
  for (const polygon of polygonsOf(geometry)) {
    for (const ring of polygon) {
      for (let i = 1; i < ring.length; i++) best = Math.min(best, segmentDistance(lon, lat, ring[i - 1]!, ring[i]!));
    }
  }
  return best;
}

/** An interior point far from every edge (a grid-search pole of inaccessibility): where a label reads best. */
export function labelPoint(geometry: Areal, steps = 40): [number, number] {
  const box = bboxOf(geometry);
  let best: [number, number] = [(box.minLon + box.maxLon) / 2, (box.minLat + box.maxLat) / 2];
  let bestDistance = -1;
  for (let i = 1; i < steps; i++) {
    for (let j = 1; j < steps; j++) {
      const lon = box.minLon + ((box.maxLon - box.minLon) * i) / steps;
      const lat = box.minLat + ((box.maxLat - box.minLat) * j) / steps;
      if (!contains(geometry, lon, lat)) continue;
      const d = distanceToEdge(geometry, lon, lat);
      if (d > bestDistance) {
        bestDistance = d;
        best = [lon, lat];
      }
    }
  }
  return best;
}

/**
 * How far (km, by a local flat projection) a point lies outside the geometry: 0 inside. Used to judge a point
 * against a generalised outline, where "a few km outside" is a border town and not a misplaced one.
 */
export function kmOutside(geometry: Areal, lon: number, lat: number): number {
  if (contains(geometry, lon, lat)) return 0;
  const kmPerDegLat = 111.32;
  const kmPerDegLon = kmPerDegLat * Math.cos((lat * Math.PI) / 180);
  let best = Infinity;
  for (const polygon of polygonsOf(geometry)) {
    for (const ring of polygon) {
      for (let i = 1; i < ring.length; i++) {
        const [ax, ay] = ring[i - 1] as [number, number];
        const [bx, by] = ring[i] as [number, number];
        const px = (lon - ax) * kmPerDegLon;
        const py = (lat - ay) * kmPerDegLat;
        const dx = (bx - ax) * kmPerDegLon;
        const dy = (by - ay) * kmPerDegLat;
        const t = dx === 0 && dy === 0 ? 0 : Math.max(0, Math.min(1, (px * dx + py * dy) / (dx * dx + dy * dy)));
        best = Math.min(best, Math.hypot(px - t * dx, py - t * dy));
      }
    }
  }
  return best;
}
