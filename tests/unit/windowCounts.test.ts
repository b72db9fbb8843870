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

  it('reserves a share of what a client has left, at least one, and none past its limit', () => {
    const counts = new WindowCounts();
    expect(counts.reserve('a', 60_000, 20, 4, 0)).toEqual({ from: 0, granted: 5, ttl: 60_000 });
    expect(counts.reserve('a', 60_000, 20, 4, 1)).toEqual({ from: 5, granted: 3, ttl: 59_999 });
    for (let i = 0; i < 20; i++) counts.reserve('a', 60_000, 20, 4, 2);
    const refused = counts.reserve('a', 60_000, 20, 4, 3);
    expect(refused.granted).toBe(0);
    expect(refused.from).toBeGreaterThanOrEqual(20);
    expect(counts.hit('a', 60_000, 4).current).toBeGreaterThan(20);
    expect(counts.reserve('a', 60_000, 20, 4, 60_000)).toEqual({ from: 0, granted: 5, ttl: 60_000 });
  });
});
