/**
 * The coverage card: for the type and the filters in force, the people farther than the chosen distance
 * from its nearest location. Another distance or other filters ask again (the newer request replaces the
 * older); a failure is a state with a retry.
 */
import { assign, fromPromise, setup } from 'xstate';
import { COVERAGE_KM, type CoverageAnswer } from '../domain/coverage';
import { NO_FILTERS, sameFilters, type Filters } from '../domain/filters';
import type { RequestFailure } from '../domain/requestFailure';
import { failureOfEvent } from './failure';

export interface CoverageScope {
  typeId: string;
  km: number;
  filters: Filters;
}

export interface CoverageContext extends CoverageScope {
  answer: CoverageAnswer | null;
  error: RequestFailure | null;
}

export type CoverageEvent =
  { type: 'KM_CHANGED'; km: number } | { type: 'FILTERS_CHANGED'; filters: Filters } | { type: 'RETRY' };

/** The distance shown first: a day's trip there and back by bus is about this. */
export const DEFAULT_COVERAGE_KM: number = COVERAGE_KM[2];

export const coverageMachine = setup({
  types: {
    context: {} as CoverageContext,
    events: {} as CoverageEvent,
    input: {} as { typeId: string; filters?: Filters },
  },
  actors: {
    loadCoverage: fromPromise<CoverageAnswer, CoverageScope>(() =>
      Promise.reject(new Error('loadCoverage actor not provided')),
    ),
  },
  guards: {
    otherKm: ({ context, event }) => event.type === 'KM_CHANGED' && event.km !== context.km,
    otherFilters: ({ context, event }) =>
      event.type === 'FILTERS_CHANGED' && !sameFilters(context.filters, event.filters),
  },
}).createMachine({
  id: 'coverage',
  context: ({ input }) => ({
    typeId: input.typeId,
    km: DEFAULT_COVERAGE_KM,
    filters: input.filters ?? NO_FILTERS,
    answer: null,
    error: null,
  }),
  initial: 'loading',
  on: {
    KM_CHANGED: {
      guard: 'otherKm',
      target: '.loading',
      reenter: true,
      actions: assign({ km: ({ event }) => event.km }),
    },
    FILTERS_CHANGED: {
      guard: 'otherFilters',
      target: '.loading',
      reenter: true,
      actions: assign({ filters: ({ event }) => event.filters }),
    },
  },
  states: {
    loading: {
      entry: assign({ error: null }),
      invoke: {
        id: 'loadCoverage',
        src: 'loadCoverage',
        input: ({ context }) => ({ typeId: context.typeId, km: context.km, filters: context.filters }),
        onDone: { target: 'shown', actions: assign({ answer: ({ event }) => event.output }) },
        onError: { target: 'failed', actions: assign({ error: ({ event }) => failureOfEvent(event) }) },
      },
    },
    shown: {},
    failed: { on: { RETRY: 'loading' } },
  },
});
