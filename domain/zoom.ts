/**
 * Zoom levels. The specification's numbers (initial 6, range 5-18, each type's minimum marker zoom), the
 * gateway's `zoom` parameter and our URLs count zoom on 256-px OpenStreetMap tiles, as Leaflet does.
 * MapLibre and deck.gl count on 512-px tiles, where the same number shows twice the scale. Everything
 * speaks spec zoom; the map converts at its boundary with these two functions, nowhere else.
 */
export const SPEC_TILE_SIZE = 256;
const MAPLIBRE_TILE_SIZE = 512;
const LEVELS_BETWEEN = Math.log2(MAPLIBRE_TILE_SIZE / SPEC_TILE_SIZE);

/** The MapLibre zoom that shows what spec zoom `z` shows. */
export function mapLibreZoomOf(specZoom: number): number {
  return specZoom - LEVELS_BETWEEN;
}

/** The spec zoom of what MapLibre shows at zoom `z`. */
export function specZoomOf(mapLibreZoom: number): number {
  return mapLibreZoom + LEVELS_BETWEEN;
}

/** Width in degrees of longitude that `widthPx` CSS pixels span at a spec zoom (Web Mercator). */
export function degreesAcross(widthPx: number, specZoom: number): number {
  return (widthPx / (SPEC_TILE_SIZE * 2 ** specZoom)) * 360;
}
