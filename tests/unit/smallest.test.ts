import { describe, expect, it } from 'vitest';
import { smallest } from '../../domain/smallest';
import { compareNames } from '../../domain/text';

describe('smallest', () => {
  it('is the first k of a full sort, for random numbers and every k', () => {
    let seed = 7;
    const random = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
    const items = Array.from({ length: 500 }, () => Math.floor(random() * 100));
    for (const k of [0, 1, 2, 10, 99, 499, 500, 800]) {
      expect(smallest(items, k, (a, b) => a - b)).toEqual([...items].sort((a, b) => a - b).slice(0, k));
    }
  });

  it('keeps equal items in their first order, as a stable sort does', () => {
    const items = [
      { key: 2, at: 0 },
      { key: 1, at: 1 },
      { key: 2, at: 2 },
      { key: 1, at: 3 },
      { key: 2, at: 4 },
    ];
    const byKey = (a: { key: number }, b: { key: number }) => a.key - b.key;
    expect(smallest(items, 3, byKey)).toEqual([...items].sort(byKey).slice(0, 3));
  });

  it('orders Persian names as the list does', () => {
    const names = ['هنرستان ۱۲', 'آموزشگاه ب', 'آموزشگاه الف', 'مرکز ۲', 'مرکز ۱۰', 'کارگاه'];
    expect(smallest(names, 4, compareNames)).toEqual([...names].sort(compareNames).slice(0, 4));
  });
});
