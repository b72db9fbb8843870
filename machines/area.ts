/**
 * Inside an area: once an area is chosen (a town and a radius, or a polygon drawn), what of the type lies inside it, under the
 * filters in force; another area or other filters ask again, a failure is a state with a retry.
 */
import { assign, fromPromise, setup } from 'xstate';
import type { AreaAnswer } from '../domain/area';
import { NO_FILTERS, sameFilters, type Filters } from '../domain/filters';
import type { RequestFailure } from '../domain/requestFailure';
import { failureOfEvent } from './failure';

export interface ChosenArea {
  /** What the area is, in words ("25 km around Bojnurd"). */
  label: string;
  ring: [number, number][];
}

export interface AreaScope {
  typeId: string;
  ring: [number, number][];
  filters: Filters;
}

export interface AreaContext {
  typeId: string;
  filters: Filters;
  area: ChosenArea | null;
  answer: AreaAnswer | null;
  error: RequestFailure | null;
}

export type AreaEvent =
  { type: 'AREA_CHOSEN'; area: ChosenArea } | { type: 'FILTERS_CHANGED'; filters: Filters } | { type: 'RETRY' };

export const areaMachine = setup({
  types: {
    context: {} as AreaContext,
    events: {} as AreaEvent,
    input: {} as { typeId: string; filters?: Filters; area?: ChosenArea },
  },
  actors: {
    loadArea: fromPromise<AreaAnswer, AreaScope>(() => Promise.reject(new Error('loadArea actor not provided'))),
  },
  guards: {
    hasArea: ({ context }) => context.area !== null,
    otherFilters: ({ context, event }) =>
      event.type === 'FILTERS_CHANGED' && !sameFilters(context.filters, event.filters),
  },
}).createMachine({
  id: 'area',
  context: ({ input }) => ({
    typeId: input.typeId,
    filters: input.filters ?? NO_FILTERS,
    area: input.area ?? null,
    answer: null,
    error: null,
  }),
  initial: 'deciding',
  on: {
    AREA_CHOSEN: { target: '.loading', reenter: true, actions: assign({ area: ({ event }) => event.area }) },
    FILTERS_CHANGED: {
      guard: 'otherFilters',
      target: '.deciding',
      reenter: true,
      actions: assign({ filters: ({ event }) => event.filters }),
    },
  },
  states: {
    deciding: { always: [{ guard: 'hasArea', target: 'loading' }, { target: 'choosing' }] },
    choosing: {},
    loading: {
      entry: assign({ error: null }),
      invoke: {
        id: 'loadArea',
        src: 'loadArea',
        input: ({ context }) => ({ typeId: context.typeId, ring: context.area!.ring, filters: context.filters }),
        onDone: { target: 'shown', actions: assign({ answer: ({ event }) => event.output }) },
        onError: { target: 'failed', actions: assign({ error: ({ event }) => failureOfEvent(event) }) },
      },
    },
    shown: {},
    failed: { on: { RETRY: 'loading' } },
  },
});
