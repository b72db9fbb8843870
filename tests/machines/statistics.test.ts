import { describe, expect, it } from 'vitest';
import { requestFailure } from '../../domain/requestFailure';
import { createActor, fromPromise, waitFor } from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import { statisticsMachine, totalCount, type StatisticsData, type StatisticsEvent } from '../../machines/statistics';
import type { PiePoint } from '../../domain/gateway';
import { activeLeafIds, leafStateIds } from './graphCoverage';

const DATA: StatisticsData = {
  updatedAt: null,
  rows: [
    { Count: 1200, OstanName: 'تهران', LocationEnName: 'Tehran', DataType: 't' },
    { Count: 34, OstanName: 'فارس', LocationEnName: 'Fars', DataType: 't' },
    { Count: 0, OstanName: 'قم', LocationEnName: 'Qom', DataType: 't' },
  ],
  provinces: [
    { value: 'Tehran', label: 'تهران' },
    { value: 'Fars', label: 'فارس' },
    { value: 'Qom', label: 'قم' },
  ],
};
const PIE: PiePoint[] = [{ Name: 'زنانه', Count: 3 }];

function start(loadStatistics: () => Promise<StatisticsData> = async () => DATA) {
  const pieRequests: string[] = [];
  const machine = statisticsMachine.provide({
    actors: {
      loadStatistics: fromPromise(() => loadStatistics()),
      loadPie: fromPromise(async ({ input }) => (pieRequests.push(input.ostan), PIE)),
    },
  });
  return { actor: createActor(machine, { input: { typeId: 'T' } }).start(), pieRequests };
}

describe('statistics machine by example', () => {
  it('hides the charts while loading, then shows them with the pie for All', async () => {
    const { actor, pieRequests } = start();
    expect(actor.getSnapshot().matches('loading')).toBe(true);
    await waitFor(actor, (s) => s.matches({ ready: { pie: 'shown' } }));
    expect(actor.getSnapshot().context.selected).toBe('All');
    expect(totalCount(actor.getSnapshot().context.rows)).toBe(1234);
    expect(pieRequests).toEqual(['All']);
  });

  it('choosing a province refetches the pie for it (the spec only logged)', async () => {
    const { actor, pieRequests } = start();
    await waitFor(actor, (s) => s.matches({ ready: { pie: 'shown' } }));
    actor.send({ type: 'SELECT_PROVINCE', ostan: 'Fars' });
    await waitFor(actor, (s) => s.matches({ ready: { pie: 'shown' } }));
    expect(pieRequests).toEqual(['All', 'Fars']);
    expect(actor.getSnapshot().matches({ ready: { list: 'closed' } })).toBe(true);
    actor.send({ type: 'SELECT_PROVINCE', ostan: 'Atlantis' });
    expect(actor.getSnapshot().context.selected).toBe('Fars');
  });

  it('a map region click selects its English name and opens the list; a column click maps Persian to English', async () => {
    const { actor } = start();
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'REGION_CLICKED', enName: 'Fars' });
    expect(actor.getSnapshot().context).toMatchObject({ selected: 'Fars', listOstan: 'Fars' });
    actor.send({ type: 'CLOSE_LIST' });
    expect(actor.getSnapshot().matches({ ready: { list: 'closed' } })).toBe(true);
    actor.send({ type: 'COLUMN_CLICKED', faName: 'تهران' });
    expect(actor.getSnapshot().context).toMatchObject({ selected: 'Tehran', listOstan: 'Tehran' });
    expect(actor.getSnapshot().matches({ ready: { list: 'open' } })).toBe(true);
  });

  it('a failed chart call shows an error with a retry', async () => {
    let fail = true;
    const { actor } = start(async () => {
      if (fail) throw requestFailure('http', 503, 'unavailable');
      return DATA;
    });
    await waitFor(actor, (s) => s.matches('failed'));
    expect(actor.getSnapshot().context.error).toEqual(requestFailure('http', 503, 'unavailable'));
    fail = false;
    actor.send({ type: 'RETRY' });
    await waitFor(actor, (s) => s.matches('ready'));
  });
});

describe('statistics machine graph', () => {
  const events = [
    { type: 'RETRY' },
    { type: 'RETRY_PIE' },
    { type: 'SELECT_PROVINCE', ostan: 'Fars' },
    { type: 'SELECT_PROVINCE', ostan: 'All' },
    { type: 'REGION_CLICKED', enName: 'Tehran' },
    { type: 'REGION_CLICKED', enName: 'Nowhere' },
    { type: 'COLUMN_CLICKED', faName: 'فارس' },
    { type: 'CLOSE_LIST' },
    { type: 'OPEN_LIST' },
    { type: 'xstate.done.actor.loadStatistics', output: DATA },
    { type: 'xstate.error.actor.loadStatistics', error: new Error('x') },
    { type: 'xstate.done.actor.loadPie', output: PIE },
    { type: 'xstate.error.actor.loadPie', error: new Error('x') },
  ] as unknown as StatisticsEvent[];
  const paths = getShortestPaths(statisticsMachine, {
    input: { typeId: 'T' },
    events,
    serializeState: (s) => JSON.stringify([s.value, s.context.selected, s.context.listOstan]),
  });

  it('reaches every state', () => {
    expect([...new Set(paths.flatMap((p) => activeLeafIds(p.state as never)))].sort()).toEqual(
      leafStateIds(statisticsMachine),
    );
  });

  it('the list opens only for a known province, and the selection is always All or a known province', () => {
    for (const { state } of paths) {
      const known = ['All', ...DATA.provinces.map((p) => p.value)];
      expect(known).toContain(state.context.selected);
      if (state.matches({ ready: { list: 'open' } })) expect(known).toContain(state.context.listOstan);
    }
  });
});

describe('statistics machine: a newer selection supersedes a pie request in flight', () => {
  it('drops the older answer', async () => {
    const resolvers: ((p: PiePoint[]) => void)[] = [];
    const machine = statisticsMachine.provide({
      actors: {
        loadStatistics: fromPromise(async () => DATA),
        loadPie: fromPromise(() => new Promise<PiePoint[]>((resolve) => resolvers.push(resolve))),
      },
    });
    const actor = createActor(machine, { input: { typeId: 'T' } }).start();
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'SELECT_PROVINCE', ostan: 'Fars' });
    actor.send({ type: 'SELECT_PROVINCE', ostan: 'Tehran' });
    expect(resolvers).toHaveLength(3);
    // The fresh answer comes first and the stale one after it: last-writer-wins would show the stale one.
    resolvers[2]!([{ Name: 'fresh', Count: 2 }]);
    await waitFor(actor, (s) => s.matches({ ready: { pie: 'shown' } }));
    resolvers[1]!([{ Name: 'stale', Count: 1 }]);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(actor.getSnapshot().context.pie).toEqual([{ Name: 'fresh', Count: 2 }]);
    expect(actor.getSnapshot().context.selected).toBe('Tehran');
  });
});
