/**
 * The filter panel's values: each filter's values with their counts for a type under the other filters,
 * loaded when the panel opens and again whenever the type or the filters change while it is open (the
 * newer scope's request replaces the older's). A failure is a state with a retry.
 */
import { assign, fromPromise, setup } from 'xstate';
import { NO_FILTERS, sameFilters, type FacetsAnswer, type Filters } from '../domain/filters';
import { ALL_PROVINCES } from '../domain/gateway';
import type { RequestFailure } from '../domain/requestFailure';
import { failureOfEvent } from './failure';

export interface FacetsScope {
  typeId: string;
  ostan: string;
  filters: Filters;
}

export interface FacetsContext extends FacetsScope {
  answer: FacetsAnswer | null;
  error: RequestFailure | null;
}

export type FacetsEvent =
  | { type: 'OPEN' }
  | { type: 'CLOSE' }
  | { type: 'RETRY' }
  | { type: 'SCOPE_CHANGED'; typeId: string; filters: Filters };

export const facetsMachine = setup({
  types: {
    context: {} as FacetsContext,
    events: {} as FacetsEvent,
    input: {} as { typeId: string; filters?: Filters },
  },
  actors: {
    loadFacets: fromPromise<FacetsAnswer, FacetsScope>(() =>
      Promise.reject(new Error('loadFacets actor not provided')),
    ),
  },
  guards: {
    otherScope: ({ context, event }) =>
      event.type === 'SCOPE_CHANGED' &&
      (event.typeId !== context.typeId || !sameFilters(event.filters, context.filters)),
  },
  actions: {
    takeScope: assign(({ event }) =>
      event.type === 'SCOPE_CHANGED' ? { typeId: event.typeId, filters: event.filters } : {},
    ),
  },
}).createMachine({
  id: 'facets',
  context: ({ input }) => ({
    typeId: input.typeId,
    ostan: ALL_PROVINCES,
    filters: input.filters ?? NO_FILTERS,
    answer: null,
    error: null,
  }),
  initial: 'closed',
  states: {
    // Closed, the scope is kept and the counts go stale: they load again on opening.
    closed: {
      on: {
        OPEN: 'loading',
        SCOPE_CHANGED: { guard: 'otherScope', actions: ['takeScope', assign({ answer: null })] },
      },
    },
    loading: {
      entry: assign({ error: null }),
      invoke: {
        id: 'loadFacets',
        src: 'loadFacets',
        input: ({ context }) => ({ typeId: context.typeId, ostan: context.ostan, filters: context.filters }),
        onDone: { target: 'shown', actions: assign({ answer: ({ event }) => event.output }) },
        onError: { target: 'failed', actions: assign({ error: ({ event }) => failureOfEvent(event) }) },
      },
      on: {
        CLOSE: 'closed',
        SCOPE_CHANGED: { guard: 'otherScope', target: 'loading', reenter: true, actions: 'takeScope' },
      },
    },
    shown: {
      on: {
        CLOSE: 'closed',
        SCOPE_CHANGED: { guard: 'otherScope', target: 'loading', actions: 'takeScope' },
      },
    },
    failed: {
      on: {
        CLOSE: 'closed',
        RETRY: 'loading',
        SCOPE_CHANGED: { guard: 'otherScope', target: 'loading', actions: 'takeScope' },
      },
    },
  },
});
