/**
 * The names of the markers in view, for the marker list: markers arrive as positions only (typed arrays),
 * so their names are loaded when the list opens, or the list asks to zoom in when the view holds too many
 * to list usefully. While the list is open it follows the map: a new view's markers are listed anew (a list
 * opened before the markers arrived, or kept open while panning, is never a stale one). A failure is a state
 * with a retry.
 */
import { assertEvent, assign, setup } from 'xstate';
import type { PointLabel, PointSet } from '../domain/pointsWire';
import type { RequestFailure } from '../domain/requestFailure';
import { failureOfEvent } from './failure';
import { toBeProvided } from './toBeProvided';

/** More markers in view than this are not listed: nobody reads such a list; zooming in or the search finds one. */
export const LISTED_MAX = 5_000;

/** One type's markers in view. */
export interface InViewSet {
  typeId: string;
  points: PointSet;
  /** Positions in `points` of the markers in view. */
  indexes: readonly number[];
}

export interface PlaceLabelsInput {
  /** The page type's first, then each type added to the map. */
  sets: readonly InViewSet[];
}

/** A listed marker, with the type it is of. */
export type ListedPlace = PointLabel & { TypeId: string };

export const markersInView = (sets: readonly InViewSet[]) => sets.reduce((sum, set) => sum + set.indexes.length, 0);

export interface PlaceLabelsContext extends PlaceLabelsInput {
  labels: ListedPlace[];
  error: RequestFailure | null;
}

export const placeLabelsMachine = setup({
  types: {
    context: {} as PlaceLabelsContext,
    events: {} as { type: 'RETRY' } | { type: 'SETS_CHANGED'; sets: readonly InViewSet[] },
    input: {} as PlaceLabelsInput,
  },
  actors: {
    loadLabels: toBeProvided<ListedPlace[], PlaceLabelsInput>('loadLabels'),
  },
  guards: {
    tooMany: ({ context }) => markersInView(context.sets) > LISTED_MAX,
    newSets: ({ context, event }) => {
      assertEvent(event, 'SETS_CHANGED');
      return event.sets !== context.sets;
    },
  },
}).createMachine({
  id: 'placeLabels',
  context: ({ input }) => ({ ...input, labels: [], error: null }),
  initial: 'choosing',
  on: {
    SETS_CHANGED: {
      guard: 'newSets',
      target: '.choosing',
      reenter: true,
      actions: assign({ sets: ({ event }) => event.sets, labels: [] }),
    },
  },
  states: {
    choosing: { always: [{ guard: 'tooMany', target: 'tooMany' }, { target: 'loading' }] },
    tooMany: {},
    loading: {
      entry: assign({ error: null }),
      invoke: {
        id: 'loadLabels',
        src: 'loadLabels',
        input: ({ context }) => ({ sets: context.sets }),
        onDone: { target: 'ready', actions: assign({ labels: ({ event }) => event.output }) },
        onError: { target: 'failed', actions: assign({ error: ({ event }) => failureOfEvent(event) }) },
      },
    },
    ready: {},
    failed: { on: { RETRY: 'loading' } },
  },
});
