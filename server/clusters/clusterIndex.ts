/** One type's Supercluster index and the gateway's cluster answer read from it (run inside the index worker). */
import Supercluster, { type ClusterProperties, type PointFeature as SuperclusterPoint } from 'supercluster';
import type { ClusterItem } from '../../domain/gateway';
import { CLUSTER_MAX_ZOOM, clusterOptions } from '../../domain/clustering';
import type { Box } from '../store/LocationStore';

export { CLUSTER_MAX_ZOOM, CLUSTER_RADIUS } from '../../domain/clustering';

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
  return new Supercluster<Record<string, never>>(clusterOptions()).load(points);
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
