/**
 * The copies of API answers an offline visit is given, of one dataset version at a time. Shared by the service
 * worker, which keeps what it fetches, and by the page on the first visit, before the worker controls it: the page
 * keeps its own answers then, so the view just seen opens offline on the next visit (the worker installs only
 * after the first view has drawn, too late to see its reads).
 */
import { DATASET_VERSION_HEADER } from '../domain/http';
import { API_CACHE } from './cacheNames';
import { isMapRead, keyOf } from './mapReads';
import { isTileRead, keepTile } from './tileCache';

/** Where the version of the copies is noted, inside the copies' cache. */
const VERSION_KEY = '/__makan/dataset-version';
/** Reads not worth a copy: whole-dataset files and the API's docs page. */
export const NOT_COPIED = /^\/api\/(downloads|docs)\//;

/**
 * Whether a fresh answer may be copied: one of a newer dataset version first empties the copies of the old
 * one; a late answer of an older version is not copied.
 */
export async function admit(response: Response): Promise<boolean> {
  if (!response.ok) return false;
  const version = response.headers.get(DATASET_VERSION_HEADER);
  if (version === null) return true;
  const held = await (await (await caches.open(API_CACHE)).match(VERSION_KEY))?.text();
  if (held !== undefined && Number(version) < Number(held)) return false;
  if (held !== version) {
    await caches.delete(API_CACHE);
    await (await caches.open(API_CACHE)).put(VERSION_KEY, new Response(version));
  }
  return true;
}

/**
 * Keeps a copy of this answer where the worker looks for it: a tile among the tiles (tileCache.ts), a map read under
 * its box key (mapReads.ts), any other read under its own request, as the worker's network-first route keeps it.
 */
export async function keepCopy(request: Request, response: Response): Promise<void> {
  const url = new URL(request.url);
  if (isTileRead(url, request.method, url.origin)) return keepTile(request.url, response);
  const mapRead = isMapRead(url, request.method);
  // Only what the worker would keep: its box reads and GETs (a drawn area's POST, say, is not copied).
  if (NOT_COPIED.test(url.pathname) || !(mapRead || request.method === 'GET') || !(await admit(response))) return;
  const cache = await caches.open(API_CACHE);
  await cache.put(mapRead ? await keyOf(request) : request, response);
}
