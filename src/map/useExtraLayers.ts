/**
 * The layers of the types added to the page's: each type's map data (spawned by the map screen) drawn in its
 * own colour, grouped like the page's type when it is a fixed type seen from afar, with what a click on them
 * does, and the markers of each inside the view (for the marker list).
 */
import { useEffect, useMemo, useState } from 'react';
import { useSelector } from '@xstate/react';
import type { ClusterItem } from '../../domain/gateway';
import type { PointSet } from '../../domain/pointsWire';
import type { MapTypeRef } from '../../machines/mapData';
import { extraDataOf, type MapScreenRef, type MapScreenSnapshot } from '../../machines/mapScreen';
import { groupFixed } from './fixedGroups';
import { extraTypeDrawing } from './layers';
import type { DetailDialogRef } from './mapActors';
import { EXTRA_COLOURS } from './typeColours';
import type { MapCamera } from './useMapCamera';
import { indexesInView } from './useMarkerLayers';
import { useStable } from '../ui/useStable';
import { openingZoom } from './viewport';

/** A type shown besides the page's, as drawn now. */
export interface ShownExtra {
  type: MapTypeRef;
  colour: (typeof EXTRA_COLOURS)[number];
  markers: PointSet;
  clusters: ClusterItem[];
}

type Extras = ReturnType<typeof extraDataOf>;
const sameExtras = (a: Extras, b: Extras) => a.length === b.length && a.every((x, i) => x.ref === b[i]!.ref);
const extrasOf = (snapshot: MapScreenSnapshot) => extraDataOf(snapshot);

/** Each added type's markers and bubbles, kept current as their machines load. */
function useExtraData(screen: MapScreenRef): ShownExtra[] {
  const extras = useSelector(screen, extrasOf, sameExtras);
  const [, setVersion] = useState(0);
  useEffect(() => {
    const subscriptions = extras.map(({ ref }) => ref.subscribe(() => setVersion((v) => v + 1)));
    return () => subscriptions.forEach((s) => s.unsubscribe());
  }, [extras]);
  const current = extras.map(({ type, ref }, i) => {
    const { markers, clusters } = ref.getSnapshot().context;
    return { type, colour: EXTRA_COLOURS[i % EXTRA_COLOURS.length]!, markers, clusters };
  });
  // One identity while nothing drawn changes (a view moving alone does not change what is drawn).
  return useStable(current, sameShown);
}

const sameShown = (a: ShownExtra[], b: ShownExtra[]) =>
  a.length === b.length &&
  a.every((was, i) => {
    const now = b[i]!;
    return (
      was.type === now.type && was.colour === now.colour && was.markers === now.markers && was.clusters === now.clusters
    );
  });

export function useExtraLayers(screen: MapScreenRef, dialog: DetailDialogRef, camera: MapCamera) {
  const extras = useExtraData(screen);
  const { flyTo, zoomNow } = camera;
  const level = Math.floor(camera.camera.zoom);
  const drawn = useMemo(
    () =>
      extras.map((extra) => {
        const grouped = extra.type.loadMode === 'fixed' ? groupFixed(extra.markers, level) : null;
        return { extra, grouped, clusters: grouped?.clusters ?? extra.clusters };
      }),
    [extras, level],
  );
  const drawings = useMemo(
    () =>
      drawn.map(({ extra, grouped, clusters }) =>
        extraTypeDrawing(extra.type.typeId, extra.colour, grouped?.singles ?? extra.markers, clusters, {
          onMarkerClick: (index) =>
            dialog.send({
              type: 'OPEN_MARKER',
              marker: {
                typeId: extra.type.typeId,
                points: extra.markers,
                index: grouped ? grouped.indexes[index]! : index,
              },
            }),
          onClusterClick: (cluster) =>
            flyTo({
              latitude: cluster.Lat,
              longitude: cluster.Long,
              zoom: openingZoom(cluster, zoomNow(), extra.type.minZoom),
            }),
        }),
      ),
    [drawn, dialog, flyTo, zoomNow],
  );
  const bubbles = useMemo(() => drawings.map((d) => d.bubbles), [drawings]);
  const deckLayers = useMemo(() => drawings.flatMap((d) => (d.dots ? [d.dots] : [])), [drawings]);
  const visible = useMemo(
    () =>
      extras.map((extra) => ({
        typeId: extra.type.typeId,
        points: extra.markers,
        indexes: indexesInView(extra.markers, camera.view),
      })),
    [extras, camera.view],
  );
  return { bubbles, deckLayers, extras, visible };
}
