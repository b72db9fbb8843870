/** The coverage card's machine: another distance or other filters ask again; a failure retries. */
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import type { CoverageAnswer } from '../../domain/coverage';
import { NO_FILTERS } from '../../domain/filters';
import { requestFailure } from '../../domain/requestFailure';
import { coverageMachine, DEFAULT_COVERAGE_KM, type CoverageScope } from '../../machines/coverage';
import type { QueryEvent } from '../../machines/query';
import { activeLeafIds, leafStateIds } from './graphCoverage';

const answerAt = (km: number): CoverageAnswer => ({
  Km: km,
  PopulationTotal: 100,
  PopulationFar: km,
  YouthTotal: 25,
  YouthFar: 0,
  WomenTotal: 50,
  WomenFar: 0,
  Placed: { Seat: 100, Places: 0, Province: 0 },
  Provinces: [],
  Settlements: [],
});

const FIRST: CoverageScope = { typeId: 'C', km: DEFAULT_COVERAGE_KM, filters: NO_FILTERS };

function start(load: (scope: CoverageScope) => Promise<CoverageAnswer> = async (s) => answerAt(s.km)) {
  const asked: CoverageScope[] = [];
  const machine = coverageMachine.provide({
    actors: { load: fromPromise(({ input }) => (asked.push(input), load(input))) },
  });
  return { actor: createActor(machine, { input: { scope: FIRST } }).start(), asked };
}

describe('coverage machine', () => {
  it('loads at the default distance, again at another, and not again at the same', async () => {
    const { actor, asked } = start();
    await waitFor(actor, (s) => s.matches('shown'));
    expect(actor.getSnapshot().context.answer?.Km).toBe(DEFAULT_COVERAGE_KM);
    actor.send({ type: 'SCOPE_CHANGED', scope: { km: 5 } });
    await waitFor(actor, (s) => s.matches('shown'));
    expect(actor.getSnapshot().context.answer?.Km).toBe(5);
    expect(actor.getSnapshot().can({ type: 'SCOPE_CHANGED', scope: { km: 5 } })).toBe(false);
    // The map's layer and the card tell the machine their whole scope: the same filters, built anew, change nothing.
    expect(actor.getSnapshot().can({ type: 'SCOPE_CHANGED', scope: { filters: { ...NO_FILTERS } } })).toBe(false);
    const women = { ...NO_FILTERS, gender: ['زنانه'] };
    actor.send({ type: 'SCOPE_CHANGED', scope: { filters: women } });
    await waitFor(actor, (s) => s.matches('shown'));
    expect(asked.map((a) => [a.km, a.filters])).toEqual([
      [DEFAULT_COVERAGE_KM, NO_FILTERS],
      [5, NO_FILTERS],
      [5, women],
    ]);
  });

  it('says why it failed and retries', async () => {
    let fail = true;
    const { actor } = start(async (s) => {
      if (fail) throw requestFailure('timeout');
      return answerAt(s.km);
    });
    await waitFor(actor, (s) => s.matches('failed'));
    expect(actor.getSnapshot().context.error?.kind).toBe('timeout');
    fail = false;
    actor.send({ type: 'RETRY' });
    await waitFor(actor, (s) => s.matches('shown'));
  });

  it('reaches every state', () => {
    const events = [
      { type: 'SCOPE_CHANGED', scope: { km: 5 } },
      { type: 'RETRY' },
      { type: 'SCOPE_CHANGED', scope: { filters: { ...NO_FILTERS, legal: ['دولتی'] } } },
      { type: 'xstate.done.actor.load', output: answerAt(5) },
      { type: 'xstate.error.actor.load', error: requestFailure('network') },
    ] as unknown as QueryEvent<CoverageScope>[];
    const paths = getShortestPaths(coverageMachine, {
      input: { scope: FIRST },
      events,
      serializeState: (s) => JSON.stringify([s.value, s.context.scope]),
    });
    // Every resting state but "waiting": a coverage question can always be asked.
    expect([...new Set(paths.flatMap((p) => activeLeafIds(p.state as never)))].sort()).toEqual(
      leafStateIds(coverageMachine).filter((id) => !/\.(deciding|waiting)$/.test(id)),
    );
  });
});
