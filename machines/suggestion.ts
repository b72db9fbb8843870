/**
 * The suggested sites card: for the type and the filters in force, the greedy choice of the next sites for the
 * people chosen, at a distance, nationally or in one province (a query machine: another choice asks again).
 */
import { COVERAGE_KM } from '../domain/coverage';
import { sameFilters, type Filters } from '../domain/filters';
import type { PlanObjective, SuggestAnswer } from '../domain/plan';
import { queryMachine } from './query';

export interface SuggestionScope {
  typeId: string;
  km: number;
  n: number;
  objective: PlanObjective;
  /** A province's ISO code, or null for the whole country. */
  province: string | null;
  filters: Filters;
}

/** What the card asks first: five sites for those aged 15-29, the organisation's own public, at 25 km. */
export const DEFAULT_SUGGESTION = { km: COVERAGE_KM[2] as number, n: 5, objective: 'youth' as PlanObjective };
/** How many sites the card offers to suggest. */
export const SUGGESTION_COUNTS = [3, 5, 10, 20] as const;

export const suggestionMachine = queryMachine<SuggestionScope, SuggestAnswer>({
  id: 'suggestion',
  same: (a, b) =>
    a.typeId === b.typeId &&
    a.km === b.km &&
    a.n === b.n &&
    a.objective === b.objective &&
    a.province === b.province &&
    sameFilters(a.filters, b.filters),
});
