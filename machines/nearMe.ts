/**
 * "Near me": ask the browser where the visitor is, then list the nearest locations of the
 * current type. Every way this can go wrong ends in a named problem the view explains, and nothing waits
 * forever: browsers may never answer while a permission prompt is ignored, so the machine gives up itself.
 */
import { assign, fromPromise, setup } from 'xstate';
import type { NearestResult } from '../domain/search';
import type { RequestFailure } from '../domain/requestFailure';
import { failureOfEvent } from './failure';

export interface Position {
  lat: number;
  lon: number;
  /** Metres, as the browser reports it. */
  accuracy: number;
}

export type NearMeProblem = 'denied' | 'unavailable' | 'timeout' | 'insecure' | 'unsupported' | 'failed';

/** What a locate actor rejects with, so the machine can tell the visitor why. */
export class LocateError extends Error {
  constructor(readonly problem: Exclude<NearMeProblem, 'failed'>) {
    super(problem);
  }
}

/** The browser gets this long to answer; the machine gives up a little later whatever happens. */
export const LOCATE_TIMEOUT_MS = 15_000;
export const LOCATE_GIVE_UP_MS = LOCATE_TIMEOUT_MS + 2_000;

export interface NearMeContext {
  typeId: string;
  position: Position | null;
  results: NearestResult[];
  problem: NearMeProblem | null;
  error: RequestFailure | null;
}

export type NearMeEvent =
  { type: 'LOCATE' } | { type: 'RETRY' } | { type: 'CLOSE' } | { type: 'TYPE_CHANGED'; typeId: string };

const problemOf = (event: unknown): Exclude<NearMeProblem, 'failed'> | null => {
  const error = (event as { error?: unknown }).error;
  return error instanceof LocateError ? error.problem : null;
};

export const nearMeMachine = setup({
  types: { context: {} as NearMeContext, events: {} as NearMeEvent, input: {} as { typeId: string } },
  actors: {
    locate: fromPromise<Position>(() => Promise.reject(new Error('locate actor not provided'))),
    loadNearest: fromPromise<NearestResult[], { typeId: string; position: Position }>(() =>
      Promise.reject(new Error('loadNearest actor not provided')),
    ),
  },
  delays: { giveUp: LOCATE_GIVE_UP_MS },
}).createMachine({
  id: 'nearMe',
  context: ({ input }) => ({ typeId: input.typeId, position: null, results: [], problem: null, error: null }),
  initial: 'idle',
  on: {
    CLOSE: { target: '.idle', actions: assign({ results: [], problem: null, error: null }) },
  },
  states: {
    idle: {
      on: {
        LOCATE: 'locating',
        TYPE_CHANGED: { actions: assign({ typeId: ({ event }) => event.typeId }) },
      },
    },
    locating: {
      entry: assign({ problem: null, error: null }),
      invoke: {
        id: 'locate',
        src: 'locate',
        onDone: { target: 'loading', actions: assign({ position: ({ event }) => event.output }) },
        onError: { target: 'failed', actions: assign({ problem: ({ event }) => problemOf(event) ?? 'unavailable' }) },
      },
      after: { giveUp: { target: 'failed', actions: assign({ problem: 'timeout' }) } },
      on: { TYPE_CHANGED: { actions: assign({ typeId: ({ event }) => event.typeId }) } },
    },
    loading: {
      invoke: {
        id: 'loadNearest',
        src: 'loadNearest',
        input: ({ context }) => ({ typeId: context.typeId, position: context.position! }),
        onDone: { target: 'listed', actions: assign({ results: ({ event }) => event.output }) },
        onError: {
          target: 'failed',
          actions: assign({ problem: 'failed', error: ({ event }) => failureOfEvent(event) }),
        },
      },
      on: {
        TYPE_CHANGED: { target: 'loading', reenter: true, actions: assign({ typeId: ({ event }) => event.typeId }) },
      },
    },
    listed: {
      on: {
        LOCATE: 'locating',
        // The position is kept: the new type's nearest are listed from it without asking again.
        TYPE_CHANGED: { target: 'loading', actions: assign({ typeId: ({ event }) => event.typeId, results: [] }) },
      },
    },
    failed: {
      on: {
        RETRY: 'locating',
        LOCATE: 'locating',
        TYPE_CHANGED: { actions: assign({ typeId: ({ event }) => event.typeId }) },
      },
    },
  },
});
