/**
 * What the map does besides drawing: asks for the first view's data before MapLibre has loaded, keeps the
 * open location in the URL (a shared link reopens it) and the camera too, and keeps a picture of the canvas
 * for printing (a WebGL canvas does not print).
 */
import { useEffect, useRef } from 'react';
import { useDebouncedCallback } from '@mantine/hooks';
import { useSelector } from '@xstate/react';
import type { MapRef } from 'react-map-gl/maplibre';
import { cameraParams, type DeepLink } from '../url/deepLink';
import { replaceParams } from '../url/history';
import { useBackStep } from '../url/backStep';
import type { MapScreenRef } from '../../machines/mapScreen';
import type { DetailDialogRef } from './mapActors';
import type { MapCamera } from './useMapCamera';
import { clampBounds, clampZoom, countryCamera, edgesOfCamera } from './viewport';
import { coveredSides } from './coveredSides';

const URL_WRITE_DEBOUNCE_MS = 400;

/**
 * The first view's data is asked for at once, while MapLibre is still loading (on a slow link its worker and
 * the first answer then arrive together): the view is where the map will come to rest, known from its size.
 */
export function useFirstView(screen: MapScreenRef, container: MapCamera['container'], link: DeepLink): void {
  useEffect(() => {
    const box = container.current;
    if (!box || box.clientWidth === 0 || box.clientHeight === 0) return;
    const { clientWidth: width, clientHeight: height } = box;
    const first = link.camera
      ? { ...link.camera, zoom: clampZoom(link.camera.zoom) }
      : countryCamera(width, height, coveredSides(box));
    const edges = edgesOfCamera(first, width, height);
    screen.send({
      type: 'VIEW_CHANGED',
      view: { zoom: first.zoom, bounds: clampBounds(edges.west, edges.south, edges.east, edges.north) },
    });
  }, [screen, container, link]);
}

/**
 * The open location lives in the URL, on a history step of its own: a link that names one opens it, and Back
 * closes it and stays on the map (a shared link's entry is rewritten without it, under the step).
 */
export function useDialogInUrl(dialog: DetailDialogRef, link: DeepLink): void {
  const open = useSelector(dialog, (s) => !s.matches('closed'));
  const guid = useSelector(dialog, (s) => (s.matches('closed') ? null : s.context.guid));
  useEffect(() => {
    if (!link.location) return;
    replaceParams({ loc: null });
    dialog.send({ type: 'OPEN', guid: link.location });
  }, [dialog, link.location]);
  useBackStep(open, () => dialog.send({ type: 'CLOSE' }));
  useEffect(() => replaceParams({ loc: guid }), [guid]);
}

/** The camera goes into the URL once it has settled a moment. */
export function useCameraInUrl(readCamera: MapCamera['readCamera']): () => void {
  const write = useDebouncedCallback(() => {
    const now = readCamera();
    if (now) replaceParams(cameraParams(now));
  }, URL_WRITE_DEBOUNCE_MS);
  // Back to the entry under a dialog's step brings that entry's older camera into the address: the map did not
  // move back with it, so the address is told where the map is.
  useEffect(() => {
    window.addEventListener('popstate', write);
    return () => window.removeEventListener('popstate', write);
  }, [write]);
  return write;
}

/** Just before printing, the map is drawn once more and kept as a picture in this image. */
export function usePrintImage(mapRef: React.RefObject<MapRef | null>) {
  const image = useRef<HTMLImageElement>(null);
  useEffect(() => {
    const capture = () => {
      const map = mapRef.current?.getMap();
      if (!map || !image.current) return;
      map.redraw();
      image.current.src = map.getCanvas().toDataURL('image/png');
    };
    window.addEventListener('beforeprint', capture);
    return () => window.removeEventListener('beforeprint', capture);
  }, [mapRef]);
  return image;
}
