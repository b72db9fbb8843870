/**
 * A what-if plan's figures: for the type and the filters in force, coverage and the counties' need before and
 * after the plan's sites open and its closures close, for all three counts (a query machine: a changed plan asks
 * again; whom the view's sentence counts is the view's, and asks nothing).
 */
import { sameFilters, type Filters } from '../domain/filters';
import type { PlanAnswer, PlanPoint } from '../domain/plan';
import { queryMachine } from './query';

export interface WhatIfScope {
  /** Whether there is a plan to work out (the address holds one): none asks nothing. */
  open: boolean;
  typeId: string;
  filters: Filters;
  km: number;
  add: readonly PlanPoint[];
  close: readonly string[];
}

const samePoints = (a: readonly PlanPoint[], b: readonly PlanPoint[]) =>
  a.length === b.length && a.every((p, i) => p.lon === b[i]!.lon && p.lat === b[i]!.lat);

export const whatIfPlanMachine = queryMachine<WhatIfScope, PlanAnswer>({
  id: 'whatIfPlan',
  ready: (scope) => scope.open,
  same: (a, b) =>
    a.open === b.open &&
    a.typeId === b.typeId &&
    a.km === b.km &&
    samePoints(a.add, b.add) &&
    a.close.length === b.close.length &&
    a.close.every((g, i) => g === b.close[i]) &&
    sameFilters(a.filters, b.filters),
});
