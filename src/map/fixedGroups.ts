/**
 * Fixed types are loaded whole (31 to a few hundred pins). At the opening view that many 25x40 pins pile over
 * the province names; below a city-level zoom those with more than a few dozen pins are grouped into bubbles
 * like the viewport types' (the same clustering rule, in the page), and the pins that stand alone stay pins.
 */
import Supercluster, { type ClusterProperties } from 'supercluster';
import { clusterOptions } from '../../domain/clustering';
import type { ClusterItem } from '../../domain/gateway';
import type { PointSet } from '../../domain/pointsWire';

/** A fixed type with more pins than this is grouped when seen from afar. */
export const FIXED_GROUP_MIN = 40;
/** From this spec zoom on every pin stands alone (a province fills the view). */
export const FIXED_GROUP_BELOW_ZOOM = 8;

export interface Grouped {
  clusters: ClusterItem[];
  /** The pins drawn: a PointSet of the ones standing alone. */
  singles: PointSet;
  /** Position in the whole set of each single. */
  indexes: number[];
}

type Index = Supercluster<{ index: number }>;
const indexes = new WeakMap<PointSet, Index>();

function indexOf(points: PointSet): Index {
  let index = indexes.get(points);
  if (!index) {
    const features = Array.from({ length: points.count }, (_, i) => ({
      type: 'Feature' as const,
      properties: { index: i },
      geometry: { type: 'Point' as const, coordinates: [points.positions[2 * i]!, points.positions[2 * i + 1]!] },
    }));
    index = new Supercluster<{ index: number }>(clusterOptions(FIXED_GROUP_BELOW_ZOOM - 1)).load(features);
    indexes.set(points, index);
  }
  return index;
}

/** The markers as drawn at this spec zoom: grouped when the set is large and the view far; null to draw all. */
export function groupFixed(points: PointSet, zoom: number): Grouped | null {
  if (points.count <= FIXED_GROUP_MIN || zoom >= FIXED_GROUP_BELOW_ZOOM) return null;
  const index = indexOf(points);
  const clusters: ClusterItem[] = [];
  const alone: number[] = [];
  for (const feature of index.getClusters([-180, -85, 180, 85], Math.floor(zoom))) {
    const properties = feature.properties as Partial<ClusterProperties> & { index?: number };
    if (properties.cluster && properties.cluster_id !== undefined) {
      const [lon, lat] = feature.geometry.coordinates as [number, number];
      clusters.push({
        Lat: lat,
        Long: lon,
        Count: properties.point_count ?? 1,
        ExpansionZoom: index.getClusterExpansionZoom(properties.cluster_id),
      });
    } else if (properties.index !== undefined) alone.push(properties.index);
  }
  const positions = new Float32Array(alone.length * 2);
  const ids = new Uint32Array(alone.length);
  alone.forEach((i, n) => {
    positions[2 * n] = points.positions[2 * i]!;
    positions[2 * n + 1] = points.positions[2 * i + 1]!;
    ids[n] = points.ids[i]!;
  });
  return { clusters, singles: { ...points, count: alone.length, positions, ids }, indexes: alone };
}
