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
import { BUBBLE_TEAL, PIN_RED } from './typeColours';

export interface LayerHandlers {
  /** `index`: the marker's position in the PointSet. */
  onMarkerClick(index: number): void;
  onClusterClick(cluster: ClusterItem): void;
}

/** An added type's locations: dots a little larger than the dense form's, ringed in white. */
const EXTRA_DOT_RADIUS_PX = 6;

/** The page's type's bubbles: green, a little see-through so what lies under them shows. */
export const PAGE_BUBBLES = `rgba(${BUBBLE_TEAL.join(', ')}, 0.86)`;

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

type Rgba = readonly [number, number, number, number];

/** Markers as dots, from the typed arrays as they are: a dot of `radius` px, filled and ringed as given. */
function dotsSpec(
  id: string,
  markers: PointSet,
  look: { radius: number; fill: Rgba; ring: Rgba; ringWidth: number },
  handlers: LayerHandlers,
): DeckLayerSpec {
  return scatterplotSpec({
    id,
    data: binaryOf(markers),
    pickable: true,
    radiusUnits: 'pixels',
    getRadius: look.radius,
    getFillColor: [...look.fill],
    getLineColor: [...look.ring],
    stroked: true,
    lineWidthUnits: 'pixels',
    getLineWidth: look.ringWidth,
    onClick: ({ index }: { index: number }) => index >= 0 && handlers.onMarkerClick(index),
  });
}

/** The page's type's markers as dots, when they are too many for pins. */
export function denseMarkerSpec(markers: PointSet, handlers: LayerHandlers): DeckLayerSpec {
  // The pin's red, edged in its darker red: overlapping dots read as a denser red, never a pale blob.
  const look = { radius: DOT_RADIUS_PX, fill: [...PIN_RED, 220], ring: [123, 36, 28, 255], ringWidth: 0.75 } as const;
  return dotsSpec('markers-dense', markers, look, handlers);
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
        : dotsSpec(
            `extra-markers-${key}`,
            markers,
            { radius: EXTRA_DOT_RADIUS_PX, fill: [...colour, 240], ring: [255, 255, 255, 255], ringWidth: 1.5 },
            handlers,
          ),
  };
}
