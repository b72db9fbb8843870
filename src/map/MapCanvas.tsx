/**
 * MapLibre's map (basemap, gestures) with the locations drawn in it: bubbles and pins by MapLibre's own layers,
 * dense dots and the analyst's layers by deck.gl, whose code loads the first time a view needs it. The camera is
 * the hook's.
 */
import { useCallback, useEffect, useMemo, useRef, type ReactNode } from 'react';
import { AttributionControl, Map as BaseMap, type MapLayerMouseEvent } from 'react-map-gl/maplibre';
import type { Map as MapLibreMap } from 'maplibre-gl';
import { resolveTileUrl } from '../../domain/tiles';
import { mapLibreZoomOf } from '../../domain/zoom';
import { basemapStyle, isMissingTile, loadSurroundings } from './basemapStyle';
import type { DeckLayerSpec } from './deckSpecs';
import type { DeckLayersProps } from './DeckLayers';
import { CLICKABLE_LAYERS, type NativeMarkers } from './nativeMarkers';
import { NativeMarkerLayers } from './NativeMarkerLayers';
import { MAP_LOCALE } from './mapLocale';
import { SKYLESS_MAPLIBRE } from './skylessMap';
import { LITE } from '../ui/lite';
import { mapDrawn } from '../ui/firstScreen';
import { OnDemand, preloadAfterFirstScreen } from '../ui/OnDemand';
import { MAX_ZOOM } from './mapConstants';
import { INLINE_END } from '../i18n/language';
import { useLessMotion } from '../ui/useLessMotion';
import type { MapCamera } from './useMapCamera';
import { clampZoom, type Opening } from './viewport';

// deck.gl is not on the first map's way: it loads when a view has dense dots or an analyst's layer, and
// otherwise once the first screen is up, so a first such view seldom waits. A light page (Save-Data, a slow link)
// fetches its 170 kB only for a view that needs it.
const loadDeckLayers = () => import('./DeckLayers');
/** MapLibre's own fade of labels and symbols. */
const LABEL_FADE_MS = 300;
if (!LITE) preloadAfterFirstScreen(loadDeckLayers);

interface MapCanvasProps {
  camera: MapCamera;
  /** Where MapLibre makes the map (useOpeningView): nothing is made until the map's box has been measured. */
  opening: Opening | null;
  /** What MapLibre draws itself: bubbles, pins, the visitor's dot. */
  native: NativeMarkers;
  /** What deck.gl draws: dense dots, the analyst's layers. */
  deckLayers: readonly DeckLayerSpec[];
  /** The map's data for the view has arrived (markers, bubbles, or none): its first drawing is the real one. */
  settled: boolean;
  /** A tooltip for what deck.gl has under the pointer (null for none). */
  tooltip: DeckLayersProps['tooltip'];
  onMoveEnd(): void;
  /** Clicks become an area's corners: the map points where it is clicked, and a double click does not zoom. */
  drawing?: boolean;
  onMapClick?(lon: number, lat: number): void;
  /** HTML drawn over the map at places (markers whose text the map's canvas does not draw). */
  children?: ReactNode;
}

/** What has been drawn, for the map's "every layer drawn" (read by tests and tooling, and the first screen). */
interface Drawn {
  native: NativeMarkers | null;
  deck: readonly DeckLayerSpec[] | null;
}

export function MapCanvas({
  camera,
  opening,
  native,
  deckLayers,
  settled,
  tooltip,
  onMoveEnd,
  drawing = false,
  onMapClick,
  children,
}: MapCanvasProps) {
  // The refs by name: the compiler's checks then know the rest of the camera is state, read while rendering.
  const { container: containerRef, mapRef } = camera;
  // A light page draws no raster tiles: the bundled basemap is already in hand.
  const style = useMemo(
    () => basemapStyle(LITE ? null : resolveTileUrl(import.meta.env.VITE_TILE_URL as string | undefined)),
    [],
  );
  const drawn = useRef<Drawn>({ native: null, deck: null });
  // Exposed for tests and tooling: whether every layer (MapLibre's and deck.gl's) has drawn its current data.
  // The first screen is whole once MapLibre has loaded too (its worker, the basemap's sources and fonts): what
  // waits for it (the bold face, the service worker, deck.gl's code) must not share the line with those.
  const publish = useCallback(() => {
    const loaded = drawn.current.native === native && (deckLayers.length === 0 || drawn.current.deck === deckLayers);
    if (containerRef.current) containerRef.current.dataset['layersLoaded'] = String(loaded);
    if (loaded && settled && camera.loaded) mapDrawn();
  }, [native, deckLayers, settled, camera.loaded, containerRef]);
  useEffect(publish, [publish]);
  // The latest, for what MapLibre and deck.gl call back after drawing.
  const publishNow = useRef(publish);
  useEffect(() => {
    publishNow.current = publish;
  }, [publish]);

  const onNativeDrawn = useCallback((markers: NativeMarkers) => {
    drawn.current.native = markers;
    publishNow.current();
  }, []);

  // One cursor for both renderers: a pointer over anything clickable, a crosshair while drawing an area, and
  // otherwise MapLibre's own (grab, grabbing).
  const hovering = useRef({ native: false, deck: false });
  const cursor = useCallback(
    () => (drawing ? 'crosshair' : hovering.current.native || hovering.current.deck ? 'pointer' : ''),
    [drawing],
  );
  const showCursor = useCallback(
    (map: MapLibreMap | undefined) => {
      if (map) map.getCanvas().style.cursor = cursor();
    },
    [cursor],
  );
  useEffect(() => showCursor(mapRef.current?.getMap()), [showCursor, mapRef]);
  const hover = (event: MapLayerMouseEvent, over: boolean) => {
    hovering.current.native = over;
    showCursor(event.target);
  };

  const lessMotion = useLessMotion();
  const deckProps: DeckLayersProps = {
    specs: deckLayers,
    tooltip,
    onDrawn: (loaded, specs) => {
      drawn.current.deck = loaded ? specs : null;
      publishNow.current();
    },
    cursor: (over) => {
      hovering.current.deck = over;
      return cursor();
    },
  };

  if (!opening) return null;
  const start = opening.camera;
  return (
    <BaseMap
      ref={mapRef}
      mapLib={SKYLESS_MAPLIBRE}
      initialViewState={{
        latitude: start.latitude,
        longitude: start.longitude,
        // Within the range fitted to the map's box: a phone's whole country lies below the spec's lowest zoom.
        zoom: mapLibreZoomOf(clampZoom(start.zoom, camera.minZoom)),
      }}
      minZoom={mapLibreZoomOf(camera.minZoom)}
      maxZoom={mapLibreZoomOf(MAX_ZOOM)}
      mapStyle={style}
      dragRotate={false}
      doubleClickZoom={!drawing}
      touchPitch={false}
      pitchWithRotate={false}
      attributionControl={false}
      locale={MAP_LOCALE}
      // A visitor who asked for less motion gets labels and pins at once, not faded in over 300 ms of frames
      // (MapLibre heeds the setting for camera moves only).
      fadeDuration={lessMotion ? 0 : LABEL_FADE_MS}
      interactiveLayerIds={CLICKABLE_LAYERS}
      onLoad={(event) => {
        // Exposed for tests and tooling: which basemap is drawn, once it is.
        void loadSurroundings(event.target, { vectorBasemap: !LITE }).then((kind) => {
          if (containerRef.current) containerRef.current.dataset['basemap'] = kind;
        });
        camera.onLoad(opening.atRest);
      }}
      onMouseEnter={(event) => hover(event, true)}
      onMouseLeave={(event) => hover(event, false)}
      onClick={(event) => {
        if (drawing) return onMapClick?.(event.lngLat.lng, event.lngLat.lat);
        const action = event.features?.[0]?.properties['action'];
        if (typeof action === 'number') native.actions[action]?.();
      }}
      onError={(event) => {
        // What the map component would log itself, minus the raster tiles that never came.
        if (!isMissingTile(event as { sourceId?: string })) console.error(event.error);
      }}
      onMoveEnd={() => {
        camera.reportView();
        onMoveEnd();
      }}
    >
      {/* The map's credit on the side its buttons are, away from the sidebar (which opens on the page's start side:
          on a Persian page at MapLibre's own place, bottom right, the open sidebar covered it). */}
      <AttributionControl compact position={`bottom-${INLINE_END}`} />
      <NativeMarkerLayers markers={native} onDrawn={onNativeDrawn} />
      {/* After the map's own layers exist: deck.gl's go under them (beforeId), which needs them there. */}
      <OnDemand load={loadDeckLayers} shown={camera.loaded && deckLayers.length > 0} props={deckProps} />
      {children}
    </BaseMap>
  );
}
