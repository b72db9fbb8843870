/**
 * The what-if plan's machine: no plan asks nothing; a plan asks, and a site, closure, distance or filter changed
 * asks again while the same plan does not; a failure says why and retries; every state is reached.
 */
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import { NO_FILTERS } from '../../domain/filters';
import type { PlanAnswer } from '../../domain/plan';
import { requestFailure } from '../../domain/requestFailure';
import type { QueryEvent } from '../../machines/query';
import { whatIfPlanMachine, type WhatIfScope } from '../../machines/whatIfPlan';
import { activeLeafIds, leafStateIds } from './graphCoverage';

const none = { PopulationTotal: 0, PopulationFar: 0, YouthTotal: 0, YouthFar: 0, WomenTotal: 0, WomenFar: 0 };
const answerOf = (scope: WhatIfScope): PlanAnswer => ({
  Km: scope.km,
  Before: none,
  After: none,
  Provinces: [],
  Counties: [],
  Sites: [],
  Closed: [],
});

const NONE: WhatIfScope = { open: false, typeId: 'C', filters: NO_FILTERS, km: 25, add: [], close: [] };
const GUID = '7C9E6679-7425-40DE-944B-E07FC1F90AE7';

function start(first = NONE, load: (scope: WhatIfScope) => Promise<PlanAnswer> = async (s) => answerOf(s)) {
  const asked: WhatIfScope[] = [];
  const machine = whatIfPlanMachine.provide({
    actors: { load: fromPromise(({ input }) => (asked.push(input), load(input))) },
  });
  return { actor: createActor(machine, { input: { scope: first } }).start(), asked };
}

describe('what-if plan machine', () => {
  it('waits without a plan, asks once one opens, again for each change and not for the same plan', async () => {
    const { actor, asked } = start();
    expect(actor.getSnapshot().matches('waiting')).toBe(true);
    actor.send({ type: 'SCOPE_CHANGED', scope: { open: true } });
    await waitFor(actor, (s) => s.matches('shown'));
    const changes = [
      { add: [{ lon: 57.3, lat: 37.4 }] },
      { add: [{ lon: 57.3, lat: 37.5 }] },
      { close: [GUID] },
      { km: 10 },
      { filters: { ...NO_FILTERS, gender: ['زنانه'] } },
    ] as const;
    for (const scope of changes) {
      expect(actor.getSnapshot().can({ type: 'SCOPE_CHANGED', scope })).toBe(true);
      actor.send({ type: 'SCOPE_CHANGED', scope });
      await waitFor(actor, (s) => s.matches('shown'));
      // The same plan built anew (as the view builds it on each render) asks nothing.
      expect(actor.getSnapshot().can({ type: 'SCOPE_CHANGED', scope: JSON.parse(JSON.stringify(scope)) })).toBe(false);
    }
    expect(asked).toHaveLength(1 + changes.length);
    expect(asked.at(-1)).toMatchObject({ km: 10, add: [{ lon: 57.3, lat: 37.5 }], close: [GUID] });
    actor.send({ type: 'SCOPE_CHANGED', scope: { open: false } });
    expect(actor.getSnapshot().matches('waiting')).toBe(true);
  });

  it('says why it failed and retries', async () => {
    let fail = true;
    const { actor } = start({ ...NONE, open: true }, async (s) => {
      if (fail) throw requestFailure('timeout');
      return answerOf(s);
    });
    await waitFor(actor, (s) => s.matches('failed'));
    expect(actor.getSnapshot().context.error?.kind).toBe('timeout');
    fail = false;
    actor.send({ type: 'RETRY' });
    await waitFor(actor, (s) => s.matches('shown'));
  });

  it('reaches every state', () => {
    const events = [
      { type: 'SCOPE_CHANGED', scope: { open: true } },
      { type: 'SCOPE_CHANGED', scope: { open: false } },
      { type: 'RETRY' },
      { type: 'xstate.done.actor.load', output: answerOf(NONE) },
      { type: 'xstate.error.actor.load', error: requestFailure('network') },
    ] as unknown as QueryEvent<WhatIfScope>[];
    const paths = getShortestPaths(whatIfPlanMachine, {
      input: { scope: NONE },
      events,
      serializeState: (s) => JSON.stringify([s.value, s.context.scope]),
    });
    expect([...new Set(paths.flatMap((p) => activeLeafIds(p.state as never)))].sort()).toEqual(
      leafStateIds(whatIfPlanMachine).filter((id) => !/\.deciding$/.test(id)),
    );
  });
});
