/** One type's Supercluster index and the gateway's cluster answer read from it (run inside the index worker). */
import Supercluster, { type ClusterProperties, type PointFeature as SuperclusterPoint } from 'supercluster';
import type { ClusterItem } from '../../domain/gateway';
import { SPEC_TILE_SIZE } from '../../domain/zoom';
import type { Box } from '../store/LocationStore';

/** Cluster radius in screen pixels: a few bubble diameters (bubbles are 10 px in radius). */
export const CLUSTER_RADIUS = 60;
export const CLUSTER_MAX_ZOOM = 16;

type PointFeature = SuperclusterPoint<Record<string, never>>;
export type ClusterIndex = Supercluster<Record<string, never>>;

/** `coordinates`: longitude, latitude pairs. */
export function buildClusterIndex(coordinates: Float64Array): ClusterIndex {
  const points: PointFeature[] = new Array(coordinates.length / 2);
  for (let i = 0; i < points.length; i++) {
    points[i] = {
      type: 'Feature',
      properties: {},
      geometry: { type: 'Point', coordinates: [coordinates[i * 2]!, coordinates[i * 2 + 1]!] },
    };
  }
  // The gateway's zoom counts 256-px tiles: a tile extent of 256 makes one unit one screen pixel.
  return new Supercluster<Record<string, never>>({
    radius: CLUSTER_RADIUS,
    maxZoom: CLUSTER_MAX_ZOOM,
    extent: SPEC_TILE_SIZE,
  }).load(points);
}

/** Clusters and single points whose centre lies in the box at this zoom; counts add up to the points covered. */
export function clustersOf(index: ClusterIndex, box: Box, zoom: number): ClusterItem[] {
  return index.getClusters([box.minLon, box.minLat, box.maxLon, box.maxLat], Math.floor(zoom)).map((feature) => {
    const [lon, lat] = feature.geometry.coordinates as [number, number];
    const properties = feature.properties as Partial<ClusterProperties>;
    if (properties.cluster && properties.cluster_id !== undefined) {
      return {
        Lat: lat,
        Long: lon,
        Count: properties.point_count ?? 1,
        ExpansionZoom: index.getClusterExpansionZoom(properties.cluster_id),
      };
    }
    return { Lat: lat, Long: lon, Count: 1, ExpansionZoom: CLUSTER_MAX_ZOOM + 1 };
  });
}
