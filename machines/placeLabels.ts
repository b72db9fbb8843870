/**
 * The names of the markers in view, for the marker list: markers arrive as positions only (typed arrays),
 * so their names are loaded when the list opens, or the list asks to zoom in when the view holds too many
 * to list usefully. A failure is a state with a retry.
 */
import { assign, fromPromise, setup } from 'xstate';
import type { MapLocation } from '../domain/gateway';
import type { PointSet } from '../domain/pointsWire';
import type { RequestFailure } from '../domain/requestFailure';
import { failureOfEvent } from './failure';

/** More markers in view than this are not listed: nobody reads such a list; zooming in or the search finds one. */
export const LISTED_MAX = 5_000;

export interface PlaceLabelsInput {
  typeId: string;
  points: PointSet;
  /** Positions in `points` of the markers in view. */
  indexes: readonly number[];
}

export interface PlaceLabelsContext extends PlaceLabelsInput {
  labels: MapLocation[];
  error: RequestFailure | null;
}

export const placeLabelsMachine = setup({
  types: {
    context: {} as PlaceLabelsContext,
    events: {} as { type: 'RETRY' },
    input: {} as PlaceLabelsInput,
  },
  actors: {
    loadLabels: fromPromise<MapLocation[], PlaceLabelsInput>(() =>
      Promise.reject(new Error('loadLabels actor not provided')),
    ),
  },
  guards: {
    tooMany: ({ context }) => context.indexes.length > LISTED_MAX,
  },
}).createMachine({
  id: 'placeLabels',
  context: ({ input }) => ({ ...input, labels: [], error: null }),
  initial: 'choosing',
  states: {
    choosing: { always: [{ guard: 'tooMany', target: 'tooMany' }, { target: 'loading' }] },
    tooMany: {},
    loading: {
      entry: assign({ error: null }),
      invoke: {
        id: 'loadLabels',
        src: 'loadLabels',
        input: ({ context }) => ({ typeId: context.typeId, points: context.points, indexes: context.indexes }),
        onDone: { target: 'ready', actions: assign({ labels: ({ event }) => event.output }) },
        onError: { target: 'failed', actions: assign({ error: ({ event }) => failureOfEvent(event) }) },
      },
    },
    ready: {},
    failed: { on: { RETRY: 'loading' } },
  },
});
