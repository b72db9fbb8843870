/**
 * deck.gl drawn inside MapLibre's own WebGL context (interleaved): one canvas, one frame, no compositing
 * of two canvases. MapLibreOverlay is deck.gl's MapLibre integration (the MapboxOverlay successor).
 */
import { MapLibreOverlay, type MapLibreOverlayProps } from '@deck.gl/maplibre';
import { useControl } from 'react-map-gl/maplibre';

export function DeckOverlay(props: MapLibreOverlayProps) {
  const overlay = useControl<MapLibreOverlay>(() => new MapLibreOverlay({ ...props, interleaved: true }));
  overlay.setProps(props);
  return null;
}
