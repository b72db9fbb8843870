/**
 * The filter panel's values: each filter's values with their counts for a type under the other filters
 * (a query machine whose scope holds whether the panel is open). They load when the panel opens and again
 * whenever the type or the filters change while it is open; closed, the scope is kept and nothing is asked.
 */
import { sameFilters, type Filters } from '../domain/filters';
import type { FacetsAnswer } from '../domain/wire/answers';
import { queryMachine } from './query';

export interface FacetsScope {
  typeId: string;
  /** A province's English name, or All. */
  ostan: string;
  filters: Filters;
  open: boolean;
}

export const facetsMachine = queryMachine<FacetsScope, FacetsAnswer>({
  id: 'facets',
  ready: ({ open }) => open,
  same: (a, b) =>
    a.open === b.open && a.typeId === b.typeId && a.ostan === b.ostan && sameFilters(a.filters, b.filters),
});
