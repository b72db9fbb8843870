/**
 * What the map draws for its data: cluster bubbles (a circle with the count in its centre), the markers as pins
 * (MapLibre's layers, nativeMarkers.ts) or, when dense, as dots (deck.gl, from the typed arrays as they are),
 * and the types added to the page's in their own colours.
 */
import type { ClusterItem } from '../../domain/gateway';
import type { PointSet } from '../../domain/pointsWire';
import { scatterplotSpec, type DeckLayerSpec } from './deckSpecs';
import { DENSE_MARKERS, DOT_RADIUS_PX } from './mapConstants';
import type { BubbleSet } from './nativeMarkers';
import { PIN_RED } from './typeColours';

export interface LayerHandlers {
  /** `index`: the marker's position in the PointSet. */
  onMarkerClick(index: number): void;
  onClusterClick(cluster: ClusterItem): void;
}

/** An added type's locations: dots a little larger than the dense form's, ringed in white. */
const EXTRA_DOT_RADIUS_PX = 6;

/** The page's type's bubbles: green, a little see-through so what lies under them shows. */
export const PAGE_BUBBLES = 'rgba(11, 110, 79, 0.86)';

type Rgb = readonly [number, number, number];

/** Whether a set is drawn as dots rather than pins (see DENSE_MARKERS). */
export const drawsDots = (markers: PointSet) => markers.count > DENSE_MARKERS;

export interface BinaryData {
  length: number;
  attributes: { getPosition: { value: Float32Array; size: 2 } };
}
/**
 * The typed arrays handed to deck.gl as they are (no object per point). One wrapper per set: deck.gl
 * uploads attributes again only when it sees new data, never on a re-render of the same set.
 */
const binaryData = new WeakMap<PointSet, BinaryData>();
function binaryOf(markers: PointSet): BinaryData {
  let data = binaryData.get(markers);
  if (!data) {
    data = { length: markers.count, attributes: { getPosition: { value: markers.positions, size: 2 } } };
    binaryData.set(markers, data);
  }
  return data;
}

const clickAt =
  (handlers: LayerHandlers) =>
  ({ index }: { index: number }) =>
    index >= 0 && handlers.onMarkerClick(index);

/** The page's type's markers as dots, when they are too many for pins. */
export function denseMarkerSpec(markers: PointSet, handlers: LayerHandlers): DeckLayerSpec {
  return scatterplotSpec({
    id: 'markers-dense',
    data: binaryOf(markers),
    pickable: true,
    radiusUnits: 'pixels',
    getRadius: DOT_RADIUS_PX,
    // The pin's red, edged in its darker red: overlapping dots read as a denser red, never a pale blob.
    getFillColor: [...PIN_RED, 220],
    getLineColor: [123, 36, 28, 255],
    stroked: true,
    lineWidthUnits: 'pixels',
    getLineWidth: 0.75,
    onClick: clickAt(handlers),
  });
}

/**
 * A type added to the page's, in its own colour and shape: round dots (not pins) and bubbles of its colour,
 * so it reads apart from the page's type by shape as well as colour. `key` keeps each type's layer apart.
 */
export function extraTypeDrawing(
  key: string,
  colour: Rgb,
  markers: PointSet,
  clusters: ClusterItem[],
  handlers: LayerHandlers,
): { bubbles: BubbleSet; dots: DeckLayerSpec | null } {
  const [r, g, b] = colour;
  return {
    bubbles: { clusters, colour: `rgba(${r}, ${g}, ${b}, 0.9)`, onClick: handlers.onClusterClick },
    dots:
      markers.count === 0
        ? null
        : scatterplotSpec({
            id: `extra-markers-${key}`,
            data: binaryOf(markers),
            pickable: true,
            radiusUnits: 'pixels',
            getRadius: EXTRA_DOT_RADIUS_PX,
            getFillColor: [...colour, 240],
            getLineColor: [255, 255, 255, 255],
            stroked: true,
            lineWidthUnits: 'pixels',
            getLineWidth: 1.5,
            onClick: clickAt(handlers),
          }),
  };
}
