/**
 * deck.gl drawn inside MapLibre's own WebGL context (interleaved): one canvas, one frame, no compositing of two
 * canvases. Loaded on demand (MapCanvas.tsx): this module is the only one that imports deck.gl's code; the rest
 * of the app hands it layer specs (deckSpecs.ts).
 */
import { useEffect, useMemo } from 'react';
import type { Layer, PickingInfo } from '@deck.gl/core';
import { IconLayer, PathLayer, ScatterplotLayer, SolidPolygonLayer } from '@deck.gl/layers';
import { MapLibreOverlay, type MapLibreOverlayProps } from '@deck.gl/maplibre';
import { useControl, useMap } from 'react-map-gl/maplibre';
import type { DeckLayerKind, DeckLayerSpec } from './deckSpecs';
import { coveredSides, MAP_BUTTONS_CLASS } from './coveredSides';
import { tooltipPlacement } from './tooltipPlacement';

/** The class that draws each kind of spec: a new kind joins with one entry. */
const LAYER_CLASSES: Record<DeckLayerKind, new (props: never) => Layer> = {
  scatterplot: ScatterplotLayer,
  path: PathLayer,
  solidPolygon: SolidPolygonLayer,
  icon: IconLayer,
};

const layerOf = (spec: DeckLayerSpec): Layer => new LAYER_CLASSES[spec.kind](spec.props as never);

type Tooltip = ReturnType<NonNullable<MapLibreOverlayProps['getTooltip']>>;

/** A tooltip kept inside the map and clear of its buttons, wherever the pointer is (tooltipPlacement.ts). */
function placed(tip: Tooltip, { x, y, viewport }: PickingInfo, map: HTMLElement | undefined): Tooltip {
  if (tip === null || !viewport) return tip;
  const content = typeof tip === 'string' ? { text: tip } : tip;
  const clear = map ? coveredSides(map, `.${MAP_BUTTONS_CLASS}`) : undefined;
  return {
    ...content,
    style: { ...content.style, ...tooltipPlacement(x, y, viewport.width, viewport.height, clear) },
  };
}

export interface DeckLayersProps {
  specs: readonly DeckLayerSpec[];
  /** A tooltip for what is under the pointer (null for none): the object picked and its layer's id. */
  tooltip(object: unknown, layerId: string | undefined): Tooltip;
  /** After each drawing: whether every layer has drawn its data, and the specs it drew. */
  onDrawn(loaded: boolean, specs: readonly DeckLayerSpec[]): void;
  /** The map's cursor, given whether deck.gl has something pickable under the pointer. */
  cursor(hovering: boolean): string;
}

function Overlay(props: MapLibreOverlayProps) {
  const overlay = useControl<MapLibreOverlay>(() => new MapLibreOverlay({ ...props, interleaved: true }));
  overlay.setProps(props);
  // deck.gl puts its layers into the map's style only while no source is loading, and tries again only when the
  // style or the layers change: layers handed over while a source loaded (the markers' data, the towns) were
  // never drawn. They are handed over once more when the map is next idle (nothing loading then); deck.gl adds
  // what is missing, and nothing else.
  const map = useMap().current?.getMap();
  const { layers } = props;
  useEffect(() => {
    if (!map) return;
    const again = () => overlay.setProps({ layers });
    map.once('idle', again);
    return () => void map.off('idle', again);
  }, [map, overlay, layers]);
  return null;
}

export default function DeckLayers({ specs, tooltip, onDrawn, cursor }: DeckLayersProps) {
  const layers = useMemo(() => specs.map(layerOf), [specs]);
  const map = useMap().current?.getMap();
  return (
    <Overlay
      layers={layers}
      getTooltip={(info: PickingInfo) => placed(tooltip(info.object, info.layer?.id), info, map?.getContainer())}
      onAfterRender={() =>
        onDrawn(
          layers.every((layer) => layer.isLoaded),
          specs,
        )
      }
      // One cursor for both renderers: MapCanvas knows what MapLibre's own layers have under the pointer.
      getCursor={({ isHovering }) => cursor(isHovering)}
    />
  );
}
