/**
 * What the map screen does beside rendering, in one place: the first view and where the map is made, the open
 * dialog and the camera kept in the address, the camera moved when the screen's machine asks (a place chosen, the
 * nearest listed), and the printed map's picture.
 */
import type { Camera, DeepLink } from '../url/deepLink';
import type { MapScreenRef } from '../../machines/mapScreen';
import type { DetailDialogRef, NearMeRef } from './mapActors';
import { useCameraRequests, useFrameNearest } from './useCameraRequests';
import type { MapCamera } from './useMapCamera';
import { useCameraInUrl, useDialogInUrl, useOpeningView, usePrintImage } from './useMapSideEffects';

export function useMapScreenEffects(
  { screen, dialog, nearMe }: { screen: MapScreenRef; dialog: DetailDialogRef; nearMe: NearMeRef },
  camera: MapCamera,
  { link, start }: { link: DeepLink; start: Camera },
) {
  const opening = useOpeningView(screen, camera, link, start);
  useDialogInUrl(dialog, link);
  useCameraRequests(screen, camera);
  useFrameNearest(nearMe, camera);
  return { opening, writeUrl: useCameraInUrl(camera.readCamera), printImage: usePrintImage(camera.mapRef) };
}
