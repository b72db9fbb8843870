/**
 * What the map shows for one location type (spec §4 "Map loading modes").
 * Fixed types load every location once and never reload. Viewport types react to every settled move:
 * at or above the type's minimum zoom they load markers for the visible bounds (clusters cleared),
 * below it cluster bubbles (markers cleared). Beyond the spec: a newer move stops the request in
 * flight (its result is dropped and its fetch aborted), and a failure is a state with a retry.
 */
import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import type { ClusterItem, MapLocation, ViewportBounds } from '../domain/gateway';
import { showsMarkersAt, type LoadMode } from '../domain/locationTypes';
import { errorMessageOf } from './errorMessage';

export interface MapTypeRef {
  typeId: string;
  loadMode: LoadMode;
  minZoom: number | null;
}

export interface MapView {
  bounds: ViewportBounds;
  zoom: number;
}

export interface MarkersResult {
  markers: MapLocation[];
  /** The server cut the answer at its row cap. */
  truncated: boolean;
}

export interface MapDataContext {
  type: MapTypeRef;
  view: MapView | null;
  markers: MapLocation[];
  clusters: ClusterItem[];
  truncated: boolean;
  error: string | null;
}

export type MapDataEvent =
  | { type: 'VIEW_CHANGED'; view: MapView }
  | { type: 'TYPE_CHANGED'; mapType: MapTypeRef }
  | { type: 'RETRY' };

/** How long the view must stay still before a viewport type reloads (a "move end"). */
export const SETTLE_MS = 150;

const notProvided = (name: string) => () => Promise.reject(new Error(`${name} actor not provided`));

export const mapDataMachine = setup({
  types: {
    context: {} as MapDataContext,
    events: {} as MapDataEvent,
    input: {} as { type: MapTypeRef; view?: MapView | null },
  },
  actors: {
    loadAll: fromPromise<MapLocation[], { typeId: string }>(notProvided('loadAll')),
    loadMarkers: fromPromise<MarkersResult, { typeId: string; bounds: ViewportBounds }>(notProvided('loadMarkers')),
    loadClusters: fromPromise<ClusterItem[], { typeId: string; bounds: ViewportBounds; zoom: number }>(notProvided('loadClusters')),
  },
  guards: {
    isFixed: ({ context }) => context.type.loadMode === 'fixed',
    hasView: ({ context }) => context.view !== null,
    markersDue: ({ context }) => context.view !== null && showsMarkersAt(context.type, context.view.zoom),
  },
  actions: {
    recordFailure: assign({ error: ({ event }) => errorMessageOf(event) }),
    clearFailure: assign({ error: null }),
  },
  delays: { settle: SETTLE_MS },
}).createMachine({
  id: 'mapData',
  context: ({ input }) => ({ type: input.type, view: input.view ?? null, markers: [], clusters: [], truncated: false, error: null }),
  initial: 'routing',
  on: {
    TYPE_CHANGED: {
      target: '.routing',
      reenter: true,
      actions: assign({ type: ({ event }) => event.mapType, markers: [], clusters: [], truncated: false, error: null }),
    },
    // Fixed types never reload, but the view is still kept (it decides the zoom hint).
    VIEW_CHANGED: { actions: assign({ view: ({ event }) => event.view }) },
  },
  states: {
    routing: {
      always: [{ guard: 'isFixed', target: 'fixed' }, { target: 'viewport' }],
    },
    fixed: {
      initial: 'loading',
      states: {
        loading: {
          entry: 'clearFailure',
          invoke: {
            id: 'loadAll',
            src: 'loadAll',
            input: ({ context }) => ({ typeId: context.type.typeId }),
            onDone: { target: 'ready', actions: assign({ markers: ({ event }) => event.output }) },
            onError: { target: 'failed', actions: 'recordFailure' },
          },
        },
        ready: {},
        failed: { on: { RETRY: 'loading' } },
      },
    },
    viewport: {
      initial: 'waiting',
      on: {
        VIEW_CHANGED: { target: '.settling', actions: assign({ view: ({ event }) => event.view }) },
      },
      states: {
        waiting: { always: { guard: 'hasView', target: 'settling' } },
        settling: { after: { settle: 'deciding' } },
        deciding: {
          always: [{ guard: 'markersDue', target: 'loadingMarkers' }, { target: 'loadingClusters' }],
        },
        loadingMarkers: {
          entry: 'clearFailure',
          invoke: {
            id: 'loadMarkers',
            src: 'loadMarkers',
            input: ({ context }) => ({ typeId: context.type.typeId, bounds: context.view!.bounds }),
            onDone: {
              target: 'idle',
              actions: assign({ markers: ({ event }) => event.output.markers, truncated: ({ event }) => event.output.truncated, clusters: [] }),
            },
            onError: { target: 'failed', actions: 'recordFailure' },
          },
        },
        loadingClusters: {
          entry: 'clearFailure',
          invoke: {
            id: 'loadClusters',
            src: 'loadClusters',
            input: ({ context }) => ({ typeId: context.type.typeId, bounds: context.view!.bounds, zoom: context.view!.zoom }),
            onDone: { target: 'idle', actions: assign({ clusters: ({ event }) => event.output, markers: [], truncated: false }) },
            onError: { target: 'failed', actions: 'recordFailure' },
          },
        },
        idle: {},
        failed: { on: { RETRY: 'deciding' } },
      },
    },
  },
});

export type MapDataSnapshot = SnapshotFrom<typeof mapDataMachine>;

/** The thin progress bar above the map. */
export function isLoading(snapshot: MapDataSnapshot): boolean {
  return snapshot.matches({ fixed: 'loading' }) || snapshot.matches({ viewport: 'loadingMarkers' }) || snapshot.matches({ viewport: 'loadingClusters' });
}

export function hasFailed(snapshot: MapDataSnapshot): boolean {
  return snapshot.matches({ fixed: 'failed' }) || snapshot.matches({ viewport: 'failed' });
}

/** Spec §2: the zoom-in hint shows when the type loads by viewport and the zoom is below its minimum. */
export function showsZoomHint(context: MapDataContext): boolean {
  return context.view !== null && !showsMarkersAt(context.type, context.view.zoom);
}
