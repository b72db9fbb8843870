/** The worker's own caches (Workbox's precache names itself): the data it read, the basemap's ranges, the map's tiles. */
export const API_CACHE = 'makan-api';
export const BASEMAP_CACHE = 'makan-basemap';
export const TILE_CACHE = 'makan-tiles';
