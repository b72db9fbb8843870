/**
 * The map's camera in spec terms: reads it, flies it, keeps the zoom range fitted to the canvas, and
 * reports each settled view (to the map's data, and whether the map is shown at all to the screen). Zoom is
 * converted between spec and MapLibre zoom here and only here.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { MapRef } from 'react-map-gl/maplibre';
import { useDebouncedCallback } from '@mantine/hooks';
import { mapLibreZoomOf, specZoomOf } from '../../domain/zoom';
import type { MapScreenRef } from '../../machines/mapScreen';
import type { MapDataRef } from './mapActors';
import { MAX_ZOOM, RECENTRE_DURATION_MS, RESIZE_DEBOUNCE_MS, ZOOM_STEP_DURATION_MS } from './mapConstants';
import { clampBounds, clampZoom, countryCamera, minZoomFor, type Camera } from './viewport';
import { coveredSides } from './coveredSides';

export interface Edges {
  west: number;
  south: number;
  east: number;
  north: number;
}

const hasSize = (box: HTMLElement | null): box is HTMLElement =>
  box !== null && box.clientWidth > 0 && box.clientHeight > 0;

export function useMapCamera(screen: MapScreenRef, data: MapDataRef, start: Camera) {
  const mapRef = useRef<MapRef>(null);
  const container = useRef<HTMLDivElement>(null);
  const [camera, setCamera] = useState<Camera>(start);
  const [view, setView] = useState<Edges>({ west: 0, south: 0, east: 0, north: 0 });
  const [minZoom, setMinZoom] = useState(clampZoom(start.zoom));
  const [loaded, setLoaded] = useState(false);
  const loadedNow = useRef(false);

  const readCamera = useCallback((): Camera | null => {
    const map = mapRef.current;
    if (!map) return null;
    const centre = map.getCenter();
    return { latitude: centre.lat, longitude: centre.lng, zoom: specZoomOf(map.getZoom()) };
  }, []);

  /**
   * The zoom now, read when it is needed (a bubble clicked): what only a click needs then does not change with every
   * move, and the markers handed to MapLibre with it are not handed again (its worker tiles them anew each time).
   */
  const zoomNow = useCallback(() => readCamera()?.zoom ?? clampZoom(start.zoom), [readCamera, start.zoom]);

  const flyTo = useCallback((target: Camera, duration = RECENTRE_DURATION_MS) => {
    mapRef.current?.flyTo({
      center: [target.longitude, target.latitude],
      zoom: mapLibreZoomOf(clampZoom(target.zoom, -Infinity)),
      duration,
      essential: false,
    });
  }, []);

  /**
   * One zoom step from where the last step is going while it is still under way, not from where its glide is
   * now: two quick clicks are two whole levels, as the visitor counted them, not one and a fraction. "Under way"
   * ends with the step's own `moveend` (its end, or another move taking over), not with a clock: on a busy phone
   * the glide's frames run late, and a clock said the step was over while the map still glided (two clicks from
   * zoom 8 ended at 6.12).
   */
  const stepping = useRef<{ zoom: number } | null>(null);
  const zoomBy = useCallback(
    (delta: number) => {
      const map = mapRef.current?.getMap();
      if (!map) return;
      const from = stepping.current && map.isZooming() ? stepping.current.zoom : specZoomOf(map.getZoom());
      const step = { zoom: Math.min(MAX_ZOOM, Math.max(minZoom, from + delta)) };
      stepping.current = step;
      // Every event of this glide carries its step (MapLibre's event data), so the end of an earlier glide that
      // this one interrupts is told apart from this one's.
      const ended = (event: object) => {
        if ((event as { zoomStep?: unknown }).zoomStep !== step) return;
        map.off('moveend', ended);
        if (stepping.current === step) stepping.current = null;
      };
      map.on('moveend', ended);
      map.easeTo(
        { zoom: mapLibreZoomOf(step.zoom), duration: ZOOM_STEP_DURATION_MS, essential: false },
        { zoomStep: step },
      );
    },
    [minZoom],
  );

  const showCountry = useCallback(() => {
    const box = container.current;
    if (box) flyTo(countryCamera(box.clientWidth, box.clientHeight, coveredSides(box)));
  }, [flyTo]);

  /**
   * Small screens may zoom out past the spec's 5, as far as the whole country needs; a hidden map waits. Measured
   * from the map's box, so the range is fitted before MapLibre makes the map there (useOpeningView) as well as after.
   */
  const fitZoomRange = useCallback(() => {
    const box = container.current;
    if (!hasSize(box)) return;
    const lowest = minZoomFor(box.clientWidth, box.clientHeight);
    mapRef.current?.getMap().setMinZoom(mapLibreZoomOf(lowest));
    setMinZoom(lowest);
  }, []);

  /** Reports the settled view once the map has loaded its style and has a size (a hidden tab has none). */
  const reportView = useCallback(() => {
    const map = mapRef.current;
    const now = readCamera();
    if (!loadedNow.current || !map || !now) return;
    if (!hasSize(container.current)) return void screen.send({ type: 'MAP_HIDDEN' });
    const bounds = map.getBounds();
    const edges = {
      west: bounds.getWest(),
      south: bounds.getSouth(),
      east: bounds.getEast(),
      north: bounds.getNorth(),
    };
    setCamera(now);
    setView(edges);
    // The screen hands the view to every type's map data.
    screen.send({
      type: 'VIEW_CHANGED',
      view: { zoom: now.zoom, bounds: clampBounds(edges.west, edges.south, edges.east, edges.north) },
    });
    screen.send({ type: 'MAP_SHOWN' });
  }, [screen, readCamera]);

  /**
   * The glide to the country waits for a map loaded hidden (a link to the statistics): framed with no size, the
   * country came out at the start's zoom 6, a third of Iran on a phone, when the map was first shown.
   */
  const countryWhenShown = useRef(false);
  const onResize = useDebouncedCallback(() => {
    fitZoomRange();
    if (countryWhenShown.current && hasSize(container.current)) {
      countryWhenShown.current = false;
      // Unless the map was already sent elsewhere (a province or a location asked for from the statistics).
      const now = readCamera();
      const unmoved =
        now !== null &&
        !mapRef.current?.isMoving() &&
        Math.abs(now.latitude - start.latitude) < 1e-6 &&
        Math.abs(now.longitude - start.longitude) < 1e-6;
      if (unmoved) showCountry();
    }
    reportView();
  }, RESIZE_DEBOUNCE_MS);
  useEffect(() => {
    const box = container.current;
    if (!box) return;
    const observer = new ResizeObserver(() => onResize());
    observer.observe(box);
    return () => observer.disconnect();
  }, [onResize]);

  /**
   * The style has loaded: the range is fitted, and the map either reports where it is (made where it comes to
   * rest) or glides to the country.
   */
  const onLoad = useCallback(
    (atRest: boolean) => {
      loadedNow.current = true;
      setLoaded(true);
      fitZoomRange();
      // The start over Tehran is not reported: the flight's end is, as the first view already asked for.
      if (atRest) reportView();
      else if (hasSize(container.current)) showCountry();
      else countryWhenShown.current = true;
      if (hasSize(container.current)) screen.send({ type: 'MAP_SHOWN' });
    },
    [fitZoomRange, reportView, showCountry, screen],
  );

  return {
    mapRef,
    container,
    camera,
    view,
    minZoom,
    loaded,
    readCamera,
    zoomNow,
    fitZoomRange,
    flyTo,
    zoomBy,
    showCountry,
    reportView,
    onLoad,
  };
}

export type MapCamera = ReturnType<typeof useMapCamera>;
