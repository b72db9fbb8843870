/**
 * A what-if plan lives in the address, so a link or a reload opens it: one parameter, its distance first (as
 * every layer measured at a distance starts, src/url/kmLayer.ts), then whom it counts, the sites it adds and the
 * locations it closes: ?plan=25:youth:57.3277,37.4747;51.4,35.7:GUID,GUID (sites to 5 decimals, about a metre).
 * A part the app would not ask the server (a distance it does not offer, a malformed site or Guid, more than the
 * server takes) falls back to its default or to none, so a damaged link still opens what it can.
 */
import { useSearch } from 'wouter';
import { COVERAGE_KM } from '../../domain/coverage';
import {
  PLAN_ADD_PATTERN,
  PLAN_CLOSE_PATTERN,
  PLAN_MAX_CHANGES,
  PLAN_OBJECTIVES,
  planGuidsOf,
  planPointsOf,
  type PlanObjective,
  type PlanPoint,
} from '../../domain/plan';
import { outlivesDialogs, replaceParams } from './history';
import { KM_LAYERS } from './kmLayer';

export interface WhatIfPlan {
  km: number;
  objective: PlanObjective;
  /** Sites opened, in the order they were added. */
  add: readonly PlanPoint[];
  /** Guids of locations closed, upper case, each once. */
  close: readonly string[];
}

/** What a new plan starts from: those aged 15-29, the organisation's own public, at 25 km. */
export const NEW_PLAN: WhatIfPlan = { km: COVERAGE_KM[2] as number, objective: 'youth', add: [], close: [] };

const ADD = new RegExp(PLAN_ADD_PATTERN);
const CLOSE = new RegExp(PLAN_CLOSE_PATTERN, 'i');
const round5 = (degrees: number) => Math.round(degrees * 1e5) / 1e5;

// A site opened or a location closed from a location's detail stays in the plan when the detail closes.
outlivesDialogs(KM_LAYERS.plan);

/** The plan an address names, or null without one. */
export function planOfSearch(search: string): WhatIfPlan | null {
  const text = new URLSearchParams(search).get(KM_LAYERS.plan);
  if (text === null) return null;
  const [km, objective, add = '', close = ''] = text.split(':');
  return {
    km: (COVERAGE_KM as readonly number[]).includes(Number(km)) ? Number(km) : NEW_PLAN.km,
    objective: PLAN_OBJECTIVES.includes(objective as PlanObjective) ? (objective as PlanObjective) : NEW_PLAN.objective,
    add: ADD.test(add) ? planPointsOf(add).slice(0, PLAN_MAX_CHANGES) : [],
    close: CLOSE.test(close) ? planGuidsOf(close).slice(0, PLAN_MAX_CHANGES) : [],
  };
}

export function paramOfPlan(plan: WhatIfPlan): string {
  const add = plan.add.map((p) => `${round5(p.lon)},${round5(p.lat)}`).join(';');
  return [plan.km, plan.objective, add, plan.close.join(',')].join(':');
}

/** The plan in the address now (re-rendered as the address changes). */
export const usePlanInAddress = (): WhatIfPlan | null => planOfSearch(useSearch());

/** The plan the address holds at this moment, for a change made from a click. */
const current = () => planOfSearch(window.location.search);

export const writePlan = (plan: WhatIfPlan | null) =>
  replaceParams({ [KM_LAYERS.plan]: plan === null ? null : paramOfPlan(plan) });

/** A site added (the server takes up to PLAN_MAX_CHANGES; one more is not added). */
export const withSite = (plan: WhatIfPlan, site: PlanPoint): WhatIfPlan =>
  plan.add.length >= PLAN_MAX_CHANGES
    ? plan
    : { ...plan, add: [...plan.add, { lon: round5(site.lon), lat: round5(site.lat) }] };

export const withoutSite = (plan: WhatIfPlan, index: number): WhatIfPlan => ({
  ...plan,
  add: plan.add.filter((_, i) => i !== index),
});

export const withClosure = (plan: WhatIfPlan, guid: string): WhatIfPlan => {
  const upper = guid.toUpperCase();
  return plan.close.includes(upper) || plan.close.length >= PLAN_MAX_CHANGES
    ? plan
    : { ...plan, close: [...plan.close, upper] };
};

export const withoutClosure = (plan: WhatIfPlan, guid: string): WhatIfPlan => ({
  ...plan,
  close: plan.close.filter((g) => g !== guid.toUpperCase()),
});

/** A change to the plan the address holds (a new plan if it holds none), from a map click or a detail. */
export const changePlan = (change: (plan: WhatIfPlan) => WhatIfPlan) => writePlan(change(current() ?? NEW_PLAN));
