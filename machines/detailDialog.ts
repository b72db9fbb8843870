/**
 * The location detail dialog: it loads only for a non-empty, non-all-zero Guid.
 * Beyond the spec (whose load errors were silently ignored): a failure is shown with a retry.
 */
import { assign, sendParent, setup } from 'xstate';
import type { LocatedDetail } from '../domain/gateway';
import { isUsableGuid } from '../domain/guid';
import type { PointSet } from '../domain/pointsWire';
import type { RequestFailure } from '../domain/requestFailure';
import { failureOfEvent } from './failure';
import { toBeProvided } from './toBeProvided';

export interface DetailDialogContext {
  guid: string | null;
  /** The location's type, where whoever opened it knew it (a what-if plan closes only the page's type's). */
  typeId: string | null;
  /** Where the location is, when the dialog was opened from a point (the way there needs it). */
  at: { lat: number; lon: number } | null;
  /** The marker being identified (its Guid not known yet). */
  marker: MarkerRef | null;
  detail: LocatedDetail | null;
  /** When the dataset was last updated (ISO 8601), read with the detail; null where the gateway does not say. */
  updatedAt: string | null;
  showMore: boolean;
  error: RequestFailure | null;
}

/** What loading a location yields: its detail and the dataset's last update. */
export interface LoadedDetail {
  detail: LocatedDetail;
  updatedAt: string | null;
}

/** A marker drawn from its position alone (typed arrays): its Guid is looked up before its detail loads. */
export interface MarkerRef {
  typeId: string;
  points: PointSet;
  index: number;
}

export type DetailDialogEvent =
  | { type: 'OPEN'; guid: string; at?: { lat: number; lon: number }; typeId?: string }
  | { type: 'OPEN_MARKER'; marker: MarkerRef }
  | { type: 'CLOSE' }
  | { type: 'RETRY' }
  | { type: 'TOGGLE_MORE' };

/** A marker's position, read from its set (longitude first, as drawn). */
const pointOf = ({ points, index }: MarkerRef) => ({
  lat: points.positions[index * 2 + 1]!,
  lon: points.positions[index * 2]!,
});

/** A location the server does not have (404): trying again cannot help, going back can. */
export const isGone = (context: DetailDialogContext) => context.error?.status === 404;

export const detailDialogMachine = setup({
  types: { context: {} as DetailDialogContext, events: {} as DetailDialogEvent },
  actors: {
    loadDetail: toBeProvided<LoadedDetail, { guid: string }>('loadDetail'),
    identifyMarker: toBeProvided<string, MarkerRef>('identifyMarker'),
  },
  actions: {
    keepDetail: assign(({ event }) => {
      const { output } = event as unknown as { output: LoadedDetail };
      return { detail: output.detail, updatedAt: output.updatedAt, showMore: output.detail.ShowMoreDetails };
    }),
  },
  guards: {
    locatedByAnswer: ({ context, event }) => {
      const { output } = event as unknown as { output: LoadedDetail };
      return context.at === null && typeof output.detail.Lat === 'number' && typeof output.detail.Long === 'number';
    },
    /** A marker's ids belong to data the server no longer has (it changed since the markers loaded). */
    staleMarker: ({ event }) => failureOfEvent(event).status === 409,
    usableGuid: ({ event }) => event.type === 'OPEN' && isUsableGuid(event.guid),
    identified: ({ context }) => context.guid !== null,
  },
}).createMachine({
  id: 'detailDialog',
  context: {
    guid: null,
    typeId: null,
    at: null,
    marker: null,
    detail: null,
    updatedAt: null,
    showMore: false,
    error: null,
  },
  initial: 'closed',
  on: {
    OPEN: {
      guard: 'usableGuid',
      target: '.loading',
      reenter: true,
      actions: assign({
        guid: ({ event }) => event.guid,
        typeId: ({ event }) => event.typeId ?? null,
        at: ({ event }) => event.at ?? null,
        marker: null,
        detail: null,
        error: null,
      }),
    },
    OPEN_MARKER: {
      target: '.identifying',
      reenter: true,
      actions: assign({
        guid: null,
        typeId: ({ event }) => event.marker.typeId,
        at: ({ event }) => pointOf(event.marker),
        marker: ({ event }) => event.marker,
        detail: null,
        error: null,
      }),
    },
    CLOSE: {
      target: '.closed',
      actions: assign({ guid: null, typeId: null, at: null, marker: null, detail: null, error: null, showMore: false }),
    },
  },
  states: {
    closed: {},
    identifying: {
      invoke: {
        id: 'identifyMarker',
        src: 'identifyMarker',
        input: ({ context }) => context.marker!,
        onDone: { target: 'loading', actions: assign({ guid: ({ event }) => event.output }) },
        onError: [
          {
            guard: 'staleMarker',
            target: 'failed',
            // Whoever drew the marker (the map screen) loads its markers again.
            actions: [assign({ error: ({ event }) => failureOfEvent(event) }), sendParent({ type: 'MARKERS_STALE' })],
          },
          { target: 'failed', actions: assign({ error: ({ event }) => failureOfEvent(event) }) },
        ],
      },
    },
    loading: {
      invoke: {
        id: 'loadDetail',
        src: 'loadDetail',
        input: ({ context }) => ({ guid: context.guid! }),
        onDone: [
          {
            // Opened by its Guid alone (a shared link): the answer says where it is, so the way there shows and
            // the screen frames it, as it would have had the location been chosen on the map or in the search.
            guard: 'locatedByAnswer',
            target: 'showing',
            actions: [
              'keepDetail',
              assign({ at: ({ event }) => ({ lat: event.output.detail.Lat!, lon: event.output.detail.Long! }) }),
              sendParent(({ context, event }) => ({
                type: 'LOCATED',
                guid: context.guid!,
                lat: event.output.detail.Lat!,
                lon: event.output.detail.Long!,
              })),
            ],
          },
          { target: 'showing', actions: 'keepDetail' },
        ],
        onError: {
          target: 'failed',
          actions: assign({ error: ({ event }) => failureOfEvent(event) }),
        },
      },
    },
    showing: {
      on: { TOGGLE_MORE: { actions: assign({ showMore: ({ context }) => !context.showMore }) } },
    },
    failed: { on: { RETRY: [{ guard: 'identified', target: 'loading' }, { target: 'identifying' }] } },
  },
});
