/**
 * The map screen: it owns the map's data, the detail dialog and "near me" (each its own machine, invoked
 * here), the side panel's mode, and the requests other screens make of the map (show a location, a
 * province or the whole country). A request waits until the map can act on it (loaded and shown: a hidden
 * tab has no size) and is then emitted once as a `camera` event for the view to fly; the machine decides
 * what happens, the view only moves the camera.
 */
import { assign, enqueueActions, sendTo, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { NO_FILTERS, type Filters } from '../domain/filters';
import { detailDialogMachine } from './detailDialog';
import { mapDataMachine, type MapTypeRef } from './mapData';
import { nearMeMachine } from './nearMe';

/** What another screen may ask the map to show. */
export type MapFocus =
  | { kind: 'location'; guid: string; latitude: number; longitude: number; minZoom: number | null }
  | { kind: 'province'; enName: string }
  | { kind: 'country' };

/** The side panel: closed, the markers in view, or the nearest to the visitor. */
export type PanelMode = 'closed' | 'inView' | 'nearby';

export interface MapScreenContext {
  /** The type shown; null until the visitor is on a type's page (the app may open on a page that is none). */
  type: MapTypeRef | null;
  /** The filters the map, its list and near me show under. */
  filters: Filters;
  panel: PanelMode;
  /** A request made while the map could not act on it (not loaded yet, or hidden). */
  pending: MapFocus | null;
  /** The map is loaded and has a size. */
  shown: boolean;
}

export type MapScreenEvent =
  | { type: 'FOCUS'; focus: MapFocus }
  | { type: 'TYPE_CHANGED'; mapType: MapTypeRef }
  | { type: 'FILTERS_CHANGED'; filters: Filters }
  | { type: 'MAP_SHOWN' }
  | { type: 'MAP_HIDDEN' }
  | { type: 'NEAR_ME' }
  /** The nearest from a place the visitor chose (a town or a province) instead of their own position. */
  | { type: 'NEAR_PLACE'; name: string; lat: number; lon: number }
  | { type: 'LIST_IN_VIEW' }
  | { type: 'CLOSE_PANEL' }
  /** The dialog found a marker's ids stale: the server's data changed, so the markers load again. */
  | { type: 'MARKERS_STALE' }
  /** A place chosen in the panel: the panel closes, the map flies to it and its detail opens. */
  | { type: 'OPEN_PLACE'; guid: string; lat: number; lon: number };

/** Told to the view, which moves the camera. */
export type MapScreenEmitted = { type: 'camera'; focus: MapFocus };

export const mapScreenMachine = setup({
  types: {
    context: {} as MapScreenContext,
    events: {} as MapScreenEvent,
    input: {} as { type: MapTypeRef | null; filters?: Filters },
    emitted: {} as MapScreenEmitted,
  },
  actors: { mapData: mapDataMachine, detailDialog: detailDialogMachine, nearMe: nearMeMachine },
  guards: {
    shown: ({ context }) => context.shown,
    otherType: ({ context, event }) => event.type === 'TYPE_CHANGED' && event.mapType.typeId !== context.type?.typeId,
    hasType: ({ context }) => context.type !== null,
    focusPending: ({ context }) => context.pending !== null,
  },
  actions: {
    /** Flies there (the view moves the camera); a location's detail opens as the flight starts. */
    actOn: enqueueActions(({ enqueue }, focus: MapFocus) => {
      enqueue.emit({ type: 'camera', focus });
      if (focus.kind === 'location')
        enqueue.sendTo('dialog', {
          type: 'OPEN',
          guid: focus.guid,
          at: { lat: focus.latitude, lon: focus.longitude },
        });
    }),
  },
}).createMachine({
  id: 'mapScreen',
  context: ({ input }) => ({
    type: input.type,
    filters: input.filters ?? NO_FILTERS,
    panel: 'closed',
    pending: null,
    shown: false,
  }),
  on: {
    FILTERS_CHANGED: { actions: assign({ filters: ({ event }) => event.filters }) },
    FOCUS: [
      {
        guard: 'shown',
        actions: { type: 'actOn', params: ({ event }) => event.focus },
      },
      { actions: assign({ pending: ({ event }) => event.focus }) },
    ],
    MAP_SHOWN: [
      {
        guard: 'focusPending',
        actions: [
          assign({ shown: true }),
          { type: 'actOn', params: ({ context }) => context.pending! },
          assign({ pending: null }),
        ],
      },
      { actions: assign({ shown: true }) },
    ],
    MAP_HIDDEN: { actions: assign({ shown: false }) },
  },
  initial: 'choosing',
  states: {
    choosing: {
      always: { guard: 'hasType', target: 'showing' },
      on: { TYPE_CHANGED: { target: 'showing', actions: assign({ type: ({ event }) => event.mapType }) } },
    },
    // The map of one type at a time: its data, the dialog and near-me live as long as the screen.
    showing: {
      invoke: [
        { id: 'data', src: 'mapData', input: ({ context }) => ({ type: context.type!, filters: context.filters }) },
        { id: 'dialog', src: 'detailDialog' },
        {
          id: 'nearMe',
          src: 'nearMe',
          input: ({ context }) => ({ typeId: context.type!.typeId, filters: context.filters }),
        },
      ],
      on: {
        FILTERS_CHANGED: {
          actions: [
            assign({ filters: ({ event }) => event.filters }),
            sendTo('data', ({ event }) => ({ type: 'FILTERS_CHANGED', filters: event.filters }) as const),
            sendTo('nearMe', ({ event }) => ({ type: 'FILTERS_CHANGED', filters: event.filters }) as const),
          ],
        },
        TYPE_CHANGED: {
          guard: 'otherType',
          actions: [
            assign({ type: ({ event }) => event.mapType }),
            sendTo('data', ({ event }) => ({ type: 'TYPE_CHANGED', mapType: event.mapType }) as const),
            sendTo('nearMe', ({ event }) => ({ type: 'TYPE_CHANGED', typeId: event.mapType.typeId }) as const),
          ],
        },
        NEAR_ME: { actions: [assign({ panel: 'nearby' }), sendTo('nearMe', { type: 'LOCATE' })] },
        NEAR_PLACE: {
          actions: [
            assign({ panel: 'nearby' }),
            sendTo(
              'nearMe',
              ({ event }) => ({ type: 'FROM_PLACE', name: event.name, lat: event.lat, lon: event.lon }) as const,
            ),
          ],
        },
        MARKERS_STALE: { actions: sendTo('data', { type: 'RELOAD' }) },
        LIST_IN_VIEW: { actions: assign({ panel: 'inView' }) },
        CLOSE_PANEL: { actions: assign({ panel: 'closed' }) },
        OPEN_PLACE: {
          actions: [
            assign({ panel: 'closed' }),
            {
              type: 'actOn',
              params: ({ context, event }) => ({
                kind: 'location',
                guid: event.guid,
                latitude: event.lat,
                longitude: event.lon,
                minZoom: context.type?.minZoom ?? null,
              }),
            },
          ],
        },
      },
    },
  },
});

export type MapScreenRef = ActorRefFrom<typeof mapScreenMachine>;
export type MapScreenSnapshot = SnapshotFrom<typeof mapScreenMachine>;

/** The machines the screen runs while it shows a type (undefined before), for the views that render them. */
export const mapDataOf = (snapshot: MapScreenSnapshot) =>
  snapshot.children.data as ActorRefFrom<typeof mapDataMachine> | undefined;
export const dialogOf = (snapshot: MapScreenSnapshot) =>
  snapshot.children.dialog as ActorRefFrom<typeof detailDialogMachine> | undefined;
export const nearMeOf = (snapshot: MapScreenSnapshot) =>
  snapshot.children.nearMe as ActorRefFrom<typeof nearMeMachine> | undefined;
export const panelOf = (snapshot: MapScreenSnapshot) => snapshot.context.panel;

/** The centre of the view the map shows (null before its first view): search ranks nearer results first. */
export function viewCentreOf(snapshot: MapScreenSnapshot): { lat: number; lon: number } | null {
  const view = mapDataOf(snapshot)?.getSnapshot().context.view;
  if (!view) return null;
  const { MinLat, MaxLat, MinLon, MaxLon } = view.bounds;
  return { lat: (MinLat + MaxLat) / 2, lon: (MinLon + MaxLon) / 2 };
}

/** The type the screen shows (null before there is one). */
export const shownTypeOf = (snapshot: MapScreenSnapshot): string | null => snapshot.context.type?.typeId ?? null;
