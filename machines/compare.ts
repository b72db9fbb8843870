/**
 * Provinces side by side: waits until 2 to 4 provinces are chosen, then loads their figures, again whenever
 * the choice or the filters change (the newer request replaces the older); a failure is a state with a retry.
 */
import { assign, fromPromise, setup } from 'xstate';
import { COMPARE_PROVINCES, type CompareAnswer } from '../domain/compare';
import { NO_FILTERS, sameFilters, type Filters } from '../domain/filters';
import type { RequestFailure } from '../domain/requestFailure';
import { failureOfEvent } from './failure';

export interface CompareScope {
  /** English names. */
  provinces: readonly string[];
  filters: Filters;
}

export interface CompareContext extends CompareScope {
  answer: CompareAnswer | null;
  error: RequestFailure | null;
}

export type CompareEvent =
  | { type: 'PROVINCES_CHANGED'; provinces: readonly string[] }
  | { type: 'FILTERS_CHANGED'; filters: Filters }
  | { type: 'RETRY' };

const enough = (provinces: readonly string[]) =>
  provinces.length >= COMPARE_PROVINCES.min && provinces.length <= COMPARE_PROVINCES.max;

export const compareMachine = setup({
  types: {
    context: {} as CompareContext,
    events: {} as CompareEvent,
    input: {} as { provinces?: readonly string[]; filters?: Filters },
  },
  actors: {
    loadComparison: fromPromise<CompareAnswer, CompareScope>(() =>
      Promise.reject(new Error('loadComparison actor not provided')),
    ),
  },
  guards: {
    enough: ({ context }) => enough(context.provinces),
    otherProvinces: ({ context, event }) =>
      event.type === 'PROVINCES_CHANGED' && event.provinces.join() !== context.provinces.join(),
    otherFilters: ({ context, event }) =>
      event.type === 'FILTERS_CHANGED' && !sameFilters(context.filters, event.filters),
  },
}).createMachine({
  id: 'compare',
  context: ({ input }) => ({
    provinces: input.provinces ?? [],
    filters: input.filters ?? NO_FILTERS,
    answer: null,
    error: null,
  }),
  initial: 'deciding',
  on: {
    PROVINCES_CHANGED: {
      guard: 'otherProvinces',
      target: '.deciding',
      reenter: true,
      actions: assign({ provinces: ({ event }) => event.provinces }),
    },
    FILTERS_CHANGED: {
      guard: 'otherFilters',
      target: '.deciding',
      reenter: true,
      actions: assign({ filters: ({ event }) => event.filters }),
    },
  },
  states: {
    deciding: { always: [{ guard: 'enough', target: 'loading' }, { target: 'choosing' }] },
    // Fewer than two (or more than four) provinces: nothing to compare yet.
    choosing: { entry: assign({ answer: null }) },
    loading: {
      entry: assign({ error: null }),
      invoke: {
        id: 'loadComparison',
        src: 'loadComparison',
        input: ({ context }) => ({ provinces: context.provinces, filters: context.filters }),
        onDone: { target: 'shown', actions: assign({ answer: ({ event }) => event.output }) },
        onError: { target: 'failed', actions: assign({ error: ({ event }) => failureOfEvent(event) }) },
      },
    },
    shown: {},
    failed: { on: { RETRY: 'loading' } },
  },
});
