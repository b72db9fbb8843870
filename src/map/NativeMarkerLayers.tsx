/**
 * Hands MapLibre's own marker layers (nativeMarkers.ts) their data and their images, from inside the map (a child
 * of it, so the map exists from its first effect: the images are offered before the style is first laid out).
 */
import { useEffect } from 'react';
import { useMap } from 'react-map-gl/maplibre';
import { NATIVE_SOURCES, provideMarkerImages, setNativeMarkers, type NativeMarkers } from './nativeMarkers';

interface NativeMarkerLayersProps {
  markers: NativeMarkers;
  /** The map has drawn these markers: their sources have loaded and a frame has been rendered since. */
  onDrawn(markers: NativeMarkers): void;
}

export function NativeMarkerLayers({ markers, onDrawn }: NativeMarkerLayersProps) {
  const map = useMap().current?.getMap();

  useEffect(() => (map ? provideMarkerImages(map) : undefined), [map]);

  // The markers go to the sources as soon as the style is read, well before the map's first full drawing, which
  // then includes them.
  useEffect(() => {
    if (!map) return;
    const check = () => {
      if (!NATIVE_SOURCES.every((id) => map.isSourceLoaded(id))) return;
      map.off('render', check);
      onDrawn(markers);
    };
    const hand = () => {
      if (!setNativeMarkers(map, markers)) return;
      map.off('styledata', hand);
      map.on('render', check);
      map.triggerRepaint();
    };
    map.on('styledata', hand);
    hand();
    return () => {
      map.off('styledata', hand);
      map.off('render', check);
    };
  }, [map, markers, onDrawn]);

  return null;
}
