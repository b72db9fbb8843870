/**
 * The coverage card: for the type and the filters in force, the people farther than the chosen distance
 * from its nearest location (a query machine: another distance or other filters ask again).
 */
import { COVERAGE_KM, type CoverageAnswer } from '../domain/coverage';
import { sameFilters, type Filters } from '../domain/filters';
import { queryMachine } from './query';

export interface CoverageScope {
  typeId: string;
  km: number;
  filters: Filters;
}

/** The distance shown first: a day's trip there and back by bus is about this. */
export const DEFAULT_COVERAGE_KM: number = COVERAGE_KM[2];

export const coverageMachine = queryMachine<CoverageScope, CoverageAnswer>({
  id: 'coverage',
  same: (a, b) => a.typeId === b.typeId && a.km === b.km && sameFilters(a.filters, b.filters),
});
