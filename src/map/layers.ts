/** deck.gl layers for markers (pins) and cluster bubbles (a circle with the count in its centre). */
import { IconLayer, ScatterplotLayer, TextLayer } from '@deck.gl/layers';
import type { ClusterItem } from '../../domain/gateway';
import type { PointSet } from '../../domain/pointsWire';
import { formatCount } from '../i18n/format';
import { CLUSTER_RADIUS_PX, DENSE_MARKERS, DOT_RADIUS_PX, MARKER_HEIGHT_PX } from './mapConstants';
import { PIN_ICON } from './pinIcon';
import { PIN_RED } from './typeColours';

/** Radius 10 px; wider only where the count's digits would not fit inside it. */
/** Every character a bubble's count can have in the page's digits (its glyphs are drawn once, into an atlas). */
const BUBBLE_CHARACTERS = [...new Set(formatCount(1_234_567_890))].join('');

export function clusterRadius(count: number): number {
  const digits = formatCount(count).length;
  return digits <= 2 ? CLUSTER_RADIUS_PX : CLUSTER_RADIUS_PX + (digits - 2) * 3.5;
}

export interface LayerHandlers {
  /** `index`: the marker's position in the PointSet. */
  onMarkerClick(index: number): void;
  onClusterClick(cluster: ClusterItem): void;
}

/** An added type's locations: dots a little larger than the dense form's, ringed in white. */
const EXTRA_DOT_RADIUS_PX = 6;

/** The visitor's position ("near me"): a blue dot ringed in white, unlike any pin or bubble. */
const VISITOR_DOT_PX = 7;

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

/**
 * How large pins are drawn at a spec zoom: full size from a province's scale (8) in, smaller farther out, so
 * the 31 main offices at the whole country's scale stand apart with the province names between them instead
 * of a pile of 40-px pins over them.
 */
export function pinScale(zoom: number): number {
  return Math.min(1, Math.max(0.55, 0.55 + (zoom - 5) * 0.15));
}

function markerLayer(markers: PointSet, handlers: LayerHandlers, zoom: number) {
  const onClick = ({ index }: { index: number }) => index >= 0 && handlers.onMarkerClick(index);
  if (drawsDots(markers)) {
    return new ScatterplotLayer({
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
      onClick,
    });
  }
  return new IconLayer({
    id: 'markers',
    data: binaryOf(markers),
    pickable: true,
    getIcon: () => PIN_ICON,
    getSize: MARKER_HEIGHT_PX,
    sizeScale: pinScale(zoom),
    sizeUnits: 'pixels',
    onClick,
  });
}

type Rgb = readonly [number, number, number];

/** Cluster bubbles of one colour, ringed in white, with their counts in the centre. */
function bubbleLayers(
  ids: { bubbles: string; counts: string },
  fill: readonly [number, number, number, number],
  clusters: ClusterItem[],
  handlers: LayerHandlers,
) {
  return [
    new ScatterplotLayer<ClusterItem>({
      id: ids.bubbles,
      data: clusters,
      pickable: true,
      radiusUnits: 'pixels',
      getPosition: (d) => [d.Long, d.Lat],
      getRadius: (d) => clusterRadius(d.Count),
      getFillColor: [...fill],
      getLineColor: [255, 255, 255, 255],
      stroked: true,
      lineWidthUnits: 'pixels',
      getLineWidth: 1.5,
      onClick: ({ object }) => object && handlers.onClusterClick(object),
    }),
    new TextLayer<ClusterItem>({
      id: ids.counts,
      data: clusters,
      getPosition: (d) => [d.Long, d.Lat],
      getText: (d) => formatCount(d.Count),
      getSize: 11,
      getColor: [255, 255, 255, 255],
      fontFamily: 'Vazirmatn, sans-serif',
      fontWeight: 700,
      characterSet: BUBBLE_CHARACTERS,
      getTextAnchor: 'middle',
      getAlignmentBaseline: 'center',
    }),
  ];
}

/**
 * A type added to the page's, in its own colour and shape: round dots (not pins) and bubbles of its colour,
 * so it reads apart from the page's type by shape as well as colour. `key` keeps each type's layers apart.
 */
export function extraTypeLayers(
  key: string,
  colour: Rgb,
  markers: PointSet,
  clusters: ClusterItem[],
  handlers: LayerHandlers,
) {
  return [
    ...bubbleLayers(
      { bubbles: `extra-clusters-${key}`, counts: `extra-cluster-counts-${key}` },
      [...colour, 230],
      clusters,
      handlers,
    ),
    new ScatterplotLayer({
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
      onClick: ({ index }: { index: number }) => index >= 0 && handlers.onMarkerClick(index),
    }),
  ];
}

export function buildLayers(
  markers: PointSet,
  clusters: ClusterItem[],
  handlers: LayerHandlers,
  zoom: number,
  visitor: { lat: number; lon: number } | null = null,
) {
  return [
    ...bubbleLayers({ bubbles: 'clusters', counts: 'cluster-counts' }, [11, 110, 79, 220], clusters, handlers),
    markerLayer(markers, handlers, zoom),
    new ScatterplotLayer<{ lat: number; lon: number }>({
      id: 'visitor-position',
      data: visitor ? [visitor] : [],
      radiusUnits: 'pixels',
      getPosition: (d) => [d.lon, d.lat],
      getRadius: VISITOR_DOT_PX,
      getFillColor: [25, 103, 210, 255],
      getLineColor: [255, 255, 255, 255],
      stroked: true,
      lineWidthUnits: 'pixels',
      getLineWidth: 2.5,
    }),
  ];
}
