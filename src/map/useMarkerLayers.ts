/**
 * deck.gl's layers for what the map's data holds (markers or cluster bubbles, and the visitor's dot), what a
 * click on them does, the markers inside the view (for the status bar and the list), and the province labels
 * making way for the bubbles.
 */
import { useEffect, useMemo } from 'react';
import { useSelector } from '@xstate/react';
import type { GeoJSONSource } from 'maplibre-gl';
import type { ClusterItem } from '../../domain/gateway';
import type { PointSet } from '../../domain/pointsWire';
import type { LocationType } from '../../domain/locationTypes';
import { BLOCKER_SOURCE, blockersOf } from './labelBlockers';
import { buildLayers, clusterRadius } from './layers';
import type { DetailDialogRef, MapDataRef, NearMeRef } from './mapActors';
import type { Edges, MapCamera } from './useMapCamera';
import { groupFixed } from './fixedGroups';
import { openingZoom } from './viewport';

/** Positions in `points` of the markers inside the camera's edges. */
export function indexesInView(points: PointSet, edges: Edges): number[] {
  const { positions, count } = points;
  const inside: number[] = [];
  for (let i = 0; i < count; i++) {
    const lon = positions[i * 2]!;
    const lat = positions[i * 2 + 1]!;
    if (lat >= edges.south && lat <= edges.north && lon >= edges.west && lon <= edges.east) inside.push(i);
  }
  return inside;
}

interface Actors {
  data: MapDataRef;
  dialog: DetailDialogRef;
  nearMe: NearMeRef;
}

/**
 * `otherClusters`: the bubbles of the types added to the page's, which the province labels make way for
 * as well.
 */
export function useMarkerLayers(
  type: LocationType,
  { data, dialog, nearMe }: Actors,
  camera: MapCamera,
  otherClusters: readonly ClusterItem[] = [],
) {
  const markers = useSelector(data, (s) => s.context.markers);
  const clusters = useSelector(data, (s) => s.context.clusters);
  const visitor = useSelector(nearMe, (s) => s.context.position);
  const { flyTo, mapRef } = camera;
  const zoom = camera.camera.zoom;
  // A fixed type's many pins are grouped from afar; the grouping changes only at whole zoom levels.
  const level = Math.floor(zoom);
  const grouped = useMemo(
    () => (type.loadMode === 'fixed' ? groupFixed(markers, level) : null),
    [type.loadMode, markers, level],
  );
  const drawnClusters = grouped?.clusters ?? clusters;
  const layers = useMemo(
    () =>
      buildLayers(
        grouped?.singles ?? markers,
        drawnClusters,
        {
          onMarkerClick: (drawn: number) => {
            const index = grouped ? grouped.indexes[drawn]! : drawn;
            dialog.send({ type: 'OPEN_MARKER', marker: { typeId: type.typeId, points: markers, index } });
          },
          onClusterClick: (cluster: ClusterItem) =>
            flyTo({ latitude: cluster.Lat, longitude: cluster.Long, zoom: openingZoom(cluster, zoom, type.minZoom) }),
        },
        zoom,
        visitor,
      ),
    [markers, grouped, drawnClusters, dialog, type.typeId, type.minZoom, flyTo, zoom, visitor],
  );
  useEffect(() => {
    mapRef.current
      ?.getMap()
      .getSource<GeoJSONSource>(BLOCKER_SOURCE)
      ?.setData(blockersOf([...drawnClusters, ...otherClusters], clusterRadius));
  }, [drawnClusters, otherClusters, mapRef]);
  const visible = useMemo(() => indexesInView(markers, camera.view), [markers, camera.view]);
  return { layers, markers, clusters: drawnClusters, pins: grouped?.singles.count ?? markers.count, visible };
}
