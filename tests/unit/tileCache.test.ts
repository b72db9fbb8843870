/**
 * The service worker's kept tiles (sw/tileCache.ts): bounded in bytes with the least recently kept out first, and
 * one dataset version at a time. The Cache API is Node's Request and Response in a map here: the rule under test
 * is the worker's bookkeeping, not the browser's storage (tests/e2e/tiles.test.ts reloads offline from the real one).
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';

class MemoryCache {
  readonly entries = new Map<string, Response>();
  async match(request: Request | string) {
    return this.entries.get(typeof request === 'string' ? request : request.url)?.clone();
  }
  async put(request: Request | string, response: Response) {
    this.entries.set(typeof request === 'string' ? request : request.url, response);
  }
  async delete(request: Request | string) {
    return this.entries.delete(typeof request === 'string' ? request : request.url);
  }
  async keys() {
    return [...this.entries.keys()].map((url) => new Request(url));
  }
}

const ORIGIN = 'https://makan.example';
const tile = (version: number, x: number) => `${ORIGIN}/api/tiles/T/${version}/11/${x}/800`;
const body = (bytes: number) => new Response(new Uint8Array(bytes), { status: 200 });

let cache: MemoryCache;
beforeEach(() => {
  vi.resetModules();
  cache = new MemoryCache();
  vi.stubGlobal('caches', { open: async () => cache });
});

const load = () => import('../../sw/tileCache');

describe('kept tiles', () => {
  it('are read only at a tile’s address', async () => {
    const { isTileRead } = await load();
    expect(isTileRead(new URL(tile(3, 1)), 'GET', ORIGIN)).toBe(true);
    expect(isTileRead(new URL(`${tile(3, 1)}?gender=x`), 'GET', ORIGIN)).toBe(true);
    expect(isTileRead(new URL(`${ORIGIN}/api/tiles/T`), 'GET', ORIGIN)).toBe(false);
    expect(isTileRead(new URL(tile(3, 1)), 'POST', ORIGIN)).toBe(false);
    expect(isTileRead(new URL(tile(3, 1).replace(ORIGIN, 'https://elsewhere.example')), 'GET', ORIGIN)).toBe(false);
  });

  it('weigh no more than the bound: the least recently kept go first', async () => {
    const { keepTile } = await load();
    for (const x of [1, 2, 3]) await keepTile(tile(3, x), body(100), 250);
    expect([...cache.entries.keys()]).toEqual([tile(3, 2), tile(3, 3)]);
    await keepTile(tile(3, 4), body(100), 250);
    expect([...cache.entries.keys()]).toEqual([tile(3, 3), tile(3, 4)]);
  });

  it('are of one version: a newer one drops the older, and an older one is not kept after it', async () => {
    const { keepTile } = await load();
    await keepTile(tile(3, 1), body(10));
    await keepTile(tile(3, 2), body(10));
    await keepTile(tile(4, 1), body(10));
    expect([...cache.entries.keys()]).toEqual([tile(4, 1)]);
    await keepTile(tile(3, 5), body(10));
    expect([...cache.entries.keys()]).toEqual([tile(4, 1)]);
  });

  it('learn what a worker started afresh already keeps', async () => {
    await (await load()).keepTile(tile(3, 1), body(200), 250);
    vi.resetModules();
    await (await load()).keepTile(tile(3, 2), body(100), 250);
    expect([...cache.entries.keys()]).toEqual([tile(3, 2)]);
  });
});
