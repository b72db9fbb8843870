/** What the server says of its own vector basemap (the shape written once as a schema). */
export type { BasemapAnswer } from './wire/answers';

/**
 * Where the server sends its archive from, outside /api. Its file names change with the file, so whatever
 * holds a range of one (the browser, the service worker) may keep it for good.
 */
export const BASEMAP_PATH = '/basemap/';
