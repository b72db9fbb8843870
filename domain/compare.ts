/**
 * Provinces side by side: for 2 to 4 provinces, each type's count, rate per 100,000 people (2016 census),
 * rank among the 31 by count (1 = the most; equal counts share a rank) and gender split.
 *
 * GET /api/compare?ostan=EnName&ostan=EnName[...][&filters]
 */

export const COMPARE_PROVINCES = { min: 2, max: 4 } as const;

export type { CompareAnswer, CompareCell } from './wire/answers';

/** Competition ranking: 1 for the most, equal counts share a rank, the next rank skips the tied ones. */
export function rankOf(count: number, all: readonly number[]): number {
  return 1 + all.filter((other) => other > count).length;
}
