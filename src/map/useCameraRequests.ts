/**
 * Flies the camera where the map screen says (a location close enough for its pin, a province, the country),
 * and frames each list of the nearest with where it is measured from.
 */
import { useEffect } from 'react';
import { mapLibreZoomOf } from '../../domain/zoom';
import type { MapFocus, MapScreenRef } from '../../machines/mapScreen';
import { PHONE_MEDIA_QUERY } from '../../domain/breakpoints';
import { MAX_ZOOM, PHONE_SHEET_SHARE } from './mapConstants';
import { provinceBounds } from './provinceBounds';
import type { NearMeRef } from './mapActors';
import type { MapCamera } from './useMapCamera';

/** A location opened from a list or a search is shown at least this close (spec zoom), and where its type draws pins. */
const LOCATION_ZOOM = 14;
const FOCUS_DURATION_MS = 1200;

/** The camera's moves, all stable across renders (so subscriptions are made once, not on every render). */
type CameraMoves = Pick<MapCamera, 'showCountry' | 'readCamera' | 'flyTo' | 'mapRef'>;

function fly(camera: CameraMoves, focus: MapFocus): void {
  if (focus.kind === 'country') return camera.showCountry();
  if (focus.kind === 'location') {
    const zoom = Math.max(camera.readCamera()?.zoom ?? 0, focus.minZoom ?? 0, LOCATION_ZOOM);
    return camera.flyTo({ latitude: focus.latitude, longitude: focus.longitude, zoom }, FOCUS_DURATION_MS);
  }
  const bounds = provinceBounds(focus.enName);
  if (!bounds) return;
  camera.mapRef.current?.getMap().fitBounds(
    [
      [bounds[0], bounds[1]],
      [bounds[2], bounds[3]],
    ],
    { padding: 24, duration: FOCUS_DURATION_MS, maxZoom: mapLibreZoomOf(MAX_ZOOM) },
  );
}

export function useCameraRequests(screen: MapScreenRef, { showCountry, readCamera, flyTo, mapRef }: MapCamera): void {
  useEffect(() => {
    const moves = { showCountry, readCamera, flyTo, mapRef };
    const subscription = screen.on('camera', ({ focus }) => fly(moves, focus));
    return () => subscription.unsubscribe();
  }, [screen, showCountry, readCamera, flyTo, mapRef]);
}

const FRAME_PADDING_PX = 48;
const CONTROLS_WIDTH_PX = 36;

/** Room to keep free under the framed places: on a phone the sheet covers the map's lower part. */
function bottomPadding(container: HTMLElement): number {
  if (!window.matchMedia(PHONE_MEDIA_QUERY).matches) return FRAME_PADDING_PX;
  const sheetTop = window.innerHeight * (1 - PHONE_SHEET_SHARE);
  const covered = container.getBoundingClientRect().bottom - sheetTop;
  // Never more than the map leaves: a short map keeps at least a third of its height to frame in.
  return Math.max(FRAME_PADDING_PX, Math.min(covered + 24, (container.clientHeight * 2) / 3));
}

/** Each new list of the nearest is framed with its origin (the visitor, or the chosen town), so both are seen. */
export function useFrameNearest(nearMe: NearMeRef, { mapRef }: MapCamera): void {
  useEffect(() => {
    let wasListed = nearMe.getSnapshot().matches('listed');
    const subscription = nearMe.subscribe((snapshot) => {
      const listed = snapshot.matches('listed');
      const { position, results } = snapshot.context;
      if (listed && !wasListed && position && results.length > 0) {
        const lats = [position.lat, ...results.map((r) => r.Lat)];
        const lons = [position.lon, ...results.map((r) => r.Long)];
        const map = mapRef.current?.getMap();
        if (!map) return;
        map.fitBounds(
          [
            [Math.min(...lons), Math.min(...lats)],
            [Math.max(...lons), Math.max(...lats)],
          ],
          {
            padding: {
              top: FRAME_PADDING_PX,
              // The zoom buttons and map actions stand along the left edge.
              left: FRAME_PADDING_PX + CONTROLS_WIDTH_PX,
              right: FRAME_PADDING_PX,
              bottom: bottomPadding(map.getContainer()),
            },
            duration: FOCUS_DURATION_MS,
            maxZoom: mapLibreZoomOf(LOCATION_ZOOM),
          },
        );
      }
      wasListed = listed;
    });
    return () => subscription.unsubscribe();
  }, [nearMe, mapRef]);
}
