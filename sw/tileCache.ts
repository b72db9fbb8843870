/**
 * The map's tiles of points (domain/pointTiles.ts), kept for good: a tile's address names its dataset version, so
 * a tile kept is never stale and is given again without asking the server, online or not. An offline second
 * visit then shows at street zoom what the first one saw. Kept up to a number of bytes, the least recently used
 * out first; a newer version's first tile drops the older versions' tiles, which nothing will ask for again.
 */
import { TILE_CACHE } from './cacheNames';

/** A few long sessions' panning at street zoom (12 bytes a point): about a million points. */
export const TILES_MAX_BYTES = 12 * 1024 * 1024;
/** What a kept tile weighs, noted on it (a kept answer's body is not read to learn its size). */
const BYTES_HEADER = 'x-makan-bytes';
const TILE_PATH = /^\/api\/tiles\/[^/]+\/(\d+)\/\d+\/\d+\/\d+$/;

/** Whether a request reads one tile of points. */
export function isTileRead(url: URL, method: string, origin: string): boolean {
  return url.origin === origin && method === 'GET' && TILE_PATH.test(url.pathname);
}

const versionOf = (address: string) => Number(TILE_PATH.exec(new URL(address).pathname)?.[1] ?? 0);

/** The kept tiles' sizes, in order of last use (read from the cache once a worker's life). */
let sizes: Map<string, number> | null = null;
let newestVersion = 0;

async function keptSizes(cache: Cache): Promise<Map<string, number>> {
  if (sizes) return sizes;
  const read = new Map<string, number>();
  for (const request of await cache.keys()) {
    const kept = await cache.match(request);
    read.set(request.url, Number(kept?.headers.get(BYTES_HEADER) ?? 0));
    newestVersion = Math.max(newestVersion, versionOf(request.url));
  }
  sizes ??= read;
  return sizes;
}

function touch(known: Map<string, number>, address: string): void {
  const bytes = known.get(address);
  if (bytes === undefined) return;
  known.delete(address);
  known.set(address, bytes);
}

/** Keeps one tile's answer under its address; then the oldest go while the tiles weigh more than `maxBytes`. */
export async function keepTile(address: string, answer: Response, maxBytes = TILES_MAX_BYTES): Promise<void> {
  if (!answer.ok) return;
  const body = await answer.arrayBuffer();
  const headers = new Headers(answer.headers);
  headers.set(BYTES_HEADER, String(body.byteLength));
  const cache = await caches.open(TILE_CACHE);
  const known = await keptSizes(cache);
  const version = versionOf(address);
  if (version < newestVersion) return;
  if (version > newestVersion) {
    newestVersion = version;
    for (const kept of [...known.keys()])
      if (versionOf(kept) < version) {
        known.delete(kept);
        await cache.delete(kept);
      }
  }
  await cache.put(address, new Response(body, { status: 200, headers }));
  known.delete(address);
  known.set(address, body.byteLength);
  let total = 0;
  for (const bytes of known.values()) total += bytes;
  for (const [oldest, bytes] of known) {
    if (total <= maxBytes || oldest === address) break;
    known.delete(oldest);
    total -= bytes;
    await cache.delete(oldest);
  }
}

/** A tile from those kept, else from the network (kept once it comes); offline and never seen, `unseen()`. */
export async function tileRead(request: Request, event: ExtendableEvent, unseen: () => Response): Promise<Response> {
  const cache = await caches.open(TILE_CACHE);
  const kept = await cache.match(request.url);
  if (kept) {
    touch(await keptSizes(cache), request.url);
    return kept;
  }
  let answer: Response;
  try {
    answer = await fetch(request);
  } catch {
    return unseen();
  }
  if (answer.ok) event.waitUntil(keepTile(request.url, answer.clone()));
  return answer;
}
