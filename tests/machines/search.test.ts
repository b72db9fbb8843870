import { describe, expect, it, vi } from 'vitest';
import { requestFailure } from '../../domain/requestFailure';
import { createActor, fromPromise, waitFor } from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import type { Place } from '../../domain/places';
import type { SearchResult } from '../../domain/search';
import { SEARCH_DEBOUNCE_MS, isSearchable, searchMachine, type SearchEvent } from '../../machines/search';
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
        return answer(input.query, signal).then((results) => ({ places: [], results }));
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
    { type: 'xstate.done.actor.search', output: { places: [], results: [result('تهران')] } },
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
  it('keeps the places found beside the locations, and clears both', async () => {
    const town: Place = { Name: 'بجنورد', Kind: 'city', Lat: 37.47, Long: 57.33, Ostan: 'North Khorasan' };
    const machine = searchMachine.provide({
      actors: { search: fromPromise(async () => ({ places: [town], results: [result('مرکز بجنورد')] })) },
      delays: { debounce: 0 },
    });
    const actor = createActor(machine).start();
    actor.send({ type: 'TYPED', text: 'بجنورد' });
    await waitFor(actor, (s) => s.matches('shown'));
    expect(actor.getSnapshot().context.places).toEqual([town]);
    expect(actor.getSnapshot().context.results).toHaveLength(1);
    actor.send({ type: 'CLEAR' });
    expect(actor.getSnapshot().context).toMatchObject({ places: [], results: [] });
  });
});
