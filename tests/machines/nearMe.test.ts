import { describe, expect, it, vi } from 'vitest';
import { requestFailure } from '../../domain/requestFailure';
import { createActor, fromPromise, waitFor } from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import type { NearestResult } from '../../domain/search';
import {
  COARSE_ACCURACY_M,
  isCoarse,
  LOCATE_GIVE_UP_MS,
  LocateError,
  nearMeMachine,
  type NearMeEvent,
  type NearbyResult,
  type NearestQuery,
  type Position,
} from '../../machines/nearMe';
import { activeLeafIds, leafStateIds } from './graphCoverage';

const HERE: Position = { lat: 35.7, lon: 51.4, accuracy: 20 };
const near = (name: string, km: number): NearestResult => ({
  Guid: name,
  Name: name,
  Lat: 35.7,
  Long: 51.4,
  DistanceKm: km,
  Gender: 'مختلط',
});

function start(
  locate: () => Promise<Position>,
  loadNearest = async (input: NearestQuery): Promise<NearbyResult[]> =>
    input.typeIds.map((typeId) => ({ ...near(typeId, 1.5), TypeId: typeId })),
) {
  const loads: string[] = [];
  const machine = nearMeMachine.provide({
    actors: {
      locate: fromPromise(() => locate()),
      loadNearest: fromPromise(({ input }) => (loads.push(input.typeIds.join('+')), loadNearest(input))),
    },
  });
  return { actor: createActor(machine, { input: { typeIds: ['A'] } }).start(), loads };
}

describe('nearMe machine by example', () => {
  it('lists the nearest teaching a trade: from the position it asks for first, then from a town, until near me again', async () => {
    let asked = 0;
    const trades: (string | null)[] = [];
    const { actor } = start(
      async () => (asked++, HERE),
      async (input) => (trades.push(input.trade), [{ ...near('A', 2), TypeId: 'A' }]),
    );
    actor.send({ type: 'FOR_TRADE', trade: 'خیاطی' });
    expect(actor.getSnapshot().matches('locating')).toBe(true);
    await waitFor(actor, (s) => s.matches('listed'));
    actor.send({ type: 'FROM_PLACE', name: 'بیجار', lat: 35.87, lon: 47.6 });
    await waitFor(actor, (s) => s.matches('listed') && s.context.origin === 'بیجار');
    // Another trade from the same town: the town is kept, nothing is asked of the browser.
    actor.send({ type: 'FOR_TRADE', trade: 'جوشکاری' });
    await waitFor(actor, (s) => s.matches('listed') && s.context.trade === 'جوشکاری');
    expect(actor.getSnapshot().context.origin).toBe('بیجار');
    actor.send({ type: 'LOCATE' });
    await waitFor(actor, (s) => s.matches('listed') && s.context.origin === null);
    expect(trades).toEqual(['خیاطی', 'خیاطی', 'جوشکاری', null]);
    expect(asked).toBe(2);
  });

  it('spans the types a trade is taught at when told to, and narrows to one of them and back', async () => {
    const { actor, loads } = start(async () => HERE);
    const across = [
      { typeId: 'B', count: 5 },
      { typeId: 'C', count: 2 },
    ];
    // Asked from the landing page (its type 'A' teaches nothing): the trade's types, not the page's.
    actor.send({ type: 'FOR_TRADE', trade: 'خیاطی', across });
    await waitFor(actor, (s) => s.matches('listed'));
    expect(actor.getSnapshot().context.spanning).toEqual(across);
    expect(actor.getSnapshot().can({ type: 'ONLY_TYPE', typeId: 'C' })).toBe(true);
    // A type the trade is not taught at, or the one already chosen, changes nothing.
    expect(actor.getSnapshot().can({ type: 'ONLY_TYPE', typeId: 'A' })).toBe(false);
    expect(actor.getSnapshot().can({ type: 'ONLY_TYPE', typeId: null })).toBe(false);
    actor.send({ type: 'ONLY_TYPE', typeId: 'C' });
    await waitFor(actor, (s) => s.matches('listed') && s.context.onlyType === 'C');
    actor.send({ type: 'ONLY_TYPE', typeId: null });
    await waitFor(actor, (s) => s.matches('listed') && s.context.onlyType === null);
    // A trade chosen without types (from a page that teaches) lists the types shown again.
    actor.send({ type: 'FOR_TRADE', trade: 'جوشکاری' });
    await waitFor(actor, (s) => s.matches('listed') && s.context.trade === 'جوشکاری');
    expect(actor.getSnapshot().context.spanning).toBeNull();
    expect(actor.getSnapshot().can({ type: 'ONLY_TYPE', typeId: 'B' })).toBe(false);
    expect(loads).toEqual(['B+C', 'C', 'B+C', 'A']);
  });

  it('locates, then lists the nearest of the current type from that position', async () => {
    const { actor } = start(async () => HERE);
    actor.send({ type: 'LOCATE' });
    await waitFor(actor, (s) => s.matches('listed'));
    expect(actor.getSnapshot().context.position).toEqual(HERE);
    expect(actor.getSnapshot().context.results).toEqual([{ ...near('A', 1.5), TypeId: 'A' }]);
  });

  it('lists the new type from the same position when the type changes, without asking again', async () => {
    let asked = 0;
    const { actor, loads } = start(async () => (asked++, HERE));
    actor.send({ type: 'LOCATE' });
    await waitFor(actor, (s) => s.matches('listed'));
    actor.send({ type: 'TYPES_CHANGED', typeIds: ['B'] });
    await waitFor(actor, (s) => s.matches('listed') && s.context.typeIds.join() === 'B');
    // A type added to the map: the nearest of both, from the same position.
    actor.send({ type: 'TYPES_CHANGED', typeIds: ['B', 'C'] });
    await waitFor(actor, (s) => s.matches('listed') && s.context.results.length === 2);
    expect(actor.getSnapshot().context.results.map((r) => r.TypeId)).toEqual(['B', 'C']);
    // The same types again ask for nothing.
    expect(actor.getSnapshot().can({ type: 'TYPES_CHANGED', typeIds: ['B', 'C'] })).toBe(false);
    expect(loads).toEqual(['A', 'B', 'B+C']);
    expect(asked).toBe(1);
  });

  it.each(['denied', 'unavailable', 'timeout', 'insecure', 'unsupported'] as const)(
    'names the problem when the browser says %s',
    async (problem) => {
      const { actor } = start(() => Promise.reject(new LocateError(problem)));
      actor.send({ type: 'LOCATE' });
      await waitFor(actor, (s) => s.matches('failed'));
      expect(actor.getSnapshot().context.problem).toBe(problem);
      expect(actor.getSnapshot().can({ type: 'RETRY' })).toBe(true);
    },
  );

  it('gives up by itself when the browser never answers', async () => {
    vi.useFakeTimers();
    try {
      const { actor } = start(() => new Promise(() => {}));
      actor.send({ type: 'LOCATE' });
      await vi.advanceTimersByTimeAsync(LOCATE_GIVE_UP_MS + 1);
      expect(actor.getSnapshot().matches('failed')).toBe(true);
      expect(actor.getSnapshot().context.problem).toBe('timeout');
    } finally {
      vi.useRealTimers();
    }
  });

  it('lists the nearest from a chosen town after the browser refused, and says whose they are', async () => {
    const positions: Position[] = [];
    const { actor } = start(
      () => Promise.reject(new LocateError('denied')),
      async (input) => (positions.push(input.position), [{ ...near('A', 0.4), TypeId: 'A' }]),
    );
    actor.send({ type: 'LOCATE' });
    await waitFor(actor, (s) => s.matches('failed'));
    actor.send({ type: 'FROM_PLACE', name: 'بجنورد', lat: 37.47, lon: 57.33 });
    await waitFor(actor, (s) => s.matches('listed'));
    expect(positions).toEqual([{ lat: 37.47, lon: 57.33, accuracy: 0 }]);
    expect(actor.getSnapshot().context).toMatchObject({ origin: 'بجنورد', problem: null });
    expect(isCoarse(actor.getSnapshot().context)).toBe(false);
    // Asking for the visitor's own position again forgets the town.
    actor.send({ type: 'LOCATE' });
    expect(actor.getSnapshot().context.origin).toBeNull();
  });

  it('calls a position coarse when the browser is unsure by more than 5 km (a network guess)', async () => {
    const { actor } = start(async () => ({ ...HERE, accuracy: COARSE_ACCURACY_M + 1 }));
    actor.send({ type: 'LOCATE' });
    await waitFor(actor, (s) => s.matches('listed'));
    expect(isCoarse(actor.getSnapshot().context)).toBe(true);
    const precise = start(async () => ({ ...HERE, accuracy: COARSE_ACCURACY_M }));
    precise.actor.send({ type: 'LOCATE' });
    await waitFor(precise.actor, (s) => s.matches('listed'));
    expect(isCoarse(precise.actor.getSnapshot().context)).toBe(false);
  });

  it('a failed nearest request is a failure with its message, and can be retried', async () => {
    const { actor } = start(
      async () => HERE,
      () => Promise.reject(requestFailure('http', 503, 'unavailable')),
    );
    actor.send({ type: 'LOCATE' });
    await waitFor(actor, (s) => s.matches('failed'));
    expect(actor.getSnapshot().context).toMatchObject({
      problem: 'failed',
      error: requestFailure('http', 503, 'unavailable'),
    });
  });
});

describe('nearMe machine graph', () => {
  const events = [
    { type: 'LOCATE' },
    { type: 'RETRY' },
    { type: 'CLOSE' },
    { type: 'TYPES_CHANGED', typeIds: ['B'] },
    { type: 'FROM_PLACE', name: 'town', lat: 36, lon: 52 },
    {
      type: 'FOR_TRADE',
      trade: 't',
      across: [
        { typeId: 'B', count: 1 },
        { typeId: 'C', count: 1 },
      ],
    },
    { type: 'ONLY_TYPE', typeId: 'C' },
    { type: 'xstate.done.actor.locate', output: HERE },
    { type: 'xstate.error.actor.locate', error: new LocateError('denied') },
    { type: 'xstate.after.giveUp.nearMe.locating' },
    { type: 'xstate.done.actor.loadNearest', output: [near('x', 2)] },
    { type: 'xstate.error.actor.loadNearest', error: new Error('x') },
  ] as unknown as NearMeEvent[];
  const paths = getShortestPaths(nearMeMachine, {
    input: { typeIds: ['A'] },
    events,
    serializeState: (s) =>
      JSON.stringify([
        s.value,
        s.context.typeIds.join(),
        s.context.problem,
        s.context.results.length,
        s.context.position !== null,
        s.context.origin,
        s.context.onlyType,
      ]),
  });

  it('reaches every state', () => {
    expect([...new Set(paths.flatMap((p) => activeLeafIds(p.state as never)))].sort()).toEqual(
      leafStateIds(nearMeMachine),
    );
  });

  it('lists results only with a position, and a failure always names its problem', () => {
    for (const { state } of paths) {
      if (state.matches('listed')) expect(state.context.position).not.toBeNull();
      if (state.matches('failed')) expect(state.context.problem).not.toBeNull();
      if (state.matches('locating')) expect(state.context.origin).toBeNull();
    }
  });
});
