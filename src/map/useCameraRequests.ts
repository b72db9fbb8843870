/**
 * Flies the camera where the map screen says (a location close enough for its pin, a province, a set of places,
 * the country),
 * and frames each list of the nearest with where it is measured from.
 */
import { useEffect } from 'react';
import { LngLat, type Map as MapLibreMap } from 'maplibre-gl';
import { mapLibreZoomOf, specZoomOf } from '../../domain/zoom';
import type { MapFocus, MapScreenRef } from '../../machines/mapScreen';
import { PHONE_MEDIA_QUERY } from '../../domain/breakpoints';
import { hasStreetDetail } from './basemapStyle';
import { MARKER_HEIGHT_PX, MAX_ZOOM, PHONE_SHEET_SHARE, TOWN_LABELS_MIN_ZOOM } from './mapConstants';
import { provinceBounds } from './provinceBounds';
import { coveredSides, whenSidePanelShown } from './coveredSides';
import { INLINE_END } from '../i18n/language';
import type { NearMeRef } from './mapActors';
import type { MapCamera } from './useMapCamera';
import type { Camera } from './viewport';

/**
 * A location opened from a list or a search, on a map with streets, is shown at least this close (spec zoom),
 * and where its type draws pins; on the bundled map alone it is framed with its nearest town instead.
 */
const LOCATION_ZOOM = 14;
const FOCUS_DURATION_MS = 1200;
/** Room beside a framed town's dot for its name, which is placed on whichever side it fits. */
const TOWN_LABEL_ROOM_PX = 24;

/** The camera's moves, all stable across renders (so subscriptions are made once, not on every render). */
type CameraMoves = Pick<MapCamera, 'showCountry' | 'readCamera' | 'flyTo' | 'mapRef'>;

/**
 * The map with its camera sized to its container. A map shown again (the map tab after the statistics) gets
 * its new size from MapLibre's own resize observer, which may come after a framing asked meanwhile: framed for
 * the old size, with the sidebar's padding, Fars was centred at 72.9 E (seen in CI). Frame after this.
 */
function sizedToContainer(map: MapLibreMap): MapLibreMap {
  const canvas = map.getCanvas();
  const box = map.getContainer();
  if (canvas.clientWidth !== box.clientWidth || canvas.clientHeight !== box.clientHeight) map.resize();
  return map;
}

/** Each map's count of locations framed with their town, so a slower earlier one never flies after a later one. */
const flights = new WeakMap<MapLibreMap, number>();

function fly(camera: CameraMoves, focus: MapFocus): void {
  if (focus.kind === 'country') return camera.showCountry();
  if (focus.kind === 'location') {
    const zoom = Math.max(camera.readCamera()?.zoom ?? 0, focus.minZoom ?? 0, LOCATION_ZOOM);
    const at = { latitude: focus.latitude, longitude: focus.longitude, zoom };
    const map = camera.mapRef.current?.getMap();
    if (!map || hasStreetDetail(map)) return camera.flyTo(at, FOCUS_DURATION_MS);
    // Only the latest request of a map flies: one made while the towns were read replaces this one.
    const ticket = (flights.get(map) ?? 0) + 1;
    flights.set(map, ticket);
    const current = camera.readCamera()?.zoom ?? 0;
    void withNearestTown(map, at, focus.minZoom ?? 0).then((framed) => {
      if (flights.get(map) !== ticket) return;
      // Never farther out than the visitor already was: a place chosen at street zoom from the list in view went
      // out to its type's pin zoom (12 to 10) to fit a town; it is centred at the zoom the visitor chose instead.
      camera.flyTo(framed.zoom >= current ? framed : { ...at, zoom: current }, FOCUS_DURATION_MS);
    });
    return;
  }
  if (focus.kind === 'box') {
    frameBesidePanel(camera.mapRef, [focus.south, focus.north], [focus.west, focus.east]);
    return;
  }
  const bounds = provinceBounds(focus.enName);
  const map = camera.mapRef.current?.getMap();
  if (!bounds || !map) return;
  const covered = coveredSides(map.getContainer());
  sizedToContainer(map).fitBounds(
    [
      [bounds[0], bounds[1]],
      [bounds[2], bounds[3]],
    ],
    {
      padding: { top: 24, bottom: 24, left: 24 + covered.left, right: 24 + covered.right },
      duration: FOCUS_DURATION_MS,
      maxZoom: mapLibreZoomOf(MAX_ZOOM),
    },
  );
}

/**
 * Where to show a location on a map without streets: with the town nearest it in the same view, as close as
 * both fit (never closer than `at`), so its pin stands beside a named place instead of alone in an empty
 * field. A town too far for that leaves the location centred at the zoom its type draws pins from, or the
 * zoom where towns are named, whichever is closer. Any failure (the towns' chunk not arriving) shows `at`.
 */
async function withNearestTown(map: MapLibreMap, at: Camera, pinsFrom: number): Promise<Camera> {
  try {
    const { nearestTown } = await import('./townLabels');
    const town = nearestTown(at.longitude, at.latitude);
    const framed = sizedToContainer(map).cameraForBounds(
      [
        [Math.min(at.longitude, town.lon), Math.min(at.latitude, town.lat)],
        [Math.max(at.longitude, town.lon), Math.max(at.latitude, town.lat)],
      ],
      { padding: framePadding(map.getContainer(), TOWN_LABEL_ROOM_PX), maxZoom: mapLibreZoomOf(at.zoom) },
    );
    const nearest = Math.max(pinsFrom, TOWN_LABELS_MIN_ZOOM);
    if (!framed?.center || framed.zoom === undefined || specZoomOf(framed.zoom) < nearest)
      return { ...at, zoom: nearest };
    const centre = LngLat.convert(framed.center);
    return { latitude: centre.lat, longitude: centre.lng, zoom: specZoomOf(framed.zoom) };
  } catch {
    return at;
  }
}

export function useCameraRequests(screen: MapScreenRef, { showCountry, readCamera, flyTo, mapRef }: MapCamera): void {
  useEffect(() => {
    const moves = { showCountry, readCamera, flyTo, mapRef };
    const subscription = screen.on('camera', ({ focus }) => fly(moves, focus));
    return () => subscription.unsubscribe();
  }, [screen, showCountry, readCamera, flyTo, mapRef]);
}

const FRAME_PADDING_PX = 48;
/** How far above its place a nearest tag reaches: the pin it stands on, its tail (8 px) and itself (24 px). */
const NEAREST_TAG_REACH_PX = MARKER_HEIGHT_PX + 32;
const CONTROLS_WIDTH_PX = 36;

/** Room to keep free under the framed places: on a phone the sheet covers the map's lower part. */
function bottomPadding(container: HTMLElement): number {
  if (!window.matchMedia(PHONE_MEDIA_QUERY).matches) return FRAME_PADDING_PX;
  const sheetTop = window.innerHeight * (1 - PHONE_SHEET_SHARE);
  const covered = container.getBoundingClientRect().bottom - sheetTop;
  // Never more than the map leaves: a short map keeps at least a third of its height to frame in.
  return Math.max(FRAME_PADDING_PX, Math.min(covered + 24, (container.clientHeight * 2) / 3));
}

/** Room around framed places: the map's controls, panels over it, a phone's sheet, and `room` more on every side. */
function framePadding(container: HTMLElement, room = 0) {
  const covered = coveredSides(container);
  return {
    top: FRAME_PADDING_PX + room,
    left: covered.left + FRAME_PADDING_PX + room,
    right: covered.right + FRAME_PADDING_PX + room,
    // The zoom buttons and map actions stand along the inline end: the left edge in Persian, the right in English.
    [INLINE_END]: covered[INLINE_END] + FRAME_PADDING_PX + CONTROLS_WIDTH_PX + room,
    bottom: bottomPadding(container) + room,
  };
}

/** Places framed together with room for their numbered tags, clear of the controls and panels over the map. */
function framePlaces(map: MapLibreMap, lats: readonly number[], lons: readonly number[]): void {
  const padding = framePadding(map.getContainer());
  sizedToContainer(map).fitBounds(
    [
      [Math.min(...lons), Math.min(...lats)],
      [Math.max(...lons), Math.max(...lats)],
    ],
    {
      // The numbered tags stand above their pins: room above the northernmost for its pin and its tag.
      padding: { ...padding, top: padding.top + NEAREST_TAG_REACH_PX },
      duration: FOCUS_DURATION_MS,
      maxZoom: mapLibreZoomOf(LOCATION_ZOOM),
    },
  );
}

/**
 * Places framed beside the panel listing them, once it is shown (a phone's sheet is kept clear below); returns
 * how to call the framing off.
 */
function frameBesidePanel(mapRef: CameraMoves['mapRef'], lats: readonly number[], lons: readonly number[]): () => void {
  const frame = () => {
    const map = mapRef.current?.getMap();
    if (map) framePlaces(map, lats, lons);
  };
  if (window.matchMedia(PHONE_MEDIA_QUERY).matches) {
    frame();
    return () => {};
  }
  return whenSidePanelShown(frame);
}

/** Each new list of the nearest is framed with its origin (the visitor, or the chosen town), so both are seen. */
export function useFrameNearest(nearMe: NearMeRef, { mapRef }: MapCamera): void {
  useEffect(() => {
    let wasListed = nearMe.getSnapshot().matches('listed');
    let cancel = () => {};
    const subscription = nearMe.subscribe((snapshot) => {
      const listed = snapshot.matches('listed');
      const { position, results } = snapshot.context;
      if (listed && !wasListed && position && results.length > 0) {
        const lats = [position.lat, ...results.map((r) => r.Lat)];
        const lons = [position.lon, ...results.map((r) => r.Long)];
        cancel();
        cancel = frameBesidePanel(mapRef, lats, lons);
      }
      wasListed = listed;
    });
    return () => {
      cancel();
      subscription.unsubscribe();
    };
  }, [nearMe, mapRef]);
}
