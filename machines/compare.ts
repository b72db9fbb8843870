/**
 * Provinces side by side: waits until 2 to 4 provinces are chosen, then loads their figures (a query machine:
 * another choice or other filters ask again).
 */
import { COMPARE_PROVINCES, type CompareAnswer } from '../domain/compare';
import { sameFilters, type Filters } from '../domain/filters';
import { queryMachine } from './query';

export interface CompareScope {
  /** English names. */
  provinces: readonly string[];
  filters: Filters;
}

export const compareMachine = queryMachine<CompareScope, CompareAnswer>({
  id: 'compare',
  // Fewer than two (or more than four) provinces: nothing to compare yet.
  ready: ({ provinces }) => provinces.length >= COMPARE_PROVINCES.min && provinces.length <= COMPARE_PROVINCES.max,
  same: (a, b) => a.provinces.join() === b.provinces.join() && sameFilters(a.filters, b.filters),
});
