/**
 * A what-if plan in the address (src/url/whatIfPlan.ts): written and read back whole, each part that would be
 * refused dropped on its own, the server's limits kept as the plan grows, and its distance read as every layer's.
 */
import { describe, expect, it } from 'vitest';
import { PLAN_MAX_CHANGES } from '../../domain/plan';
import { layerKmOf } from '../../src/url/kmLayer';
import {
  NEW_PLAN,
  paramOfPlan,
  planOfSearch,
  withClosure,
  withoutClosure,
  withoutSite,
  withSite,
  type WhatIfPlan,
} from '../../src/url/whatIfPlan';

const GUID_A = '0f8fad5b-d9cb-469f-a165-70867728950e';
const GUID_B = '7C9E6679-7425-40DE-944B-E07FC1F90AE7';
const search = (plan: WhatIfPlan) => `?${new URLSearchParams({ plan: paramOfPlan(plan) })}`;

describe('a what-if plan in the address', () => {
  it('reads back what it wrote: distance, whom, sites to a metre, closures in upper case', () => {
    const plan: WhatIfPlan = {
      km: 10,
      objective: 'women',
      add: [
        { lon: 57.327712, lat: 37.474749 },
        { lon: 51.4, lat: 35.7 },
      ],
      close: [GUID_A.toUpperCase(), GUID_B],
    };
    const read = planOfSearch(search(plan));
    expect(read).toEqual({
      ...plan,
      add: [
        { lon: 57.32771, lat: 37.47475 },
        { lon: 51.4, lat: 35.7 },
      ],
    });
    expect(layerKmOf('plan', search(plan))).toBe(10);
    expect(planOfSearch(search(NEW_PLAN))).toEqual(NEW_PLAN);
    expect(planOfSearch('?tab=stats')).toBeNull();
  });

  it('drops each damaged part alone: a distance or whom not offered, a malformed site or Guid', () => {
    expect(planOfSearch('?plan=7:kids:51.4,35.7:' + GUID_A)).toEqual({
      km: NEW_PLAN.km,
      objective: NEW_PLAN.objective,
      add: [{ lon: 51.4, lat: 35.7 }],
      close: [GUID_A.toUpperCase()],
    });
    expect(planOfSearch('?plan=50:population:51.4;35.7:not-a-guid')).toEqual({
      km: 50,
      objective: 'population',
      add: [],
      close: [],
    });
    expect(planOfSearch('?plan=')).toEqual(NEW_PLAN);
    expect(layerKmOf('plan', '?plan=7:youth::')).toBeNull();
  });

  it('adds and removes sites and closures, each closure once, never past the server’s limit', () => {
    let plan = withSite(NEW_PLAN, { lon: 51.400004, lat: 35.7 });
    plan = withClosure(withClosure(plan, GUID_A), GUID_A.toUpperCase());
    expect(plan.add).toEqual([{ lon: 51.4, lat: 35.7 }]);
    expect(plan.close).toEqual([GUID_A.toUpperCase()]);
    expect(withoutClosure(plan, GUID_A).close).toEqual([]);
    expect(withoutSite(withSite(plan, { lon: 52, lat: 36 }), 0).add).toEqual([{ lon: 52, lat: 36 }]);
    let full = NEW_PLAN;
    for (let i = 0; i <= PLAN_MAX_CHANGES; i++) full = withSite(full, { lon: 50 + i / 1000, lat: 33 });
    expect(full.add).toHaveLength(PLAN_MAX_CHANGES);
    // A link made by hand with more than the server takes opens with as many as it takes.
    const many = `?plan=25:youth:${Array.from({ length: PLAN_MAX_CHANGES + 5 }, () => '51.4,35.7').join(';')}:`;
    expect(planOfSearch(many)!.add).toHaveLength(PLAN_MAX_CHANGES);
  });
});
