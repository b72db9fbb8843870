/**
 * What lies inside an area: POST /api/area/{typeId}[?filters][&format=csv|geojson] with {Polygon: [[Long, Lat],
 * ...]}, the ring closed or not, at most AREA_MAX_VERTICES distinct vertices and not crossing itself (400
 * otherwise). Inside is planar on longitude and latitude (the ring's edges are straight on the map), a point on
 * the boundary counts by the even-odd rule of the ray cast.
 */

export const AREA_MAX_VERTICES = 500;
export const AREA_NAMES_MAX = 1_000;

/** The ring without its closing repeat. */
export function openRing(ring: readonly (readonly [number, number])[]): [number, number][] {
  const points = ring.map(([lon, lat]) => [lon, lat] as [number, number]);
  const [first, last] = [points[0], points[points.length - 1]];
  if (points.length > 1 && first![0] === last![0] && first![1] === last![1]) points.pop();
  return points;
}

const orientation = (a: [number, number], b: [number, number], c: [number, number]) =>
  Math.sign((b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0]));

const onSegment = (a: [number, number], b: [number, number], p: [number, number]) =>
  Math.min(a[0], b[0]) <= p[0] &&
  p[0] <= Math.max(a[0], b[0]) &&
  Math.min(a[1], b[1]) <= p[1] &&
  p[1] <= Math.max(a[1], b[1]);

function segmentsMeet(a: [number, number], b: [number, number], c: [number, number], d: [number, number]): boolean {
  const [o1, o2, o3, o4] = [orientation(a, b, c), orientation(a, b, d), orientation(c, d, a), orientation(c, d, b)];
  if (o1 !== o2 && o3 !== o4) return true;
  return (
    (o1 === 0 && onSegment(a, b, c)) ||
    (o2 === 0 && onSegment(a, b, d)) ||
    (o3 === 0 && onSegment(c, d, a)) ||
    (o4 === 0 && onSegment(c, d, b))
  );
}

/** What makes a ring unusable as an area: too few vertices, too many, or two edges that meet. */
export type RingFault =
  { kind: 'few' } | { kind: 'many'; vertices: number } | { kind: 'crosses'; edges: [number, number] };

/** The first pair of edges apart (1-based) that meet, or null; `closed` includes the edge back to the start. */
function crossingEdges(ring: readonly [number, number][], closed: boolean): [number, number] | null {
  const n = ring.length;
  const edges = closed ? n : n - 1;
  for (let i = 0; i < edges; i++) {
    for (let j = i + 1; j < edges; j++) {
      // Neighbouring edges share a vertex; only edges apart may not meet.
      if (j === i + 1 || (closed && i === 0 && j === n - 1)) continue;
      if (segmentsMeet(ring[i]!, ring[(i + 1) % n]!, ring[j]!, ring[(j + 1) % n]!)) return [i + 1, j + 1];
    }
  }
  return null;
}

/** Why a ring (open, as openRing gives it) is not a usable area, or null when it is. */
export function ringFault(ring: readonly [number, number][]): RingFault | null {
  if (ring.length < 3) return { kind: 'few' };
  if (ring.length > AREA_MAX_VERTICES) return { kind: 'many', vertices: ring.length };
  const edges = crossingEdges(ring, true);
  return edges ? { kind: 'crosses', edges } : null;
}

/** Whether a path being drawn (not yet closed) already crosses itself: its next vertex would be refused. */
export function pathCrosses(path: readonly [number, number][]): boolean {
  return crossingEdges(path, false) !== null;
}

/** The fault in the API's words (English, as the API's other errors are). */
export function ringProblem(ring: readonly [number, number][]): string | null {
  const fault = ringFault(ring);
  if (!fault) return null;
  if (fault.kind === 'few') return 'a polygon needs at least 3 distinct vertices';
  if (fault.kind === 'many') return `a polygon may have at most ${AREA_MAX_VERTICES} vertices, got ${fault.vertices}`;
  return `the polygon crosses itself (edges ${fault.edges[0]} and ${fault.edges[1]})`;
}

/**
 * A circle as a polygon: `vertices` points `km` from the centre (great-circle destinations), for "within this
 * distance of a town".
 */
export function circleRing(lat: number, lon: number, km: number, vertices = 64): [number, number][] {
  const R = 6371.0088;
  const d = km / R;
  const lat1 = (lat * Math.PI) / 180;
  const lon1 = (lon * Math.PI) / 180;
  return Array.from({ length: vertices }, (_, i) => {
    const bearing = (2 * Math.PI * i) / vertices;
    const lat2 = Math.asin(Math.sin(lat1) * Math.cos(d) + Math.cos(lat1) * Math.sin(d) * Math.cos(bearing));
    const lon2 =
      lon1 +
      Math.atan2(Math.sin(bearing) * Math.sin(d) * Math.cos(lat1), Math.cos(d) - Math.sin(lat1) * Math.sin(lat2));
    return [(lon2 * 180) / Math.PI, (lat2 * 180) / Math.PI] as [number, number];
  });
}
