/** Provinces side by side: nothing asked until 2 to 4 provinces are chosen; another choice or filters ask again. */
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import type { CompareAnswer } from '../../domain/compare';
import { NO_FILTERS } from '../../domain/filters';
import { requestFailure } from '../../domain/requestFailure';
import { compareMachine, type CompareEvent, type CompareScope } from '../../machines/compare';
import { activeLeafIds, leafStateIds } from './graphCoverage';

const ANSWER: CompareAnswer = { Provinces: [], Types: [] };

function start(load: () => Promise<CompareAnswer> = async () => ANSWER) {
  const asked: CompareScope[] = [];
  const machine = compareMachine.provide({
    actors: { loadComparison: fromPromise(({ input }) => (asked.push(input), load())) },
  });
  return { actor: createActor(machine, { input: {} }).start(), asked };
}

describe('compare machine', () => {
  it('asks nothing for one province, then for two, then again for three, and not for the same three', async () => {
    const { actor, asked } = start();
    actor.send({ type: 'PROVINCES_CHANGED', provinces: ['Tehran'] });
    expect(actor.getSnapshot().matches('choosing')).toBe(true);
    actor.send({ type: 'PROVINCES_CHANGED', provinces: ['Tehran', 'Fars'] });
    await waitFor(actor, (s) => s.matches('shown'));
    actor.send({ type: 'PROVINCES_CHANGED', provinces: ['Tehran', 'Fars', 'Qom'] });
    await waitFor(actor, (s) => s.matches('shown'));
    expect(actor.getSnapshot().can({ type: 'PROVINCES_CHANGED', provinces: ['Tehran', 'Fars', 'Qom'] })).toBe(false);
    expect(asked.map((a) => a.provinces)).toEqual([
      ['Tehran', 'Fars'],
      ['Tehran', 'Fars', 'Qom'],
    ]);
    actor.send({ type: 'PROVINCES_CHANGED', provinces: [] });
    expect(actor.getSnapshot().context.answer).toBeNull();
  });

  it('says why it failed and retries; other filters ask again', async () => {
    let fail = true;
    const { actor, asked } = start(async () => {
      if (fail) throw requestFailure('network');
      return ANSWER;
    });
    actor.send({ type: 'PROVINCES_CHANGED', provinces: ['Tehran', 'Fars'] });
    await waitFor(actor, (s) => s.matches('failed'));
    fail = false;
    actor.send({ type: 'RETRY' });
    await waitFor(actor, (s) => s.matches('shown'));
    const women = { ...NO_FILTERS, gender: ['زنانه'] };
    actor.send({ type: 'FILTERS_CHANGED', filters: women });
    await waitFor(actor, (s) => s.matches('shown'));
    expect(asked.at(-1)!.filters).toEqual(women);
  });

  it('reaches every state', () => {
    const events = [
      { type: 'PROVINCES_CHANGED', provinces: ['Tehran', 'Fars'] },
      { type: 'PROVINCES_CHANGED', provinces: ['Tehran'] },
      { type: 'RETRY' },
      { type: 'xstate.done.actor.loadComparison', output: ANSWER },
      { type: 'xstate.error.actor.loadComparison', error: requestFailure('network') },
    ] as unknown as CompareEvent[];
    const paths = getShortestPaths(compareMachine, {
      input: {},
      events,
      serializeState: (s) => JSON.stringify([s.value, s.context.provinces]),
    });
    const reached = [...new Set(paths.flatMap((p) => activeLeafIds(p.state as never)))].sort();
    // "deciding" is left at once (an eventless step): every resting state is reached.
    expect(reached).toEqual(leafStateIds(compareMachine).filter((id) => !id.endsWith('.deciding')));
  });
});
