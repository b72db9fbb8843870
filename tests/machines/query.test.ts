/**
 * The one shape of the coverage, comparison, area, facets and downloads machines: what each of them relies on
 * is checked once here, on a query machine of its own (a number to be doubled, asked about from 0 up).
 */
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { requestFailure } from '../../domain/requestFailure';
import { queryMachine } from '../../machines/query';

interface Scope {
  n: number;
  label: string;
}
const doubling = queryMachine<Scope, number>({ id: 'doubling', ready: ({ n }) => n >= 0, same: (a, b) => a.n === b.n });

function start(n: number, answer: (scope: Scope, signal: AbortSignal) => Promise<number>) {
  const machine = doubling.provide({ actors: { load: fromPromise(({ input, signal }) => answer(input, signal)) } });
  return createActor(machine, { input: { scope: { n, label: 'first' } } }).start();
}

describe('a query machine', () => {
  it('drops the older request when the scope changes: it is aborted and its answer never shown', async () => {
    const signals: AbortSignal[] = [];
    const pending: ((value: number) => void)[] = [];
    const actor = start(1, (_scope, signal) => {
      signals.push(signal);
      return new Promise((resolve) => pending.push(resolve));
    });
    actor.send({ type: 'SCOPE_CHANGED', scope: { n: 2 } });
    expect(signals.map((s) => s.aborted)).toEqual([true, false]);
    pending[0]!(2);
    pending[1]!(4);
    await waitFor(actor, (s) => s.matches('shown'));
    expect(actor.getSnapshot().context.answer).toBe(4);
  });

  it('keeps the parts of the scope a change leaves out, and ignores a change its rule calls the same', async () => {
    const asked: Scope[] = [];
    const actor = start(1, async (scope) => (asked.push(scope), scope.n * 2));
    await waitFor(actor, (s) => s.matches('shown'));
    expect(actor.getSnapshot().can({ type: 'SCOPE_CHANGED', scope: { n: 1, label: 'renamed' } })).toBe(false);
    actor.send({ type: 'SCOPE_CHANGED', scope: { n: 3 } });
    await waitFor(actor, (s) => s.matches('shown'));
    expect(asked).toEqual([
      { n: 1, label: 'first' },
      { n: 3, label: 'first' },
    ]);
  });

  it('waits, asking nothing, while its scope cannot be asked about, and keeps its last answer meanwhile', async () => {
    let asked = 0;
    const actor = start(-1, async (scope) => (asked++, scope.n * 2));
    expect(actor.getSnapshot().matches('waiting')).toBe(true);
    actor.send({ type: 'SCOPE_CHANGED', scope: { n: 5 } });
    await waitFor(actor, (s) => s.matches('shown'));
    actor.send({ type: 'SCOPE_CHANGED', scope: { n: -2 } });
    expect(actor.getSnapshot().matches('waiting')).toBe(true);
    expect(actor.getSnapshot().context.answer).toBe(10);
    expect(asked).toBe(1);
  });

  it('says why it failed, clears that on retry, and shows the retried answer', async () => {
    let fail = true;
    const actor = start(1, async (scope) => {
      if (fail) throw requestFailure('timeout');
      return scope.n * 2;
    });
    await waitFor(actor, (s) => s.matches('failed'));
    expect(actor.getSnapshot().context.error?.kind).toBe('timeout');
    expect(actor.getSnapshot().can({ type: 'RETRY' })).toBe(true);
    fail = false;
    actor.send({ type: 'RETRY' });
    expect(actor.getSnapshot().context.error).toBeNull();
    await waitFor(actor, (s) => s.matches('shown'));
    expect(actor.getSnapshot().context.answer).toBe(2);
  });

  it('without a request provided, fails rather than waiting for ever', async () => {
    const actor = createActor(doubling, { input: { scope: { n: 1, label: '' } } }).start();
    await waitFor(actor, (s) => s.matches('failed'));
  });
});
