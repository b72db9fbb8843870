/** The worker's own caches (Workbox's precache names itself): the data it read, and the basemap's ranges. */
export const API_CACHE = 'makan-api';
export const BASEMAP_CACHE = 'makan-basemap';
