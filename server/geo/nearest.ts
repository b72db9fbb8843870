/**
 * The k nearest locations of a type to any point on Earth, exactly (the same answer as sorting every
 * location by great-circle distance), through the store's box query: boxes around the point grow until
 * the k-th nearest found is no farther than anything outside the box can be.
 */
import type { Box, PointRow } from '../store/LocationStore';
import { EARTH_RADIUS_KM, greatCircleKm } from './greatCircle';

export interface NearRow extends PointRow {
  distanceKm: number;
}

/** Every point in the box (a store's box query without a cap). */
export type BoxQuery = (box: Box) => Promise<PointRow[]>;

const RAD = Math.PI / 180;
const KM_PER_DEGREE = EARTH_RADIUS_KM * RAD;
const FIRST_HALF_SIDE_DEG = 0.05;

/** The boxes covering [lat ± dLat] x [lon ± dLon], split at the antimeridian. */
function boxesAround(lat: number, lon: number, dLat: number, dLon: number): Box[] {
  const minLat = Math.max(-90, lat - dLat);
  const maxLat = Math.min(90, lat + dLat);
  if (dLon >= 180) return [{ minLat, maxLat, minLon: -180, maxLon: 180 }];
  const boxes: Box[] = [{ minLat, maxLat, minLon: Math.max(-180, lon - dLon), maxLon: Math.min(180, lon + dLon) }];
  if (lon - dLon < -180) boxes.push({ minLat, maxLat, minLon: lon - dLon + 360, maxLon: 180 });
  if (lon + dLon > 180) boxes.push({ minLat, maxLat, minLon: -180, maxLon: lon + dLon - 360 });
  return boxes;
}

/**
 * How near a point outside the boxes can be: at least the latitude gap (a meridian arc is the shortest way
 * to change latitude), and at least the distance to the great circle of the bounding meridian.
 */
function nearestOutsideKm(lat: number, dLat: number, dLon: number): number {
  const north = lat + dLat >= 90 ? Infinity : dLat * KM_PER_DEGREE;
  const south = lat - dLat <= -90 ? Infinity : dLat * KM_PER_DEGREE;
  const sides = dLon >= 180 ? Infinity : EARTH_RADIUS_KM * Math.asin(Math.cos(lat * RAD) * Math.sin(Math.min(dLon, 90) * RAD));
  return Math.min(north, south, sides);
}

const byDistance = (a: NearRow, b: NearRow) => a.distanceKm - b.distanceKm || (a.guid < b.guid ? -1 : a.guid > b.guid ? 1 : 0);

export async function nearest(query: BoxQuery, lat: number, lon: number, limit: number): Promise<NearRow[]> {
  for (let dLat = FIRST_HALF_SIDE_DEG; ; dLat *= 2) {
    const dLon = Math.min(180, dLat / Math.max(Math.cos(lat * RAD), 1e-6));
    const found = (await Promise.all(boxesAround(lat, lon, dLat, dLon).map(query))).flat();
    const rows = found.map((row) => ({ ...row, distanceKm: greatCircleKm(lat, lon, row.lat, row.lon) })).sort(byDistance);
    const everything = dLat >= 180 && dLon >= 180;
    if (everything || (rows.length >= limit && rows[limit - 1]!.distanceKm <= nearestOutsideKm(lat, dLat, dLon))) return rows.slice(0, limit);
  }
}
