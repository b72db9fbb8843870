/**
 * The question's machine: no question asks nothing; a question asks, and a removed part or a position given
 * asks again while the same question does not; a failure says why and retries; every state is reached.
 */
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import { requestFailure } from '../../domain/requestFailure';
import type { AskAnswer } from '../../domain/wire/ask';
import { askMachine, type AskScope } from '../../machines/ask';
import type { QueryEvent } from '../../machines/query';
import { activeLeafIds, leafStateIds } from './graphCoverage';

const answerOf = (scope: AskScope): AskAnswer => ({
  Understood: {
    Route: null,
    Trade: null,
    Audience: null,
    Place: null,
    NearMe: false,
    WithinKm: null,
    Intent: 'nearest',
  },
  Unused: [scope.question ?? ''],
  PersianReading: null,
  Answer: { Kind: 'none', Reason: 'needs-position', From: null, Scope: null, Count: null, Locations: [], TypeIds: [] },
});

const NONE: AskScope = { question: null, drop: [], position: null };

function start(first = NONE, load: (scope: AskScope) => Promise<AskAnswer> = async (s) => answerOf(s)) {
  const asked: AskScope[] = [];
  const machine = askMachine.provide({
    actors: { load: fromPromise(({ input }) => (asked.push(input), load(input))) },
  });
  return { actor: createActor(machine, { input: { scope: first } }).start(), asked };
}

describe('question machine', () => {
  it('waits without a question, asks once one comes, again for each change and not for the same', async () => {
    const { actor, asked } = start();
    expect(actor.getSnapshot().matches('waiting')).toBe(true);
    actor.send({ type: 'SCOPE_CHANGED', scope: { question: 'خیاطی نزدیک من' } });
    await waitFor(actor, (s) => s.matches('shown'));
    const changes = [
      { drop: ['Audience'] },
      { drop: ['Audience', 'Trade'] },
      { position: { lat: 37.47, lon: 57.33 } },
      { question: 'sewing near me' },
    ] as const;
    for (const scope of changes) {
      expect(actor.getSnapshot().can({ type: 'SCOPE_CHANGED', scope })).toBe(true);
      actor.send({ type: 'SCOPE_CHANGED', scope });
      await waitFor(actor, (s) => s.matches('shown'));
      // The same scope built anew (as the view builds it on each render) asks nothing.
      expect(actor.getSnapshot().can({ type: 'SCOPE_CHANGED', scope: JSON.parse(JSON.stringify(scope)) })).toBe(false);
    }
    // The same parts removed in another order are the same question.
    expect(actor.getSnapshot().can({ type: 'SCOPE_CHANGED', scope: { drop: ['Trade', 'Audience'] } })).toBe(false);
    expect(asked).toHaveLength(1 + changes.length);
    expect(asked.at(-1)).toMatchObject({ question: 'sewing near me', drop: ['Audience', 'Trade'] });
    actor.send({ type: 'SCOPE_CHANGED', scope: { question: null } });
    expect(actor.getSnapshot().matches('waiting')).toBe(true);
  });

  it('says why it failed and retries', async () => {
    let fail = true;
    const { actor } = start({ ...NONE, question: 'x y' }, async (s) => {
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
      { type: 'SCOPE_CHANGED', scope: { question: 'x y' } },
      { type: 'SCOPE_CHANGED', scope: { question: null } },
      { type: 'RETRY' },
      { type: 'xstate.done.actor.load', output: answerOf(NONE) },
      { type: 'xstate.error.actor.load', error: requestFailure('network') },
    ] as unknown as QueryEvent<AskScope>[];
    const paths = getShortestPaths(askMachine, {
      input: { scope: NONE },
      events,
      serializeState: (s) => JSON.stringify([s.value, s.context.scope]),
    });
    expect([...new Set(paths.flatMap((p) => activeLeafIds(p.state as never)))].sort()).toEqual(
      leafStateIds(askMachine).filter((id) => !/\.deciding$/.test(id)),
    );
  });
});
