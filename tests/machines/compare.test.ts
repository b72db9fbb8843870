/** Provinces side by side: nothing asked until 2 to 4 provinces are chosen; another choice or filters ask again. */
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import type { CompareAnswer } from '../../domain/compare';
import { NO_FILTERS } from '../../domain/filters';
import { requestFailure } from '../../domain/requestFailure';
import { compareMachine, type CompareScope } from '../../machines/compare';
import type { QueryEvent } from '../../machines/query';
import { activeLeafIds, leafStateIds } from './graphCoverage';

const ANSWER: CompareAnswer = { Provinces: [], Types: [] };
const NOTHING_CHOSEN: CompareScope = { provinces: [], filters: NO_FILTERS };
const choose = (provinces: string[]) => ({ type: 'SCOPE_CHANGED', scope: { provinces } }) as const;

function start(load: () => Promise<CompareAnswer> = async () => ANSWER) {
  const asked: CompareScope[] = [];
  const machine = compareMachine.provide({
    actors: { load: fromPromise(({ input }) => (asked.push(input), load())) },
  });
  return { actor: createActor(machine, { input: { scope: NOTHING_CHOSEN } }).start(), asked };
}

describe('compare machine', () => {
  it('asks nothing for one province, then for two, then again for three, and not for the same three', async () => {
    const { actor, asked } = start();
    actor.send(choose(['Tehran']));
    expect(actor.getSnapshot().matches('waiting')).toBe(true);
    actor.send(choose(['Tehran', 'Fars']));
    await waitFor(actor, (s) => s.matches('shown'));
    actor.send(choose(['Tehran', 'Fars', 'Qom']));
    await waitFor(actor, (s) => s.matches('shown'));
    expect(actor.getSnapshot().can(choose(['Tehran', 'Fars', 'Qom']))).toBe(false);
    expect(asked.map((a) => a.provinces)).toEqual([
      ['Tehran', 'Fars'],
      ['Tehran', 'Fars', 'Qom'],
    ]);
    actor.send(choose([]));
    expect(actor.getSnapshot().matches('waiting')).toBe(true);
    actor.send(choose(['Tehran', 'Fars', 'Qom', 'Gilan', 'Ilam']));
    expect(actor.getSnapshot().matches('waiting')).toBe(true);
    expect(asked).toHaveLength(2);
  });

  it('says why it failed and retries; other filters ask again', async () => {
    let fail = true;
    const { actor, asked } = start(async () => {
      if (fail) throw requestFailure('network');
      return ANSWER;
    });
    actor.send(choose(['Tehran', 'Fars']));
    await waitFor(actor, (s) => s.matches('failed'));
    fail = false;
    actor.send({ type: 'RETRY' });
    await waitFor(actor, (s) => s.matches('shown'));
    const women = { ...NO_FILTERS, gender: ['زنانه'] };
    actor.send({ type: 'SCOPE_CHANGED', scope: { filters: women } });
    await waitFor(actor, (s) => s.matches('shown'));
    expect(asked.at(-1)!.filters).toEqual(women);
  });

  it('reaches every state', () => {
    const events = [
      choose(['Tehran', 'Fars']),
      choose(['Tehran']),
      { type: 'RETRY' },
      { type: 'xstate.done.actor.load', output: ANSWER },
      { type: 'xstate.error.actor.load', error: requestFailure('network') },
    ] as unknown as QueryEvent<CompareScope>[];
    const paths = getShortestPaths(compareMachine, {
      input: { scope: NOTHING_CHOSEN },
      events,
      serializeState: (s) => JSON.stringify([s.value, s.context.scope.provinces]),
    });
    const reached = [...new Set(paths.flatMap((p) => activeLeafIds(p.state as never)))].sort();
    // "deciding" is left at once (an eventless step): every resting state is reached.
    expect(reached).toEqual(leafStateIds(compareMachine).filter((id) => !id.endsWith('.deciding')));
  });
});
