/** The "high need, low supply" rank (domain/equity.ts), on rows made up to show each part of the rule. */
import { describe, expect, it } from 'vitest';
import { needRanks, needScores, percentiles, type NeedInputs } from '../../domain/equity';

const row = (over: Partial<NeedInputs>): NeedInputs => ({
  UnemploymentRate: 0.1,
  YouthShare: 0.25,
  FarShare: 0.2,
  PerYouth100k: 10,
  Youth: 1000,
  ...over,
});

describe('percentiles', () => {
  it('puts the least at 0 and the most at 1, equal values sharing the middle of their places', () => {
    expect(percentiles([3, 1, 2])).toEqual([1, 0, 0.5]);
    expect(percentiles([1, 1, 5])).toEqual([0.25, 0.25, 1]);
    expect(percentiles([7])).toEqual([0.5]);
  });
});

describe('the need rank', () => {
  it('ranks first the row with the most need and the least supply, last the opposite', () => {
    const ranks = needRanks([
      row({}),
      row({ UnemploymentRate: 0.25, YouthShare: 0.3, FarShare: 0.6, PerYouth100k: 2 }),
      row({ UnemploymentRate: 0.05, YouthShare: 0.2, FarShare: 0.05, PerYouth100k: 30 }),
    ]);
    expect(ranks).toEqual([2, 1, 3]);
  });

  it('scores need from 0 to 1 as the mean standing in unemployment, youth share and share far, not supply', () => {
    const need = needScores([
      row({ UnemploymentRate: 0.3, YouthShare: 0.3, FarShare: 0.9, PerYouth100k: 1 }),
      row({ UnemploymentRate: 0.01, YouthShare: 0.1, FarShare: 0.0, PerYouth100k: 1 }),
      row({ UnemploymentRate: 0.2, YouthShare: 0.1, FarShare: 0.5, PerYouth100k: 99 }),
    ]);
    expect(need[0]).toBe(1);
    expect(need[1]).toBeCloseTo(0.25 / 3, 12);
    expect(need[2]).toBeCloseTo(1.25 / 3, 12);
  });

  it('weighs supply against need: more locations for the young lowers a row, the same need kept', () => {
    const ranks = needRanks([row({ PerYouth100k: 50 }), row({ PerYouth100k: 5 })]);
    expect(ranks).toEqual([2, 1]);
  });

  it('breaks a tie by the number of young people, more first, and is always a ranking', () => {
    expect(needRanks([row({ Youth: 10 }), row({ Youth: 500 })])).toEqual([2, 1]);
    const many = Array.from({ length: 40 }, (_, i) => row({ FarShare: (i * 7) % 11, PerYouth100k: i % 5 }));
    expect([...needRanks(many)].sort((a, b) => a - b)).toEqual(many.map((_, i) => i + 1));
  });
});
