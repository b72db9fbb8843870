/** The server's per-type cache: one shared build, failures forgotten, and a memory budget kept by LRU. */
import { describe, expect, it } from 'vitest';
import { PerTypeCache } from '../../server/derived/perTypeCache';

function counting(weights: Record<string, number> = {}) {
  const builds: string[] = [];
  const forgotten: string[] = [];
  const cache = new PerTypeCache<{ key: string; size: number }>(
    async (key) => {
      builds.push(key);
      if (key === 'BROKEN') throw new Error('no data');
      return { key, size: weights[key] ?? 1 };
    },
    { limit: 10, weigh: (value) => value.size, forget: (value) => forgotten.push(value.key) },
  );
  return { cache, builds, forgotten };
}

describe('PerTypeCache', () => {
  it('shares one build between concurrent first requests, whatever the case of the id', async () => {
    const { cache, builds } = counting();
    const [a, b] = await Promise.all([cache.get('abc'), cache.get('ABC')]);
    expect(a).toBe(b);
    expect(builds).toEqual(['ABC']);
  });

  it('forgets a failed build so the next request tries again', async () => {
    const { cache, builds } = counting();
    await expect(cache.get('broken')).rejects.toThrow('no data');
    await expect(cache.get('broken')).rejects.toThrow('no data');
    expect(builds).toEqual(['BROKEN', 'BROKEN']);
  });

  it('keeps within its budget by forgetting the least recently used, and builds a forgotten one again', async () => {
    const { cache, builds, forgotten } = counting({ A: 4, B: 4, C: 4 });
    await cache.get('A');
    await cache.get('B');
    await cache.get('A'); // A is now the most recently used
    await cache.get('C'); // 12 > 10: B goes
    expect(cache.weight()).toBe(8);
    expect(forgotten).toEqual(['B']);
    await cache.get('A');
    await cache.get('C');
    expect(builds).toEqual(['A', 'B', 'C']);
    await cache.get('B');
    expect(builds).toEqual(['A', 'B', 'C', 'B']);
    expect(cache.weight()).toBeLessThanOrEqual(10);
  });

  it('hands each build the context it was asked with, and keeps none of it beside the entries', async () => {
    const contexts: string[] = [];
    const cache = new PerTypeCache<string, { filter: string }>(
      async (key, { filter }) => {
        contexts.push(`${key}:${filter}`);
        return filter;
      },
      { limit: 2, weigh: () => 1 },
    );
    // A concurrent request for the same key shares the first build, whatever context it brings.
    expect(await Promise.all([cache.get('a', { filter: 'x' }), cache.get('A', { filter: 'y' })])).toEqual(['x', 'x']);
    // Keys a client chooses, without end (its filter values): the budget holds, the oldest forgotten.
    for (let i = 0; i < 1000; i++) await cache.get(`k${i}`, { filter: `v${i}` });
    expect(cache.weight()).toBe(2);
    // A forgotten entry is built again with the context of the request that asks for it now.
    expect(await cache.get('a', { filter: 'z' })).toBe('z');
    expect(contexts.slice(0, 1)).toEqual(['A:x']);
    expect(contexts.at(-1)).toBe('A:z');
  });

  it('keeps the newest entry even when alone it weighs more than the budget', async () => {
    const { cache } = counting({ HUGE: 50, A: 1 });
    await cache.get('A');
    await cache.get('huge');
    expect(cache.weight()).toBe(50);
  });

  it('clear forgets everything, and a build finishing after it is not counted', async () => {
    const { cache, builds } = counting({ A: 3 });
    const pending = cache.get('A');
    cache.clear();
    await pending;
    expect(cache.weight()).toBe(0);
    await cache.get('A');
    expect(builds).toEqual(['A', 'A']);
    expect(cache.weight()).toBe(3);
  });
});
