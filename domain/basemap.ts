/** What the server says of its own vector basemap: where the PMTiles archive is, or null when it has none. */
export interface BasemapAnswer {
  /** A same-origin path to a PMTiles archive, read with range requests; null: the bundled basemap alone. */
  Url: string | null;
}

/**
 * Where the server sends its archive from, outside /api. Its file names change with the file, so whatever
 * holds a range of one (the browser, the service worker) may keep it for good.
 */
export const BASEMAP_PATH = '/basemap/';
