/**
 * What the map does besides drawing: asks for the first view's data before MapLibre has loaded (and says where
 * MapLibre makes the map), keeps the open location in the URL (a shared link reopens it) and the camera too, and
 * keeps a picture of the canvas for printing (a WebGL canvas does not print).
 */
import { useEffect, useRef, useState } from 'react';
import { useDebouncedCallback } from '@mantine/hooks';
import { useSelector } from '@xstate/react';
import type { MapRef } from 'react-map-gl/maplibre';
import { cameraParams, type DeepLink } from '../url/deepLink';
import { replaceParams } from '../url/history';
import { useBackStep } from '../url/backStep';
import type { MapScreenRef } from '../../machines/mapScreen';
import type { DetailDialogRef } from './mapActors';
import type { MapCamera } from './useMapCamera';
import { clampBounds, edgesOfCamera, openingOf, type Camera, type Opening } from './viewport';
import { useLessMotion } from '../ui/useLessMotion';
import { coveredSides } from './coveredSides';

const URL_WRITE_DEBOUNCE_MS = 400;

/**
 * The first view's data is asked for at once, while MapLibre is still loading (on a slow link its worker and
 * the first answer then arrive together): the view is where the map will come to rest, known from its size. The
 * map is made where `openingOf` says (at rest, or at the start to glide there; a map page drew 14 frames in
 * Chromium here when made over Tehran only to jump, 11 made at rest). Null until the map's box has been measured.
 */
export function useOpeningView(
  screen: MapScreenRef,
  { container, fitZoomRange }: Pick<MapCamera, 'container' | 'fitZoomRange'>,
  link: DeepLink,
  start: Camera,
): Opening | null {
  const [opening, setOpening] = useState<Opening | null>(null);
  // As the page opened: a later change of the setting has no map left to make.
  const lessMotion = useRef(useLessMotion());
  useEffect(() => {
    // A phone's country view lies below the spec's lowest zoom: the map is made with the range that allows it.
    fitZoomRange();
    const box = container.current;
    const measured = box && { width: box.clientWidth, height: box.clientHeight, covered: coveredSides(box) };
    const { rest, opening } = openingOf(start, link.camera, measured, lessMotion.current);
    if (rest && measured) {
      const edges = edgesOfCamera(rest, measured.width, measured.height);
      screen.send({
        type: 'VIEW_CHANGED',
        view: { zoom: rest.zoom, bounds: clampBounds(edges.west, edges.south, edges.east, edges.north) },
      });
    }
    setOpening(opening);
  }, [screen, container, fitZoomRange, link, start]);
  return opening;
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
