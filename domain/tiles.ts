/** The OpenStreetMap raster tile template used when VITE_TILE_URL is not set; an empty VITE_TILE_URL disables tiles. */
export const DEFAULT_TILE_URL = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';

export function resolveTileUrl(configured: string | undefined): string | null {
  if (configured === undefined) return DEFAULT_TILE_URL;
  const trimmed = configured.trim();
  return trimmed === '' ? null : trimmed;
}
