/**
 * What the map's data draws (bubbles, pins or dense dots, the visitor's dot), what a click on them does, and the
 * markers inside the view (for the status bar and the list).
 */
import { useMemo } from 'react';
import { useSelector } from '@xstate/react';
import type { ClusterItem } from '../../domain/gateway';
import type { PointSet } from '../../domain/pointsWire';
import type { LocationType } from '../../domain/locationTypes';
import { denseMarkerSpec, drawsDots, PAGE_BUBBLES, type LayerHandlers } from './layers';
import type { BubbleSet, PinSet } from './nativeMarkers';
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

export function useMarkerLayers(type: LocationType, { data, dialog, nearMe }: Actors, camera: MapCamera) {
  const markers = useSelector(data, (s) => s.context.markers);
  const clusters = useSelector(data, (s) => s.context.clusters);
  const visitor = useSelector(nearMe, (s) => s.context.position);
  const { flyTo, zoomNow } = camera;
  // A fixed type's many pins are grouped from afar; the grouping changes only at whole zoom levels.
  const level = Math.floor(camera.camera.zoom);
  const grouped = useMemo(
    () => (type.loadMode === 'fixed' ? groupFixed(markers, level) : null),
    [type.loadMode, markers, level],
  );
  const drawnClusters = grouped?.clusters ?? clusters;
  const singles = grouped?.singles ?? markers;
  const handlers = useMemo<LayerHandlers>(
    () => ({
      onMarkerClick: (drawn: number) => {
        const index = grouped ? grouped.indexes[drawn]! : drawn;
        dialog.send({ type: 'OPEN_MARKER', marker: { typeId: type.typeId, points: markers, index } });
      },
      onClusterClick: (cluster: ClusterItem) =>
        flyTo({ latitude: cluster.Lat, longitude: cluster.Long, zoom: openingZoom(cluster, zoomNow(), type.minZoom) }),
    }),
    [grouped, dialog, type.typeId, type.minZoom, markers, flyTo, zoomNow],
  );
  const bubbles = useMemo<BubbleSet>(
    () => ({ clusters: drawnClusters, colour: PAGE_BUBBLES, onClick: handlers.onClusterClick }),
    [drawnClusters, handlers],
  );
  const dense = drawsDots(singles);
  const pins = useMemo<PinSet | null>(
    () => (dense ? null : { markers: singles, onClick: handlers.onMarkerClick }),
    [dense, singles, handlers],
  );
  const deckLayers = useMemo(() => (dense ? [denseMarkerSpec(singles, handlers)] : []), [dense, singles, handlers]);
  const visible = useMemo(() => indexesInView(markers, camera.view), [markers, camera.view]);
  return {
    bubbles,
    pins,
    visitor,
    deckLayers,
    markers,
    clusters: drawnClusters,
    pinCount: singles.count,
    visible,
  };
}
