/**
 * The suggestion's greedy maximal coverage (domain/plan.ts) against an exhaustive search over every choice, on
 * small seeded cases where the search is feasible: never below (1 - 1/e) of the best, equal to it for one site,
 * equal on most cases and below it on the textbook case where greedy must be; its lazy evaluation chooses exactly
 * what recomputing every gain each round chooses; its gains fall and add up to what it covers.
 */
import { describe, expect, it } from 'vitest';
import { GREEDY_GUARANTEE, greedyCoverage } from '../../domain/plan';

/** A small seeded generator (mulberry32): the cases are the same on every run. */
function seeded(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const coverOf = (sets: readonly (readonly number[])[], chosen: readonly number[], weights: readonly number[]) =>
  [...new Set(chosen.flatMap((i) => sets[i]!))].reduce((sum, e) => sum + weights[e]!, 0);

function bestOf(sets: readonly (readonly number[])[], n: number, weights: readonly number[]): number {
  let best = 0;
  const pick = (from: number, chosen: number[]) => {
    best = Math.max(best, coverOf(sets, chosen, weights));
    if (chosen.length === n) return;
    for (let i = from; i < sets.length; i++) pick(i + 1, [...chosen, i]);
  };
  pick(0, []);
  return best;
}

/** Greedy as written in a textbook: every gain recomputed each round, ties to the earlier set. */
function plainGreedy(sets: readonly (readonly number[])[], weights: readonly number[], n: number): number[] {
  const chosen: number[] = [];
  const covered = new Set<number>();
  for (let round = 0; round < n; round++) {
    let best = -1;
    let bestGain = 0;
    sets.forEach((set, i) => {
      if (chosen.includes(i)) return;
      const gain = set.reduce((sum, e) => (covered.has(e) ? sum : sum + weights[e]!), 0);
      if (gain > bestGain) [best, bestGain] = [i, gain];
    });
    if (best === -1) break;
    chosen.push(best);
    for (const e of sets[best]!) covered.add(e);
  }
  return chosen;
}

function randomCase(random: () => number) {
  const elements = 10 + Math.floor(random() * 10);
  const weights = Array.from({ length: elements }, () => 1 + Math.floor(random() * 100));
  const sets = Array.from({ length: 5 + Math.floor(random() * 6) }, () =>
    [...new Set(Array.from({ length: 1 + Math.floor(random() * 6) }, () => Math.floor(random() * elements)))].sort(
      (a, b) => a - b,
    ),
  );
  return { weights, sets, n: 1 + Math.floor(random() * 3) };
}

describe('greedy maximal coverage', () => {
  it('is never below (1 - 1/e) of the exhaustive best, equals it for one site, and on most small cases', () => {
    const random = seeded(57);
    let equal = 0;
    const cases = 300;
    for (let c = 0; c < cases; c++) {
      const { weights, sets, n } = randomCase(random);
      const { chosen } = greedyCoverage(sets, (e) => weights[e]!, n);
      const greedy = coverOf(sets, chosen, weights);
      const best = bestOf(sets, n, weights);
      expect(greedy).toBeGreaterThanOrEqual(GREEDY_GUARANTEE * best);
      if (n === 1) expect(greedy).toBe(best);
      if (greedy === best) equal++;
    }
    // On these seeded cases greedy finds the best in 280 of 300 (the rest within the guarantee).
    expect(equal).toBe(280);
  });

  it('falls short of the best on the textbook case, within the guarantee', () => {
    // The best two are {0,1,2} and {3,4,5}; greedy first takes the larger {1,2,3,4} and then can add one more.
    const sets = [
      [0, 1, 2],
      [3, 4, 5],
      [1, 2, 3, 4],
    ];
    const { chosen, gains } = greedyCoverage(sets, () => 1, 2);
    expect(chosen).toEqual([2, 0]);
    expect(gains).toEqual([4, 1]);
    expect(bestOf(sets, 2, [1, 1, 1, 1, 1, 1])).toBe(6);
    expect(5).toBeGreaterThanOrEqual(GREEDY_GUARANTEE * 6);
  });

  it('chooses what recomputing every gain each round chooses; its gains fall and add up to what it covers', () => {
    const random = seeded(1978);
    for (let c = 0; c < 300; c++) {
      const { weights, sets } = randomCase(random);
      const n = 1 + Math.floor(random() * sets.length);
      const { chosen, gains } = greedyCoverage(sets, (e) => weights[e]!, n);
      expect(chosen).toEqual(plainGreedy(sets, weights, n));
      for (let i = 1; i < gains.length; i++) expect(gains[i]).toBeLessThanOrEqual(gains[i - 1]!);
      expect(gains.reduce((a, b) => a + b, 0)).toBe(coverOf(sets, chosen, weights));
      expect(gains.every((g) => g > 0)).toBe(true);
    }
  });
});
