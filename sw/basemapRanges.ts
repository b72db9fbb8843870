/**
 * The vector basemap's ranges, kept for good. The archive is read in byte ranges (its header, directories
 * and each tile), and its name changes with the file, so a range once read never changes: it is given again
 * without asking the server, so a repeat visit draws the streets it showed before at once, and with the
 * network gone too. The Cache API keeps neither partial answers nor more than one answer per address, so each
 * range is kept as a whole answer under the archive's address with the range as its query, and given back as
 * the partial answer it was. A range never read, offline, fails as it would without this worker: the map
 * keeps its bundled basemap there.
 */
import { CacheExpiration } from 'workbox-expiration';
import { BASEMAP_PATH } from '../domain/basemap';
import { BASEMAP_CACHE } from './cacheNames';

/** Ranges kept (a tile is one): a few visits' streets; the least recently used go first past it. */
const RANGES_MAX = 3000;

const expiration = new CacheExpiration(BASEMAP_CACHE, { maxEntries: RANGES_MAX });

/** Whether a request reads a range of the basemap archive. */
export function isBasemapRange(url: URL, request: Request, origin: string): boolean {
  return (
    url.origin === origin &&
    url.pathname.startsWith(BASEMAP_PATH) &&
    request.method === 'GET' &&
    request.headers.has('range')
  );
}

/** Where a range of the archive is kept: its address, with the range as the query. */
export function rangeKey(address: string, range: string): string {
  const key = new URL(address);
  key.search = '';
  key.searchParams.set('range', range.replace(/\s+/g, ''));
  return key.href;
}

async function keep(key: string, answer: Response): Promise<void> {
  const whole = new Response(await answer.arrayBuffer(), { status: 200, headers: answer.headers });
  await (await caches.open(BASEMAP_CACHE)).put(key, whole);
  await expiration.updateTimestamp(key);
  await expiration.expireEntries();
}

/** The archive this worker last read from; ranges of any other are dropped when it first reads this one. */
let currentArchive: string | null = null;

/**
 * A replaced archive has a new name, so its old ranges would never be read again: they are dropped the first
 * time the new one is read, instead of filling the visitor's storage until the least recently used go.
 */
async function forgetOtherArchives(archivePath: string): Promise<void> {
  if (currentArchive === archivePath) return;
  currentArchive = archivePath;
  const cache = await caches.open(BASEMAP_CACHE);
  for (const kept of await cache.keys()) {
    if (new URL(kept.url).pathname !== archivePath) await cache.delete(kept);
  }
}

export async function basemapRange(request: Request, event: ExtendableEvent): Promise<Response> {
  event.waitUntil(forgetOtherArchives(new URL(request.url).pathname));
  const key = rangeKey(request.url, request.headers.get('range') ?? '');
  const kept = await (await caches.open(BASEMAP_CACHE)).match(key);
  if (kept) {
    event.waitUntil(expiration.updateTimestamp(key));
    return new Response(kept.body, { status: 206, headers: kept.headers });
  }
  const answer = await fetch(request);
  if (answer.status === 206) event.waitUntil(keep(key, answer.clone()));
  return answer;
}
