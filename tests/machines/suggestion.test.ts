/**
 * The suggested sites card's machine: each choice (for whom, distance, how many, where) or other filters ask
 * again, the same choice does not; a failure says why and retries; every resting state is reached.
 */
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import { NO_FILTERS } from '../../domain/filters';
import type { SuggestAnswer } from '../../domain/plan';
import { requestFailure } from '../../domain/requestFailure';
import type { QueryEvent } from '../../machines/query';
import { DEFAULT_SUGGESTION, suggestionMachine, type SuggestionScope } from '../../machines/suggestion';
import { activeLeafIds, leafStateIds } from './graphCoverage';

const none = { PopulationTotal: 0, PopulationFar: 0, YouthTotal: 0, YouthFar: 0, WomenTotal: 0, WomenFar: 0 };
const answerOf = (scope: SuggestionScope): SuggestAnswer => ({
  Km: scope.km,
  For: scope.objective,
  Province: scope.province,
  Before: none,
  After: none,
  Sites: [],
});

const FIRST: SuggestionScope = { typeId: 'C', ...DEFAULT_SUGGESTION, province: null, filters: NO_FILTERS };

function start(load: (scope: SuggestionScope) => Promise<SuggestAnswer> = async (s) => answerOf(s)) {
  const asked: SuggestionScope[] = [];
  const machine = suggestionMachine.provide({
    actors: { load: fromPromise(({ input }) => (asked.push(input), load(input))) },
  });
  return { actor: createActor(machine, { input: { scope: FIRST } }).start(), asked };
}

describe('suggestion machine', () => {
  it('asks for five sites for those aged 15-29 at 25 km first, then again for each choice, not for the same', async () => {
    const { actor, asked } = start();
    await waitFor(actor, (s) => s.matches('shown'));
    expect(asked[0]).toMatchObject({ km: 25, n: 5, objective: 'youth', province: null });
    for (const scope of [{ objective: 'women' }, { km: 10 }, { n: 20 }, { province: 'IR-08' }] as const) {
      expect(actor.getSnapshot().can({ type: 'SCOPE_CHANGED', scope })).toBe(true);
      actor.send({ type: 'SCOPE_CHANGED', scope });
      await waitFor(actor, (s) => s.matches('shown'));
      expect(actor.getSnapshot().can({ type: 'SCOPE_CHANGED', scope })).toBe(false);
    }
    expect(actor.getSnapshot().can({ type: 'SCOPE_CHANGED', scope: { filters: { ...NO_FILTERS } } })).toBe(false);
    expect(asked.at(-1)).toMatchObject({ km: 10, n: 20, objective: 'women', province: 'IR-08' });
    expect(asked).toHaveLength(5);
  });

  it('says why it failed and retries', async () => {
    let fail = true;
    const { actor } = start(async (s) => {
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
      { type: 'SCOPE_CHANGED', scope: { n: 3 } },
      { type: 'RETRY' },
      { type: 'xstate.done.actor.load', output: answerOf(FIRST) },
      { type: 'xstate.error.actor.load', error: requestFailure('network') },
    ] as unknown as QueryEvent<SuggestionScope>[];
    const paths = getShortestPaths(suggestionMachine, {
      input: { scope: FIRST },
      events,
      serializeState: (s) => JSON.stringify([s.value, s.context.scope]),
    });
    expect([...new Set(paths.flatMap((p) => activeLeafIds(p.state as never)))].sort()).toEqual(
      leafStateIds(suggestionMachine).filter((id) => !/\.(deciding|waiting)$/.test(id)),
    );
  });
});
