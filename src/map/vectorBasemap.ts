/**
 * The server's own vector basemap (a PMTiles archive in Protomaps' schema), laid over the bundled one once
 * the map is up: roads, water, land use and named places down to the street, read with range requests from
 * our own server, with no tile server anyone else runs. Loaded as a chunk of its own, only when the server
 * has a basemap. The bundled land stays under it, so tiles that do not arrive (offline) leave the map whole.
 */
import { addProtocol, type LayerSpecification, type Map as MapLibreMap } from 'maplibre-gl';
import { layers, namedFlavor } from '@protomaps/basemaps';
import { Protocol } from 'pmtiles';
import type { Language } from '../../domain/language';
import { MAP_FONT, PROVINCE_BORDER_LAYER as BELOW, VECTOR_BASEMAP_SOURCE as VECTOR_SOURCE } from './mapConstants';
const PROTOCOL = 'pmtiles';

/**
 * Layers left out: the sea-grey background would hide the bundled neighbours' land where the archive ends;
 * points of interest would be taken for the organisation's locations; the region names repeat the
 * provinces' own labels; one-way arrows are icons only.
 */
const LEFT_OUT = new Set(['background', 'pois', 'places_region', 'roads_oneway']);

/** Every text in the Protomaps style is in Noto Sans; ours shapes Persian with the map's own font face. */
function withMapFont(value: unknown): unknown {
  if (typeof value === 'string') return value.startsWith('Noto Sans') ? MAP_FONT : value;
  if (Array.isArray(value)) return value.map(withMapFont);
  if (value !== null && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, withMapFont(inner)]));
  return value;
}

/** Protomaps' light style in the page's language, with no sprite: icons (town dots, shields) are dropped. */
export function vectorBasemapLayers(language: Language): LayerSpecification[] {
  return layers(VECTOR_SOURCE, namedFlavor('light'), { lang: language })
    .filter((layer) => !LEFT_OUT.has(layer.id))
    .map((layer) => {
      const shaped = withMapFont(layer) as LayerSpecification;
      if (shaped.type === 'symbol' && shaped.layout) {
        const { 'icon-image': _icon, ...layout } = shaped.layout;
        return { ...shaped, layout };
      }
      return shaped;
    });
}

let protocolAdded = false;

/**
 * Adds the archive at `url` and its layers, hiding the `hide` layers it draws better. Resolves true when its first
 * tiles are drawn; false when the archive cannot be read at all (its header refused, unreachable, not an archive):
 * its layers and source are taken out again and the hidden ones shown, so the bundled map is whole, towns included.
 * The failure is waited for as such, not as the map's next idle: MapLibre draws no new frame when a source's
 * header fails, so an idle awaited then comes only with whatever draws next, if anything does (issue 56: the
 * browser test of an unreachable archive waited over 60 s for it on a loaded machine).
 */
export function addVectorBasemap(map: MapLibreMap, url: string, language: Language, hide: string[]): Promise<boolean> {
  if (!protocolAdded) {
    addProtocol(PROTOCOL, new Protocol().tile);
    protocolAdded = true;
  }
  const added = vectorBasemapLayers(language);
  // Each hidden layer with the visibility it had, to give back if the archive cannot be read.
  const hidden = hide
    .filter((id) => map.getLayer(id))
    .map((id) => ({ id, visibility: map.getLayoutProperty(id, 'visibility') ?? 'visible' }));
  return new Promise((resolve) => {
    const drawn = () => {
      map.off('error', failed);
      resolve(true);
    };
    // A tile that fails carries its tile and leaves the rest drawn; only the archive's header failing has none.
    const failed = (event: object) => {
      const { sourceId, tile } = event as { sourceId?: string; tile?: unknown };
      if (sourceId !== VECTOR_SOURCE || tile) return;
      map.off('idle', drawn);
      map.off('error', failed);
      for (const layer of added) if (map.getLayer(layer.id)) map.removeLayer(layer.id);
      if (map.getSource(VECTOR_SOURCE)) map.removeSource(VECTOR_SOURCE);
      for (const { id, visibility } of hidden) map.setLayoutProperty(id, 'visibility', visibility);
      resolve(false);
    };
    map.on('error', failed);
    map.once('idle', drawn);
    map.addSource(VECTOR_SOURCE, {
      type: 'vector',
      url: `${PROTOCOL}://${new URL(url, window.location.href).href}`,
      attribution: '© OpenStreetMap, Protomaps',
    });
    for (const layer of added) map.addLayer(layer, map.getLayer(BELOW) ? BELOW : undefined);
    // What the vector basemap draws better: the raster tiles, and the bundled towns (its places name them).
    for (const { id } of hidden) map.setLayoutProperty(id, 'visibility', 'none');
  });
}
