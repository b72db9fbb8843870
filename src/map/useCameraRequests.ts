/** Flies the camera where the map screen says: a location close enough for its pin, a province, the country. */
import { useEffect } from 'react';
import { mapLibreZoomOf } from '../../domain/zoom';
import type { MapFocus, MapScreenRef } from '../../machines/mapScreen';
import { MAX_ZOOM } from './mapConstants';
import { provinceBounds } from './provinceBounds';
import type { MapCamera } from './useMapCamera';

/** A location opened from a list or a search is shown at least this close (spec zoom), and where its type draws pins. */
const LOCATION_ZOOM = 14;
const FOCUS_DURATION_MS = 1200;

function fly(camera: MapCamera, focus: MapFocus): void {
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

export function useCameraRequests(screen: MapScreenRef, camera: MapCamera): void {
  useEffect(() => {
    const subscription = screen.on('camera', ({ focus }) => fly(camera, focus));
    return () => subscription.unsubscribe();
  }, [screen, camera]);
}
