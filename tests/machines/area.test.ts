/** Inside an area: nothing asked before an area is chosen; another area or other filters ask again. */
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import { circleRing, openRing, ringProblem } from '../../domain/area';
import type { AreaAnswer } from '../../domain/wire/answers';
import { NO_FILTERS } from '../../domain/filters';
import { requestFailure } from '../../domain/requestFailure';
import { areaMachine, type AreaScope } from '../../machines/area';
import type { QueryEvent } from '../../machines/query';
import { greatCircleKm } from '../../server/geo/greatCircle';
import { activeLeafIds, leafStateIds } from './graphCoverage';

const ANSWER: AreaAnswer = { Count: 2, ByGender: [], Names: ['الف', 'ب'] };
const AROUND = { label: '25 km', ring: circleRing(29.6, 52.5, 25) };

describe('area machine', () => {
  it('waits for an area, loads it, and again under other filters', async () => {
    const asked: AreaScope[] = [];
    const machine = areaMachine.provide({
      actors: { load: fromPromise(async ({ input }) => (asked.push(input), ANSWER)) },
    });
    const actor = createActor(machine, { input: { scope: { typeId: 'A', filters: NO_FILTERS, area: null } } }).start();
    const women = { ...NO_FILTERS, gender: ['زنانه'] };
    actor.send({ type: 'SCOPE_CHANGED', scope: { filters: women } });
    expect(actor.getSnapshot().matches('waiting')).toBe(true);
    actor.send({ type: 'SCOPE_CHANGED', scope: { area: AROUND } });
    await waitFor(actor, (s) => s.matches('shown'));
    actor.send({ type: 'SCOPE_CHANGED', scope: { filters: NO_FILTERS } });
    await waitFor(actor, (s) => s.matches('shown'));
    expect(asked.map((a) => a.filters)).toEqual([women, NO_FILTERS]);
    expect(asked[0]!.area!.ring).toBe(AROUND.ring);
  });

  it('asks again for an area chosen anew, even one drawn the same', async () => {
    let asked = 0;
    const machine = areaMachine.provide({ actors: { load: fromPromise(async () => (asked++, ANSWER)) } });
    const actor = createActor(machine, { input: { scope: { typeId: 'A', filters: NO_FILTERS, area: AROUND } } });
    actor.start();
    await waitFor(actor, (s) => s.matches('shown'));
    expect(actor.getSnapshot().can({ type: 'SCOPE_CHANGED', scope: { area: AROUND } })).toBe(false);
    actor.send({ type: 'SCOPE_CHANGED', scope: { area: { ...AROUND } } });
    await waitFor(actor, (s) => s.matches('shown'));
    expect(asked).toBe(2);
  });

  it('reaches every state', () => {
    const events = [
      { type: 'SCOPE_CHANGED', scope: { area: AROUND } },
      { type: 'RETRY' },
      { type: 'SCOPE_CHANGED', scope: { filters: { ...NO_FILTERS, legal: ['دولتی'] } } },
      { type: 'xstate.done.actor.load', output: ANSWER },
      { type: 'xstate.error.actor.load', error: requestFailure('network') },
    ] as unknown as QueryEvent<AreaScope>[];
    const paths = getShortestPaths(areaMachine, {
      input: { scope: { typeId: 'A', filters: NO_FILTERS, area: null } },
      events,
      serializeState: (s) => JSON.stringify([s.value, s.context.scope.area !== null, s.context.scope.filters]),
    });
    const reached = [...new Set(paths.flatMap((p) => activeLeafIds(p.state as never)))].sort();
    expect(reached).toEqual(leafStateIds(areaMachine).filter((id) => !id.endsWith('.deciding')));
  });
});

describe('area shapes', () => {
  it('a circle ring stands the radius from its centre, and is a usable polygon', () => {
    const ring = circleRing(29.6, 52.5, 25);
    for (const [lon, lat] of ring) expect(greatCircleKm(29.6, 52.5, lat, lon)).toBeCloseTo(25, 6);
    expect(ringProblem(openRing(ring))).toBeNull();
  });
});
