import { describe, expect, it } from 'vitest';
import { WindowCounts } from '../../server/rateLimit/windowCounts';

describe('WindowCounts', () => {
  it('counts a client’s requests within its window and says how long the window has left', () => {
    const counts = new WindowCounts();
    expect(counts.hit('a', 60_000, 1_000)).toEqual({ current: 1, ttl: 60_000 });
    expect(counts.hit('a', 60_000, 21_000)).toEqual({ current: 2, ttl: 40_000 });
    expect(counts.hit('b', 60_000, 21_000)).toEqual({ current: 1, ttl: 60_000 });
  });

  it('opens a new window with the first request after the last one ended', () => {
    const counts = new WindowCounts();
    counts.hit('a', 60_000, 0);
    counts.hit('a', 60_000, 59_999);
    expect(counts.hit('a', 60_000, 60_000)).toEqual({ current: 1, ttl: 60_000 });
  });

  it('keeps at most its number of clients, dropping the oldest windows first', () => {
    const counts = new WindowCounts(2);
    counts.hit('a', 60_000, 0);
    counts.hit('b', 60_000, 1);
    counts.hit('b', 60_000, 2);
    counts.hit('c', 60_000, 3);
    expect(counts.size).toBe(2);
    expect(counts.hit('b', 60_000, 4).current).toBe(3);
    expect(counts.hit('a', 60_000, 5).current).toBe(1);
  });
});
