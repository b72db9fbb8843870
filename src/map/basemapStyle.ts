/**
 * The offline basemap: land, province borders and Persian province labels from the bundled provinces'
 * shapes, Persian town names from the bundled gazetteer, optionally over an OpenStreetMap raster layer
 * (VITE_TILE_URL; empty disables it) or under the server's own vector basemap when it has one
 * (vectorBasemap.ts).
 * No glyphs URL: MapLibre 6 shapes Persian itself with Vazirmatn given through the style's font-faces.
 */
import type { GeoJSONSource, Map as MapLibreMap, StyleSpecification } from 'maplibre-gl';
import type { FeatureCollection, Point } from 'geojson';
import arabicFont from '@fontsource/vazirmatn/files/vazirmatn-arabic-400-normal.woff2?url';
import latinFont from '@fontsource/vazirmatn/files/vazirmatn-latin-400-normal.woff2?url';
import { PROVINCE_SHAPES } from '../../domain/provinceShapes';
// Fetched by MapLibre as a file of its own once the map is up (loadSurroundings): neither in the first screen's
// script nor on the way to the map's first full drawing, which only Iran's provinces are.
import neighboursUrl from './data/neighbours.geo.json?url';
import { mapLibreZoomOf } from '../../domain/zoom';
import { provinceName } from '../i18n/names';
import { t } from '../i18n/words';
import { nativeMarkerLayers, nativeMarkerSources } from './nativeMarkers';
import { MAP_FONT, PROVINCE_BORDER_LAYER, TOWN_LABELS_MIN_ZOOM, VECTOR_BASEMAP_SOURCE } from './mapConstants';
import { fetchBasemapUrl } from '../api/gateway';
import { LANGUAGE } from '../i18n/language';

function labelPoints(): FeatureCollection<Point, { name: string }> {
  return {
    type: 'FeatureCollection',
    features: PROVINCE_SHAPES.features.map((f) => ({
      type: 'Feature',
      properties: { name: provinceName(f.properties.name_en, f.properties.name_fa) },
      geometry: { type: 'Point', coordinates: [f.properties.label_lon, f.properties.label_lat] },
    })),
  };
}

const NEIGHBOURS_SOURCE = 'neighbours';
const RASTER_SOURCE = 'osm';
/** The bundled towns' layers, left out under a vector basemap, whose places name the towns. */
const TOWN_DOT_LAYER = 'town-dot';
const TOWN_LABEL_LAYER = 'town-label';
const TOWNS_SOURCE = 'towns';
/** A muted violet no marker, bubble or border uses, so a town's dot is never taken for a location. */
export const TOWN_DOT = '#6d5a8c';
const SEA = '#9ecae1';
const NEIGHBOUR_LAND = '#e4e0d6';
const IRAN_LAND = '#fdfbf5';

const absolute = (url: string) => new URL(url, window.location.href).href;

export function basemapStyle(tileUrl: string | null): StyleSpecification {
  return {
    version: 8,
    'font-faces': {
      [MAP_FONT]: [
        { url: absolute(arabicFont), 'unicode-range': ['U+0600-06FF', 'U+200C-200E', 'U+FB50-FDFF', 'U+FE70-FEFC'] },
        { url: absolute(latinFont), 'unicode-range': ['U+0000-00FF'] },
      ],
    },
    sources: {
      ...nativeMarkerSources(),
      ...(tileUrl
        ? {
            [RASTER_SOURCE]: {
              type: 'raster',
              tiles: [tileUrl],
              tileSize: 256,
              maxzoom: 19,
              attribution: t.osmContributors,
            },
          }
        : {}),
      [NEIGHBOURS_SOURCE]: { type: 'geojson', data: { type: 'FeatureCollection', features: [] } },
      provinces: { type: 'geojson', data: PROVINCE_SHAPES, attribution: 'Natural Earth' },
      provinceLabels: { type: 'geojson', data: labelPoints() },
      [TOWNS_SOURCE]: { type: 'geojson', data: { type: 'FeatureCollection', features: [] } },
    },
    layers: [
      // Offline, the background is the sea; the neighbours' land and Iran's provinces lie on it.
      { id: 'background', type: 'background', paint: { 'background-color': SEA } },
      { id: 'neighbour-land', type: 'fill', source: NEIGHBOURS_SOURCE, paint: { 'fill-color': NEIGHBOUR_LAND } },
      {
        id: 'neighbour-border',
        type: 'line',
        source: NEIGHBOURS_SOURCE,
        paint: { 'line-color': '#b9b4a8', 'line-width': 0.8 },
      },
      {
        id: 'province-fill',
        type: 'fill',
        source: 'provinces',
        paint: { 'fill-color': IRAN_LAND },
      },
      // Above Iran's land, not through it: a tile that never arrives (offline, a failed request) leaves land,
      // not sea-coloured holes, under the markers.
      ...(tileUrl ? [{ id: RASTER_SOURCE, type: 'raster' as const, source: RASTER_SOURCE }] : []),
      {
        id: PROVINCE_BORDER_LAYER,
        type: 'line',
        source: 'provinces',
        paint: { 'line-color': '#8a8f98', 'line-width': ['interpolate', ['linear'], ['zoom'], 5, 0.8, 10, 2] },
      },
      {
        id: TOWN_DOT_LAYER,
        type: 'circle',
        source: TOWNS_SOURCE,
        minzoom: mapLibreZoomOf(TOWN_LABELS_MIN_ZOOM),
        paint: {
          'circle-radius': 3,
          'circle-color': TOWN_DOT,
          'circle-stroke-color': '#ffffff',
          'circle-stroke-width': 1,
        },
      },
      // Below the provinces' labels in the style, so a province's name wins where the two would collide.
      {
        id: TOWN_LABEL_LAYER,
        type: 'symbol',
        source: TOWNS_SOURCE,
        minzoom: mapLibreZoomOf(TOWN_LABELS_MIN_ZOOM),
        layout: {
          'text-field': ['get', 'name'],
          'text-font': [MAP_FONT],
          'text-size': ['interpolate', ['linear'], ['zoom'], mapLibreZoomOf(TOWN_LABELS_MIN_ZOOM), 11, 10, 14],
          'text-variable-anchor': ['left', 'right', 'top', 'bottom'],
          'text-radial-offset': 0.6,
        },
        paint: { 'text-color': '#4a4060', 'text-halo-color': '#ffffff', 'text-halo-width': 1.2 },
      },
      {
        id: 'province-label',
        type: 'symbol',
        source: 'provinceLabels',
        layout: {
          'text-field': ['get', 'name'],
          'text-font': [MAP_FONT],
          'text-size': ['interpolate', ['linear'], ['zoom'], 5, 11, 9, 16],
          'text-max-width': 8,
          // Beside a cluster bubble rather than under it (see nativeMarkers.ts).
          'text-variable-anchor': ['center', 'top', 'bottom', 'right', 'left'],
          'text-radial-offset': 0.9,
        },
        paint: { 'text-color': '#3d4550', 'text-halo-color': '#ffffff', 'text-halo-width': 1.5 },
      },
      // The locations' bubbles, pins and the visitor's dot, over everything.
      ...nativeMarkerLayers(),
    ],
  };
}

/**
 * Maps that draw streets: the server's vector basemap is up, or a raster tile has arrived. Without either,
 * the bundled basemap has provinces and towns only, and a location is framed with its nearest town
 * (useCameraRequests.ts) rather than shown alone at a street's scale.
 */
const detailed = new WeakSet<MapLibreMap>();

export function hasStreetDetail(map: MapLibreMap): boolean {
  return detailed.has(map);
}

/** Which basemap is drawn: the bundled one alone, or the server's vector basemap over it. */
export type BasemapKind = 'bundled' | 'vector';

/**
 * The neighbouring countries' land, the towns and, when the server has one, its vector basemap, drawn once
 * they arrive: called when the map has loaded. Resolves with the basemap drawn once its first tiles are.
 */
export async function loadSurroundings(
  map: MapLibreMap,
  { vectorBasemap }: { vectorBasemap: boolean },
): Promise<BasemapKind> {
  map.getSource<GeoJSONSource>(NEIGHBOURS_SOURCE)?.setData(absolute(neighboursUrl));
  const onTile = (event: { sourceId?: string; tile?: unknown }) => {
    if (event.sourceId !== RASTER_SOURCE || !event.tile) return;
    detailed.add(map);
    map.off('sourcedata', onTile);
  };
  if (map.getSource(RASTER_SOURCE)) map.on('sourcedata', onTile);
  // The towns are a help, not the map: a chunk that fails to arrive leaves the map as it was.
  import('./townLabels')
    .then(({ townFeatures }) => map.getSource<GeoJSONSource>(TOWNS_SOURCE)?.setData(townFeatures()))
    .catch(() => undefined);
  if (!vectorBasemap) return 'bundled';
  try {
    const url = await fetchBasemapUrl();
    if (url === null) return 'bundled';
    const { addVectorBasemap } = await import('./vectorBasemap');
    if (!(await addVectorBasemap(map, url, LANGUAGE, [RASTER_SOURCE, TOWN_DOT_LAYER, TOWN_LABEL_LAYER])))
      return 'bundled';
    detailed.add(map);
    return 'vector';
  } catch {
    return 'bundled';
  }
}

/**
 * Whether a map error is only a raster tile that did not arrive (offline, a filtered network, a tile server
 * that refuses): Iran's land is drawn under the tiles, so the map stays whole, and such errors are not logged.
 */
export function isMissingTile(event: { sourceId?: string }): boolean {
  return event.sourceId === RASTER_SOURCE || event.sourceId === VECTOR_BASEMAP_SOURCE;
}
