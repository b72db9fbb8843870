/**
 * Filters through the machines: other filters make the map, near me and the statistics ask again under
 * them (equal filters ask nothing), and the filter panel's values follow the type and the filters.
 */
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import { NO_FILTERS, type Filters } from '../../domain/filters';
import type { FacetsAnswer } from '../../domain/wire/answers';
import { pointsOfLocations } from '../../domain/pointsWire';
import { requestFailure } from '../../domain/requestFailure';
import { facetsMachine, type FacetsScope } from '../../machines/facets';
import type { QueryEvent } from '../../machines/query';
import { mapDataMachine, type MapTypeRef } from '../../machines/mapData';
import { nearMeMachine } from '../../machines/nearMe';
import { statisticsMachine, type StatisticsData } from '../../machines/statistics';
import { activeLeafIds, leafStateIds } from './graphCoverage';

const WOMEN: Filters = { ...NO_FILTERS, gender: ['زنانه'] };
/** The same filter as typed with other letters and order: equal under the folding rule. */
const WOMEN_AGAIN: Filters = { ...NO_FILTERS, gender: ['زنانه', ' زنانه '] };
const centers: MapTypeRef = { typeId: 'C', loadMode: 'viewport', minZoom: 10 };
const view = { bounds: { MinLat: 35, MinLon: 51, MaxLat: 36, MaxLon: 52 }, zoom: 12 };
const ANSWER: FacetsAnswer = { gender: [{ Value: 'زنانه', Count: 3 }], legal: [], supervisor: [] };

describe('the map under filters', () => {
  it('loads the view again under other filters, and not under equal ones', async () => {
    const asked: Filters[] = [];
    const machine = mapDataMachine.provide({
      actors: {
        loadMarkers: fromPromise(async ({ input }) => (asked.push(input.filters), pointsOfLocations([], false))),
      },
    });
    const actor = createActor(machine, { input: { type: centers, view } }).start();
    await waitFor(actor, (s) => s.matches({ viewport: 'idle' }));
    expect(actor.getSnapshot().can({ type: 'FILTERS_CHANGED', filters: WOMEN })).toBe(true);
    actor.send({ type: 'FILTERS_CHANGED', filters: WOMEN });
    expect(actor.getSnapshot().matches({ viewport: 'loadingMarkers' })).toBe(true);
    await waitFor(actor, (s) => s.matches({ viewport: 'idle' }));
    expect(actor.getSnapshot().can({ type: 'FILTERS_CHANGED', filters: WOMEN_AGAIN })).toBe(false);
    expect(asked).toEqual([NO_FILTERS, WOMEN]);
  });
});

describe('near me under filters', () => {
  it('lists again from the same position under other filters; filters set before locating are used', async () => {
    const asked: Filters[] = [];
    const machine = nearMeMachine.provide({
      actors: {
        locate: fromPromise(async () => ({ lat: 35.7, lon: 51.4, accuracy: 10 })),
        loadNearest: fromPromise(async ({ input }) => (asked.push(input.filters), [])),
      },
    });
    const actor = createActor(machine, { input: { typeIds: ['C'] } }).start();
    actor.send({ type: 'FILTERS_CHANGED', filters: WOMEN });
    actor.send({ type: 'LOCATE' });
    await waitFor(actor, (s) => s.matches('listed'));
    actor.send({ type: 'FILTERS_CHANGED', filters: NO_FILTERS });
    await waitFor(actor, (s) => s.matches('listed'));
    expect(asked).toEqual([WOMEN, NO_FILTERS]);
  });
});

describe('the statistics under filters', () => {
  it('count again under other filters and keep the chosen province', async () => {
    const asked: { filters: Filters; ostan?: string }[] = [];
    const data: StatisticsData = {
      rows: [{ Count: 1, OstanName: 'فارس', LocationEnName: 'Fars', DataType: 't' }],
      provinces: [{ value: 'Fars', label: 'فارس' }],
      updatedAt: null,
    };
    const machine = statisticsMachine.provide({
      actors: {
        loadStatistics: fromPromise(async ({ input }) => (asked.push({ filters: input.filters }), data)),
        loadPie: fromPromise(async ({ input }) => (asked.push({ filters: input.filters, ostan: input.ostan }), [])),
      },
    });
    const actor = createActor(machine, { input: { typeId: 'C' } }).start();
    await waitFor(actor, (s) => s.matches({ ready: { pie: 'shown' } }));
    actor.send({ type: 'SELECT_PROVINCE', ostan: 'Fars' });
    await waitFor(actor, (s) => s.matches({ ready: { pie: 'shown' } }));
    actor.send({ type: 'FILTERS_CHANGED', filters: WOMEN });
    expect(actor.getSnapshot().matches('loading')).toBe(true);
    await waitFor(actor, (s) => s.matches({ ready: { pie: 'shown' } }));
    expect(asked.slice(3)).toEqual([{ filters: WOMEN }, { filters: WOMEN, ostan: 'Fars' }]);
    expect(actor.getSnapshot().can({ type: 'FILTERS_CHANGED', filters: WOMEN_AGAIN })).toBe(false);
  });
});

describe('the filter panel’s values', () => {
  function start(load: (scope: FacetsScope) => Promise<FacetsAnswer> = async () => ANSWER) {
    const asked: FacetsScope[] = [];
    const machine = facetsMachine.provide({
      actors: { load: fromPromise(({ input }) => (asked.push(input), load(input))) },
    });
    return { actor: createActor(machine, { input: { scope: CLOSED } }).start(), asked };
  }
  const CLOSED: FacetsScope = { typeId: 'C', ostan: 'All', filters: NO_FILTERS, open: false };
  const OPEN = { type: 'SCOPE_CHANGED', scope: { open: true } } as const;
  const CLOSE = { type: 'SCOPE_CHANGED', scope: { open: false } } as const;

  it('load on opening, again when the scope changes while open, and only on the next opening when closed', async () => {
    const { actor, asked } = start();
    expect(asked).toEqual([]);
    actor.send(OPEN);
    await waitFor(actor, (s) => s.matches('shown'));
    expect(actor.getSnapshot().context.answer).toEqual(ANSWER);
    actor.send({ type: 'SCOPE_CHANGED', scope: { typeId: 'C', filters: WOMEN } });
    await waitFor(actor, (s) => s.matches('shown'));
    expect(asked.map((a) => a.filters)).toEqual([NO_FILTERS, WOMEN]);
    actor.send(CLOSE);
    actor.send({ type: 'SCOPE_CHANGED', scope: { typeId: 'A', filters: WOMEN } });
    expect(actor.getSnapshot().matches('waiting')).toBe(true);
    expect(asked).toHaveLength(2);
    actor.send(OPEN);
    await waitFor(actor, (s) => s.matches('shown'));
    expect(asked.at(-1)).toEqual({ typeId: 'A', ostan: 'All', filters: WOMEN, open: true });
  });

  it('a failure says so and retries', async () => {
    let fail = true;
    const { actor } = start(async () => {
      if (fail) throw requestFailure('network');
      return ANSWER;
    });
    actor.send(OPEN);
    await waitFor(actor, (s) => s.matches('failed'));
    expect(actor.getSnapshot().context.error?.kind).toBe('network');
    fail = false;
    actor.send({ type: 'RETRY' });
    await waitFor(actor, (s) => s.matches('shown'));
    expect(actor.getSnapshot().context.error).toBeNull();
  });

  it('reaches every state by its events', () => {
    const events = [
      OPEN,
      CLOSE,
      { type: 'RETRY' },
      { type: 'SCOPE_CHANGED', scope: { typeId: 'A', filters: WOMEN } },
      { type: 'xstate.done.actor.load', output: ANSWER },
      { type: 'xstate.error.actor.load', error: requestFailure('timeout') },
    ] as unknown as QueryEvent<FacetsScope>[];
    const paths = getShortestPaths(facetsMachine, {
      input: { scope: CLOSED },
      events,
      serializeState: (s) => JSON.stringify([s.value, s.context.scope]),
    });
    expect([...new Set(paths.flatMap((p) => activeLeafIds(p.state as never)))].sort()).toEqual(
      leafStateIds(facetsMachine).filter((id) => !id.endsWith('.deciding')),
    );
  });
});
