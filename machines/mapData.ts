/**
 * What the map shows for one location type.
 * Fixed types load every location once and never reload. Viewport types react to every settled move:
 * at or above the type's minimum zoom they load markers for the visible bounds (clusters cleared),
 * below it cluster bubbles (markers cleared). Beyond the spec: a newer move stops the request in
 * flight (its result is dropped and its fetch aborted), and a failure is a state with a retry. The first
 * view loads at once, and a view the same as the one shown asks for nothing. Other filters are another
 * map: what is drawn goes, and the type loads again under them.
 */
import { assign, setup, type SnapshotFrom } from 'xstate';
import { NO_FILTERS, sameFilters, type Filters } from '../domain/filters';
import type { ClusterItem } from '../domain/gateway';
import type { ViewportBounds } from '../domain/wire/requests';
import { EMPTY_POINTS, type PointSet } from '../domain/pointsWire';
import { showsMarkersAt, type LoadMode } from '../domain/locationTypes';
import type { RequestFailure } from '../domain/requestFailure';
import { failureOfEvent } from './failure';
import { toBeProvided } from './toBeProvided';

export interface MapTypeRef {
  typeId: string;
  loadMode: LoadMode;
  minZoom: number | null;
}

export interface ViewWindow {
  bounds: ViewportBounds;
  zoom: number;
}

export interface MapDataContext {
  type: MapTypeRef;
  filters: Filters;
  view: ViewWindow | null;
  /** The locations drawn as markers, as typed arrays (no object per point); `truncated` when the gateway cut them. */
  markers: PointSet;
  clusters: ClusterItem[];
  error: RequestFailure | null;
}

export type MapDataEvent =
  | { type: 'VIEW_CHANGED'; view: ViewWindow }
  | { type: 'TYPE_CHANGED'; mapType: MapTypeRef }
  | { type: 'FILTERS_CHANGED'; filters: Filters }
  | { type: 'RETRY' }
  /** The markers' ids no longer match the server's data (it changed): load the same view again. */
  | { type: 'RELOAD' };

/** How long the view must stay still before a viewport type reloads (a "move end"). */
export const SETTLE_MS = 150;

/**
 * Views this close are the same view: a camera reached by a flight ends a rounding error away from the
 * camera it was sent to, and asking the server again for it would only repeat the answer.
 */
export function isSameView(a: ViewWindow, b: ViewWindow): boolean {
  const tolerance = 1e-6 * Math.max(a.bounds.MaxLon - a.bounds.MinLon, a.bounds.MaxLat - a.bounds.MinLat);
  const near = (x: number, y: number) => Math.abs(x - y) <= tolerance;
  return (
    Math.abs(a.zoom - b.zoom) <= 1e-6 &&
    near(a.bounds.MinLat, b.bounds.MinLat) &&
    near(a.bounds.MinLon, b.bounds.MinLon) &&
    near(a.bounds.MaxLat, b.bounds.MaxLat) &&
    near(a.bounds.MaxLon, b.bounds.MaxLon)
  );
}

export const mapDataMachine = setup({
  types: {
    context: {} as MapDataContext,
    events: {} as MapDataEvent,
    input: {} as { type: MapTypeRef; view?: ViewWindow | null; filters?: Filters },
  },
  actors: {
    loadAll: toBeProvided<PointSet, { typeId: string; filters: Filters }>('loadAll'),
    loadMarkers: toBeProvided<PointSet, { typeId: string; bounds: ViewportBounds; zoom: number; filters: Filters }>(
      'loadMarkers',
    ),
    loadClusters: toBeProvided<
      ClusterItem[],
      { typeId: string; bounds: ViewportBounds; zoom: number; filters: Filters }
    >('loadClusters'),
  },
  guards: {
    isFixed: ({ context }) => context.type.loadMode === 'fixed',
    hasView: ({ context }) => context.view !== null,
    markersDue: ({ context }) => context.view !== null && showsMarkersAt(context.type, context.view.zoom),
    otherFilters: ({ context, event }) =>
      event.type === 'FILTERS_CHANGED' && !sameFilters(context.filters, event.filters),
    sameView: ({ context, event }) =>
      event.type === 'VIEW_CHANGED' && context.view !== null && isSameView(context.view, event.view),
  },
  actions: {
    recordFailure: assign({ error: ({ event }) => failureOfEvent(event) }),
    clearFailure: assign({ error: null }),
  },
  delays: { settle: SETTLE_MS },
}).createMachine({
  id: 'mapData',
  context: ({ input }) => ({
    type: input.type,
    filters: input.filters ?? NO_FILTERS,
    view: input.view ?? null,
    markers: EMPTY_POINTS,
    clusters: [],
    error: null,
  }),
  initial: 'routing',
  on: {
    TYPE_CHANGED: {
      target: '.routing',
      reenter: true,
      actions: assign({ type: ({ event }) => event.mapType, markers: EMPTY_POINTS, clusters: [], error: null }),
    },
    FILTERS_CHANGED: {
      guard: 'otherFilters',
      target: '.routing',
      reenter: true,
      actions: assign({ filters: ({ event }) => event.filters, markers: EMPTY_POINTS, clusters: [], error: null }),
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
            input: ({ context }) => ({ typeId: context.type.typeId, filters: context.filters }),
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
        VIEW_CHANGED: [
          { guard: 'sameView' },
          { target: '.settling', actions: assign({ view: ({ event }) => event.view }) },
        ],
        RELOAD: { guard: 'hasView', target: '.deciding' },
      },
      states: {
        // The first view (the map's start, or the view a new type is shown in) is not a move: nothing to settle.
        waiting: {
          always: { guard: 'hasView', target: 'deciding' },
          on: { VIEW_CHANGED: { target: 'deciding', actions: assign({ view: ({ event }) => event.view }) } },
        },
        settling: { after: { settle: 'deciding' } },
        deciding: {
          always: [{ guard: 'markersDue', target: 'loadingMarkers' }, { target: 'loadingClusters' }],
        },
        loadingMarkers: {
          entry: 'clearFailure',
          invoke: {
            id: 'loadMarkers',
            src: 'loadMarkers',
            input: ({ context }) => ({
              typeId: context.type.typeId,
              bounds: context.view!.bounds,
              zoom: context.view!.zoom,
              filters: context.filters,
            }),
            onDone: {
              target: 'idle',
              actions: assign({ markers: ({ event }) => event.output, clusters: [] }),
            },
            onError: { target: 'failed', actions: 'recordFailure' },
          },
        },
        loadingClusters: {
          entry: 'clearFailure',
          invoke: {
            id: 'loadClusters',
            src: 'loadClusters',
            input: ({ context }) => ({
              typeId: context.type.typeId,
              bounds: context.view!.bounds,
              zoom: context.view!.zoom,
              filters: context.filters,
            }),
            onDone: {
              target: 'idle',
              actions: assign({ clusters: ({ event }) => event.output, markers: EMPTY_POINTS }),
            },
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
  return (
    snapshot.matches({ fixed: 'loading' }) ||
    snapshot.matches({ viewport: 'loadingMarkers' }) ||
    snapshot.matches({ viewport: 'loadingClusters' })
  );
}

export function hasFailed(snapshot: MapDataSnapshot): boolean {
  return snapshot.matches({ fixed: 'failed' }) || snapshot.matches({ viewport: 'failed' });
}

/** The zoom-in hint shows when the type loads by viewport and the zoom is below its minimum. */
export function showsZoomHint(context: MapDataContext): boolean {
  return context.view !== null && !showsMarkersAt(context.type, context.view.zoom);
}

/** Nothing loading or waiting to load: what is drawn is the answer for the current view. */
export function isSettled(snapshot: MapDataSnapshot): boolean {
  return snapshot.matches({ viewport: 'idle' }) || snapshot.matches({ fixed: 'ready' });
}
