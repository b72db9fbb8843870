/**
 * The bubbles, the pins and the visitor's dot, drawn by MapLibre's own layers: the first map needs no other
 * renderer (deck.gl, which draws the dense dots and the analyst's layers, loads when a view needs it). The
 * bubbles' counts are MapLibre text, shaped in the map's font in the page's digits, and each count carries an
 * invisible box the size of its bubble, so the province names make way for the bubbles.
 */
import type { FeatureCollection, Point } from 'geojson';
import type { GeoJSONSource, LayerSpecification, Map as MapLibreMap, SourceSpecification } from 'maplibre-gl';
import type { ClusterItem } from '../../domain/gateway';
import type { PointSet } from '../../domain/pointsWire';
import { mapLibreZoomOf } from '../../domain/zoom';
import { formatCount } from '../i18n/format';
import { CLUSTER_RADIUS_PX, MAP_FONT } from './mapConstants';
import { PIN_PIXEL_RATIO, pinImage } from './pinIcon';

export const BUBBLE_SOURCE = 'bubbles';
export const PIN_SOURCE = 'pins';
export const VISITOR_SOURCE = 'visitor';
export const NATIVE_SOURCES = [BUBBLE_SOURCE, PIN_SOURCE, VISITOR_SOURCE];
export const BUBBLE_LAYER = 'bubbles';
const BUBBLE_COUNT_LAYER = 'bubble-counts';
export const PIN_LAYER = 'pins';
const VISITOR_LAYER = 'visitor';
/** The lowest of these layers: deck.gl's layers for the analyst (far places, counties, an area) go under it. */
export const NATIVE_MARKERS_BOTTOM = BUBBLE_LAYER;
/** The layers a click or a hover can hit. */
export const CLICKABLE_LAYERS = [BUBBLE_LAYER, PIN_LAYER];

const PIN_IMAGE = 'pin';
const BLOCKER_IMAGE = 'bubble-blocker';
/** Side of the blocker image in px; scaled per bubble. */
const BLOCKER_IMAGE_PX = 24;

/** Radius 10 px; wider only where the count's digits would not fit inside it. */
export function clusterRadius(count: number): number {
  const digits = formatCount(count).length;
  return digits <= 2 ? CLUSTER_RADIUS_PX : CLUSTER_RADIUS_PX + (digits - 2) * 3.5;
}

/**
 * How large pins are drawn at a spec zoom: full size from a province's scale (8) in, smaller farther out, so
 * the 31 main offices at the whole country's scale stand apart with the province names between them instead
 * of a pile of 40-px pins over them.
 */
export function pinScale(zoom: number): number {
  return Math.min(1, Math.max(0.55, 0.55 + (zoom - 5) * 0.15));
}

/** What a click on a drawn bubble or pin does: features name their action by its place in the list. */
export type MarkerAction = () => void;

interface BubbleProperties {
  action: number;
  radius: number;
  colour: string;
  label: string;
  blocker: number;
}
interface PinProperties {
  action: number;
}

export interface NativeMarkers {
  bubbles: FeatureCollection<Point, BubbleProperties>;
  pins: FeatureCollection<Point, PinProperties>;
  visitor: FeatureCollection<Point>;
  actions: MarkerAction[];
}

/** One set of bubbles: a type's clusters in its colour (`rgba`), and what a click on one does. */
export interface BubbleSet {
  clusters: readonly ClusterItem[];
  colour: string;
  onClick(cluster: ClusterItem): void;
}

/** The pins of a set of markers (`onClick` gets the marker's position in the set). */
export interface PinSet {
  markers: PointSet;
  onClick(index: number): void;
}

const point = (lon: number, lat: number): Point => ({ type: 'Point', coordinates: [lon, lat] });

export function nativeMarkers(
  bubbleSets: readonly BubbleSet[],
  pinSet: PinSet | null,
  visitor: { lat: number; lon: number } | null,
): NativeMarkers {
  const actions: MarkerAction[] = [];
  const bubbles = bubbleSets.flatMap(({ clusters, colour, onClick }) =>
    clusters.map((cluster) => {
      const radius = clusterRadius(cluster.Count);
      return {
        type: 'Feature' as const,
        properties: {
          action: actions.push(() => onClick(cluster)) - 1,
          radius,
          colour,
          label: formatCount(cluster.Count),
          blocker: (2 * radius + 4) / BLOCKER_IMAGE_PX,
        },
        geometry: point(cluster.Long, cluster.Lat),
      };
    }),
  );
  const pins = [];
  if (pinSet) {
    const { positions, count } = pinSet.markers;
    for (let i = 0; i < count; i++) {
      pins.push({
        type: 'Feature' as const,
        properties: { action: actions.push(() => pinSet.onClick(i)) - 1 },
        geometry: point(positions[i * 2]!, positions[i * 2 + 1]!),
      });
    }
  }
  return {
    bubbles: { type: 'FeatureCollection', features: bubbles },
    pins: { type: 'FeatureCollection', features: pins },
    visitor: {
      type: 'FeatureCollection',
      features: visitor ? [{ type: 'Feature', properties: {}, geometry: point(visitor.lon, visitor.lat) }] : [],
    },
    actions,
  };
}

const empty = (): FeatureCollection => ({ type: 'FeatureCollection', features: [] });

/**
 * The sources, empty until the map's data is handed to them: part of the style, so the data can be handed over
 * as soon as the style is read, well before the map's first full drawing, which then includes it.
 */
export function nativeMarkerSources(): Record<string, SourceSpecification> {
  return Object.fromEntries(NATIVE_SOURCES.map((id) => [id, { type: 'geojson', data: empty() }]));
}

/**
 * The layers, last in the style, above the basemap: their symbols are placed first, so the labels make way for
 * the bubbles.
 */
export function nativeMarkerLayers(): LayerSpecification[] {
  return [
    {
      id: BUBBLE_LAYER,
      type: 'circle',
      source: BUBBLE_SOURCE,
      paint: {
        'circle-radius': ['get', 'radius'],
        'circle-color': ['get', 'colour'],
        'circle-stroke-color': '#ffffff',
        'circle-stroke-width': 1.5,
      },
    },
    {
      id: BUBBLE_COUNT_LAYER,
      type: 'symbol',
      source: BUBBLE_SOURCE,
      layout: {
        'icon-image': BLOCKER_IMAGE,
        'icon-size': ['get', 'blocker'],
        'icon-allow-overlap': true,
        'text-field': ['get', 'label'],
        'text-font': [MAP_FONT],
        'text-size': 11,
        'text-allow-overlap': true,
        'text-ignore-placement': true,
      },
      // A halo in the bubble's own colour thickens the digits as a bold face would, without another font file.
      paint: { 'text-color': '#ffffff', 'text-halo-color': ['get', 'colour'], 'text-halo-width': 0.4 },
    },
    {
      id: PIN_LAYER,
      type: 'symbol',
      source: PIN_SOURCE,
      layout: {
        'icon-image': PIN_IMAGE,
        'icon-anchor': 'bottom',
        'icon-size': [
          'interpolate',
          ['linear'],
          ['zoom'],
          mapLibreZoomOf(5),
          pinScale(5),
          mapLibreZoomOf(8),
          pinScale(8),
        ],
        'icon-allow-overlap': true,
        'icon-ignore-placement': true,
      },
    },
    {
      id: VISITOR_LAYER,
      type: 'circle',
      source: VISITOR_SOURCE,
      paint: {
        'circle-radius': 7,
        'circle-color': 'rgb(25, 103, 210)',
        'circle-stroke-color': '#ffffff',
        'circle-stroke-width': 2.5,
      },
    },
  ];
}

/** The images the layers use, drawn when MapLibre first asks for them (a style holds no images of its own). */
const IMAGES: Record<
  string,
  () => { data: ImageData | { width: number; height: number; data: Uint8Array }; pixelRatio: number }
> = {
  [PIN_IMAGE]: () => ({ data: pinImage(), pixelRatio: PIN_PIXEL_RATIO }),
  // Transparent: only its box counts, which the province names make way for.
  [BLOCKER_IMAGE]: () => ({
    data: {
      width: BLOCKER_IMAGE_PX,
      height: BLOCKER_IMAGE_PX,
      data: new Uint8Array(BLOCKER_IMAGE_PX * BLOCKER_IMAGE_PX * 4),
    },
    pixelRatio: 1,
  }),
};

/**
 * Answers MapLibre's requests for the layers' images (its missing-image resolver, which it awaits before laying
 * the layers out); returns the way to stop.
 */
export function provideMarkerImages(map: MapLibreMap): () => void {
  map.setMissingStyleImageResolver((id) => {
    const image = IMAGES[id];
    if (!image || map.hasImage(id)) return;
    const { data, pixelRatio } = image();
    map.addImage(id, data, { pixelRatio });
  });
  return () => void map.setMissingStyleImageResolver(null);
}

/** Hands the map what to draw now; false while the style (which holds the sources) is not yet read. */
export function setNativeMarkers(map: MapLibreMap, markers: NativeMarkers): boolean {
  if (!map.getSource(BUBBLE_SOURCE)) return false;
  map.getSource<GeoJSONSource>(BUBBLE_SOURCE)?.setData(markers.bubbles);
  map.getSource<GeoJSONSource>(PIN_SOURCE)?.setData(markers.pins);
  map.getSource<GeoJSONSource>(VISITOR_SOURCE)?.setData(markers.visitor);
  return true;
}
