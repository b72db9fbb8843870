/**
 * Need against supply: for the type and the filters in force, the census figures and the type's locations per
 * province or county at a distance (a query machine: another level, distance or filters ask again).
 */
import type { EquityLevel, EquityRow } from '../domain/equity';
import { sameFilters, type Filters } from '../domain/filters';
import { queryMachine } from './query';

export interface EquityScope {
  typeId: string;
  level: EquityLevel;
  km: number;
  filters: Filters;
}

export const equityMachine = queryMachine<EquityScope, EquityRow[]>({
  id: 'equity',
  same: (a, b) => a.typeId === b.typeId && a.level === b.level && a.km === b.km && sameFilters(a.filters, b.filters),
});
