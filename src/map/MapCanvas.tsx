/** MapLibre's map (basemap, gestures) with deck.gl's layers drawn inside it; the camera is the hook's. */
import { useEffect, useMemo, type ReactNode } from 'react';
import { Map as BaseMap } from 'react-map-gl/maplibre';
import type { Layer } from '@deck.gl/core';
import type { MapLibreOverlayProps } from '@deck.gl/maplibre';
import { resolveTileUrl } from '../../domain/tiles';
import { mapLibreZoomOf } from '../../domain/zoom';
import { basemapStyle, isMissingTile, loadSurroundings } from './basemapStyle';
import { DeckOverlay } from './DeckOverlay';
import { installLabelBlockers } from './labelBlockers';
import { MAP_LOCALE } from './mapLocale';
import { LITE } from '../ui/lite';
import { mapDrawn } from '../ui/firstScreen';
import { MAX_ZOOM } from './mapConstants';
import type { MapCamera } from './useMapCamera';
import { clampZoom, type Camera } from './viewport';

interface MapCanvasProps {
  camera: MapCamera;
  start: Camera;
  deepLinked: boolean;
  layers: Layer[];
  /** The map's data for the view has arrived (markers, bubbles, or none): its first drawing is the real one. */
  settled: boolean;
  /** A tooltip for what is under the pointer (null for none). */
  getTooltip?: MapLibreOverlayProps['getTooltip'];
  onMoveEnd(): void;
  /** Clicks become an area's corners: the map points where it is clicked, and a double click does not zoom. */
  drawing?: boolean;
  onMapClick?(lon: number, lat: number): void;
  /** HTML drawn over the map at places (markers whose text deck.gl cannot shape). */
  children?: ReactNode;
}

export function MapCanvas({
  camera,
  start,
  deepLinked,
  layers,
  settled,
  getTooltip,
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
  // Exposed for tests and tooling: whether every layer (icon atlas included) has drawn its current data.
  const markDrawn = () => {
    const box = containerRef.current;
    const loaded = layers.every((layer) => layer.isLoaded);
    if (box) box.dataset['layersLoaded'] = String(loaded);
    // The first screen is whole once MapLibre has loaded too (its worker, the basemap's sources and fonts): what
    // waits for it (the bold face, the service worker) must not share the line with those.
    if (loaded && settled && camera.loaded) mapDrawn();
  };
  // The map's load may come after deck.gl's last drawing of the data: it completes the first screen then.
  useEffect(() => {
    if (camera.loaded && settled && layers.every((layer) => layer.isLoaded)) mapDrawn();
  }, [camera.loaded, settled, layers]);
  return (
    <BaseMap
      ref={mapRef}
      initialViewState={{
        latitude: start.latitude,
        longitude: start.longitude,
        zoom: mapLibreZoomOf(clampZoom(start.zoom)),
      }}
      minZoom={mapLibreZoomOf(camera.minZoom)}
      maxZoom={mapLibreZoomOf(MAX_ZOOM)}
      mapStyle={style}
      dragRotate={false}
      doubleClickZoom={!drawing}
      touchPitch={false}
      pitchWithRotate={false}
      attributionControl={{ compact: true }}
      locale={MAP_LOCALE}
      onLoad={(event) => {
        installLabelBlockers(event.target);
        // Exposed for tests and tooling: which basemap is drawn, once it is.
        void loadSurroundings(event.target, { vectorBasemap: !LITE }).then((kind) => {
          if (containerRef.current) containerRef.current.dataset['basemap'] = kind;
        });
        camera.onLoad(deepLinked);
      }}
      onClick={(event) => onMapClick?.(event.lngLat.lng, event.lngLat.lat)}
      onError={(event) => {
        // What the map component would log itself, minus the raster tiles that never came.
        if (!isMissingTile(event as { sourceId?: string })) console.error(event.error);
      }}
      onMoveEnd={() => {
        camera.reportView();
        onMoveEnd();
      }}
    >
      <DeckOverlay
        layers={layers}
        getTooltip={getTooltip}
        onAfterRender={markDrawn}
        getCursor={({ isHovering, isDragging }) =>
          isDragging ? 'grabbing' : drawing ? 'crosshair' : isHovering ? 'pointer' : 'grab'
        }
      />
      {children}
    </BaseMap>
  );
}
