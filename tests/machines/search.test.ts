import { describe, expect, it, vi } from 'vitest';
import { requestFailure } from '../../domain/requestFailure';
import { createActor, fromPromise, waitFor } from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import type { Place } from '../../domain/places';
import type { SearchResult } from '../../domain/search';
import {
  SEARCH_DEBOUNCE_MS,
  isSearchable,
  searchMachine,
  totalCount,
  type SearchAnswer,
  type SearchEvent,
} from '../../machines/search';
import { activeLeafIds, leafStateIds } from './graphCoverage';

const result = (name: string): SearchResult => ({
  Guid: name,
  Name: name,
  Lat: 35,
  Long: 51,
  TypeId: 'T',
  Route: 'Centers',
  OstanName: 'تهران',
});

function start(answer: (query: string, signal: AbortSignal) => Promise<SearchResult[]>) {
  const asked: string[] = [];
  const machine = searchMachine.provide({
    actors: {
      search: fromPromise(({ input, signal }) => {
        asked.push(input.query);
        return answer(input.query, signal).then((results) => ({ places: [], trades: [], results, total: null }));
      }),
    },
  });
  return { actor: createActor(machine).start(), asked };
}

describe('search machine by example', () => {
  it('waits for typing to pause, then asks once for the last text', async () => {
    vi.useFakeTimers();
    try {
      const { actor, asked } = start(async (q) => [result(q)]);
      for (const text of ['مر', 'مرک', 'مرکز']) actor.send({ type: 'TYPED', text });
      expect(actor.getSnapshot().matches('debouncing')).toBe(true);
      await vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS + 1);
      expect(asked).toEqual(['مرکز']);
      expect(actor.getSnapshot().matches('shown')).toBe(true);
      expect(actor.getSnapshot().context.results.map((r) => r.Name)).toEqual(['مرکز']);
    } finally {
      vi.useRealTimers();
    }
  });

  it('asks nothing for text shorter than two folded characters, and clears the results', async () => {
    const { actor, asked } = start(async (q) => [result(q)]);
    actor.send({ type: 'TYPED', text: 'تهران' });
    await waitFor(actor, (s) => s.matches('shown'));
    actor.send({ type: 'TYPED', text: ' ـت ' });
    expect(actor.getSnapshot().matches('idle')).toBe(true);
    expect(actor.getSnapshot().context.results).toEqual([]);
    expect(asked).toEqual(['تهران']);
    expect(isSearchable('ك')).toBe(false);
    expect(isSearchable('۱۲')).toBe(true);
  });

  it('drops a stale answer: a newer query cancels the one in flight', async () => {
    const signals: AbortSignal[] = [];
    let releaseFirst: (value: SearchResult[]) => void = () => {};
    const { actor } = start((q, signal) => {
      signals.push(signal);
      return q === 'قدیم' ? new Promise((resolve) => (releaseFirst = resolve)) : Promise.resolve([result(q)]);
    });
    actor.send({ type: 'TYPED', text: 'قدیم' });
    await waitFor(actor, (s) => s.matches('searching'));
    actor.send({ type: 'TYPED', text: 'تازه' });
    expect(signals[0]!.aborted).toBe(true);
    releaseFirst([result('قدیم')]);
    await waitFor(actor, (s) => s.matches('shown'));
    expect(actor.getSnapshot().context.results.map((r) => r.Name)).toEqual(['تازه']);
  });

  it('shows a failure and retries', async () => {
    let fail = true;
    const { actor } = start(async (q) => {
      if (fail) throw requestFailure('http', 503, 'unavailable');
      return [result(q)];
    });
    actor.send({ type: 'TYPED', text: 'تهران' });
    await waitFor(actor, (s) => s.matches('failed'));
    expect(actor.getSnapshot().context.error).toEqual(requestFailure('http', 503, 'unavailable'));
    expect(actor.getSnapshot().can({ type: 'RETRY' })).toBe(true);
    fail = false;
    actor.send({ type: 'RETRY' });
    await waitFor(actor, (s) => s.matches('shown'));
  });
});

describe('search machine graph', () => {
  const events = [
    { type: 'TYPED', text: 'ت' },
    { type: 'TYPED', text: 'تهران' },
    { type: 'CLEAR' },
    { type: 'RETRY' },
    { type: 'xstate.after.debounce.search.debouncing' },
    { type: 'xstate.done.actor.search', output: { places: [], trades: [], results: [result('تهران')], total: '3' } },
    { type: 'MORE' },
    { type: 'xstate.error.actor.search', error: new Error('x') },
  ] as unknown as SearchEvent[];
  const paths = getShortestPaths(searchMachine, {
    events,
    serializeState: (s) => JSON.stringify([s.value, s.context.query, s.context.results.length, s.context.error]),
  });

  it('reaches every state', () => {
    expect([...new Set(paths.flatMap((p) => activeLeafIds(p.state as never)))].sort()).toEqual(
      leafStateIds(searchMachine),
    );
  });

  it('never holds results for a query too short to search', () => {
    for (const { state } of paths) if (!isSearchable(state.context.query)) expect(state.context.results).toEqual([]);
  });
});

describe('search machine with places', () => {
  it('keeps the places and trades found beside the locations, and clears them all', async () => {
    const town: Place = { Name: 'بجنورد', Kind: 'city', Lat: 37.47, Long: 57.33, Ostan: 'North Khorasan' };
    const machine = searchMachine.provide({
      actors: {
        search: fromPromise<SearchAnswer, { query: string; limit: number }>(async () => ({
          places: [town],
          trades: [{ Trade: 'خیاطی', Count: 3 }],
          results: [result('مرکز بجنورد')],
          total: '1',
        })),
      },
      delays: { debounce: 0 },
    });
    const actor = createActor(machine).start();
    actor.send({ type: 'TYPED', text: 'بجنورد' });
    await waitFor(actor, (s) => s.matches('shown'));
    expect(actor.getSnapshot().context.places).toEqual([town]);
    expect(actor.getSnapshot().context.trades).toEqual([{ Trade: 'خیاطی', Count: 3 }]);
    expect(actor.getSnapshot().context.results).toHaveLength(1);
    actor.send({ type: 'CLEAR' });
    expect(actor.getSnapshot().context).toMatchObject({ places: [], trades: [], results: [] });
  });
});

describe('search machine with more matches than shown', () => {
  it('asks again for as many as the server gives at once, only when more match than are shown', async () => {
    const limits: number[] = [];
    const machine = searchMachine.provide({
      actors: {
        search: fromPromise<SearchAnswer, { query: string; limit: number }>(async ({ input }) => {
          limits.push(input.limit);
          const shown = Math.min(input.limit, 23);
          return {
            places: [],
            trades: [],
            results: Array.from({ length: shown }, (_, i) => result(`مرکز ${i}`)),
            total: '23',
          };
        }),
      },
      delays: { debounce: 0 },
    });
    const actor = createActor(machine).start();
    actor.send({ type: 'TYPED', text: 'مرکز' });
    await waitFor(actor, (s) => s.matches('shown'));
    expect(actor.getSnapshot().context.results).toHaveLength(20);
    expect(actor.getSnapshot().can({ type: 'MORE' })).toBe(true);
    actor.send({ type: 'MORE' });
    await waitFor(actor, (s) => s.matches('shown'));
    expect(actor.getSnapshot().context.results).toHaveLength(23);
    expect(actor.getSnapshot().can({ type: 'MORE' })).toBe(false);
    expect(limits).toEqual([20, 50]);
    // Typing again starts from the default count.
    actor.send({ type: 'TYPED', text: 'مرکزی' });
    await waitFor(actor, (s) => s.matches('shown'));
    expect(limits).toEqual([20, 50, 20]);
  });

  it('reads a capped total as more than its number', () => {
    expect(totalCount('1000+')).toBe(1001);
    expect(totalCount('23')).toBe(23);
  });
});
