/**
 * The map screen: it owns the map's data, the detail dialog and "near me" (each its own machine, invoked
 * here), the side panel's mode, and the requests other screens make of the map (show a location, a
 * province or the whole country). A request waits until the map can act on it (loaded and shown: a hidden
 * tab has no size) and is then emitted once as a `camera` event for the view to fly; the machine decides
 * what happens, the view only moves the camera. Other types may be added to the page's type: each runs its
 * own map data (spawned as `extra:TYPEID`), hears every view and filter, and near me lists from all of them.
 */
import { assign, enqueueActions, raise, sendTo, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { sameFilters } from '../domain/filters';
import { NO_FILTERS, type Filters } from '../domain/filters';
import { detailDialogMachine } from './detailDialog';
import { mapDataMachine, type MapTypeRef, type ViewWindow } from './mapData';
import { nearMeMachine, type TypeCount } from './nearMe';

/** What another screen may ask the map to show. */
export type MapFocus =
  | {
      kind: 'location';
      guid: string;
      /** Its type, where known (a place opened from a list is; a shared link's is the page's to find). */
      typeId?: string;
      latitude: number;
      longitude: number;
      minZoom: number | null;
      /** Its detail is already open (a shared link's): only the camera moves. */
      opened?: boolean;
    }
  | { kind: 'province'; enName: string }
  /** A set of places framed together (an answer's locations and where they are measured from). */
  | { kind: 'box'; west: number; south: number; east: number; north: number }
  | { kind: 'country' };

/** The side panel: closed, the markers in view, or the nearest to the visitor. */
export type PanelMode = 'closed' | 'inView' | 'nearby';

export interface MapScreenContext {
  /** The type shown; null until the visitor is on a type's page (the app may open on a page that is none). */
  type: MapTypeRef | null;
  /** The filters the map, its list and near me show under. */
  filters: Filters;
  /** Types shown besides the page's, each in its own colour. */
  extras: readonly MapTypeRef[];
  /** The last view the map reported (a type added later starts from it). */
  view: ViewWindow | null;
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
  /** The types shown besides the page's (at most MAX_EXTRA_TYPES, never the page's own). */
  | { type: 'EXTRAS_CHANGED'; types: readonly MapTypeRef[] }
  | { type: 'VIEW_CHANGED'; view: ViewWindow }
  | { type: 'MAP_SHOWN' }
  | { type: 'MAP_HIDDEN' }
  | { type: 'NEAR_ME' }
  /** The nearest from a place the visitor chose (a town or a province) instead of their own position. */
  | { type: 'NEAR_PLACE'; name: string; lat: number; lon: number }
  /** The nearest teaching a trade chosen in the search, from the visitor's position or a place chosen before. */
  | { type: 'NEAR_TRADE'; trade: string; across?: readonly TypeCount[] }
  | { type: 'LIST_IN_VIEW' }
  | { type: 'CLOSE_PANEL' }
  /** The dialog found a marker's ids stale: the server's data changed, so the markers load again. */
  | { type: 'MARKERS_STALE' }
  /** The open detail learnt where its location is (it was opened by Guid alone): frame it. */
  | { type: 'LOCATED'; guid: string; lat: number; lon: number }
  /** A place chosen in the panel: the panel closes, the map flies to it and its detail opens. */
  | { type: 'OPEN_PLACE'; guid: string; lat: number; lon: number; typeId?: string };

/** Types that may be added to the page's: enough to compare, few enough to tell apart by colour. */
export const MAX_EXTRA_TYPES = 4;

export const extraId = (typeId: string) => `extra:${typeId}`;

/** The page's type first, then the others shown. */
const shownTypeIds = (context: MapScreenContext): string[] =>
  context.type ? [context.type.typeId, ...context.extras.map((t) => t.typeId)] : [];

/** Told to the view, which moves the camera. */
export type MapScreenEmitted = { type: 'camera'; focus: MapFocus };

export const mapScreenMachine = setup({
  types: {
    context: {} as MapScreenContext,
    events: {} as MapScreenEvent,
    input: {} as {
      type: MapTypeRef | null;
      filters?: Filters;
      extras?: readonly MapTypeRef[];
      /** The panel opens on the list of what is in view (a light page on a phone: names before pictures). */
      listFirst?: boolean;
    },
    emitted: {} as MapScreenEmitted,
  },
  actors: { mapData: mapDataMachine, detailDialog: detailDialogMachine, nearMe: nearMeMachine },
  guards: {
    shown: ({ context }) => context.shown,
    otherType: ({ context, event }) => event.type === 'TYPE_CHANGED' && event.mapType.typeId !== context.type?.typeId,
    otherFilters: ({ context, event }) =>
      event.type === 'FILTERS_CHANGED' && !sameFilters(context.filters, event.filters),
    hasType: ({ context }) => context.type !== null,
    focusPending: ({ context }) => context.pending !== null,
  },
  actions: {
    /** Starts the map data of each added type and stops each removed one's; the new list is kept. */
    showExtras: enqueueActions(({ context, enqueue }, types: readonly MapTypeRef[]) => {
      const wanted = types.filter((t) => t.typeId !== context.type?.typeId).slice(0, MAX_EXTRA_TYPES);
      const kept = new Set(wanted.map((t) => t.typeId));
      const running = new Set(context.extras.map((t) => t.typeId));
      for (const old of context.extras) if (!kept.has(old.typeId)) enqueue.stopChild(extraId(old.typeId));
      for (const type of wanted) {
        if (running.has(type.typeId)) continue;
        enqueue.spawnChild('mapData', {
          id: extraId(type.typeId),
          input: { type, filters: context.filters, view: context.view },
        });
      }
      enqueue.assign({ extras: wanted });
    }),
    /** The added types' map data, on showing the first type (none runs before). */
    startExtras: enqueueActions(({ context, enqueue }) => {
      for (const type of context.extras) {
        if (type.typeId === context.type?.typeId) continue;
        enqueue.spawnChild('mapData', {
          id: extraId(type.typeId),
          input: { type, filters: context.filters, view: context.view },
        });
      }
      enqueue.assign({ extras: context.extras.filter((t) => t.typeId !== context.type?.typeId) });
    }),
    /** Near me lists from every type shown. */
    tellNearMeTypes: sendTo(
      'nearMe',
      ({ context }) => ({ type: 'TYPES_CHANGED', typeIds: shownTypeIds(context) }) as const,
    ),
    /** Every map data hears it: the page type's and each added type's. */
    toEveryData: enqueueActions(({ context, enqueue, event }) => {
      if (event.type !== 'VIEW_CHANGED' && event.type !== 'FILTERS_CHANGED') return;
      enqueue.sendTo('data', event);
      for (const type of context.extras) enqueue.sendTo(extraId(type.typeId), event);
    }),
    /** Flies there (the view moves the camera); a location's detail opens as the flight starts. */
    actOn: enqueueActions(({ enqueue }, focus: MapFocus) => {
      enqueue.emit({ type: 'camera', focus });
      if (focus.kind === 'location' && !focus.opened)
        enqueue.sendTo('dialog', {
          type: 'OPEN',
          guid: focus.guid,
          at: { lat: focus.latitude, lon: focus.longitude },
          ...(focus.typeId ? { typeId: focus.typeId } : {}),
        });
    }),
  },
}).createMachine({
  id: 'mapScreen',
  context: ({ input }) => ({
    type: input.type,
    filters: input.filters ?? NO_FILTERS,
    extras: (input.extras ?? []).slice(0, MAX_EXTRA_TYPES),
    view: null,
    panel: input.listFirst ? 'inView' : 'closed',
    pending: null,
    shown: false,
  }),
  on: {
    FILTERS_CHANGED: { actions: assign({ filters: ({ event }) => event.filters }) },
    VIEW_CHANGED: { actions: assign({ view: ({ event }) => event.view }) },
    // Kept until there is a type to show them with (showing spawns them on entry).
    EXTRAS_CHANGED: { actions: assign({ extras: ({ event }) => event.types.slice(0, MAX_EXTRA_TYPES) }) },
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
    LOCATED: {
      actions: raise(({ context, event }) => ({
        type: 'FOCUS' as const,
        focus: {
          kind: 'location' as const,
          guid: event.guid,
          latitude: event.lat,
          longitude: event.lon,
          minZoom: context.type?.minZoom ?? null,
          opened: true,
        },
      })),
    },
  },
  initial: 'choosing',
  states: {
    choosing: {
      always: { guard: 'hasType', target: 'showing' },
      on: { TYPE_CHANGED: { target: 'showing', actions: assign({ type: ({ event }) => event.mapType }) } },
    },
    // The page's type (and any added to it): its data, the dialog and near-me live as long as the screen.
    showing: {
      entry: 'startExtras',
      invoke: [
        {
          id: 'data',
          src: 'mapData',
          input: ({ context }) => ({ type: context.type!, filters: context.filters, view: context.view }),
        },
        { id: 'dialog', src: 'detailDialog' },
        {
          id: 'nearMe',
          src: 'nearMe',
          input: ({ context }) => ({ typeIds: shownTypeIds(context), filters: context.filters }),
        },
      ],
      on: {
        FILTERS_CHANGED: {
          guard: 'otherFilters',
          actions: [
            assign({ filters: ({ event }) => event.filters }),
            'toEveryData',
            sendTo('nearMe', ({ event }) => ({ type: 'FILTERS_CHANGED', filters: event.filters }) as const),
          ],
        },
        VIEW_CHANGED: { actions: [assign({ view: ({ event }) => event.view }), 'toEveryData'] },
        EXTRAS_CHANGED: { actions: [{ type: 'showExtras', params: ({ event }) => event.types }, 'tellNearMeTypes'] },
        TYPE_CHANGED: {
          guard: 'otherType',
          actions: [
            assign({ type: ({ event }) => event.mapType }),
            sendTo('data', ({ event }) => ({ type: 'TYPE_CHANGED', mapType: event.mapType }) as const),
            // The new page type is no longer an added one: its own data shows it.
            {
              type: 'showExtras',
              params: ({ context, event }) => context.extras.filter((t) => t.typeId !== event.mapType.typeId),
            },
            'tellNearMeTypes',
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
        MARKERS_STALE: {
          actions: enqueueActions(({ context, enqueue }) => {
            enqueue.sendTo('data', { type: 'RELOAD' });
            for (const type of context.extras) enqueue.sendTo(extraId(type.typeId), { type: 'RELOAD' });
          }),
        },
        NEAR_TRADE: {
          actions: [
            assign({ panel: 'nearby' }),
            sendTo('nearMe', ({ event }) => ({ type: 'FOR_TRADE', trade: event.trade, across: event.across }) as const),
          ],
        },
        LIST_IN_VIEW: { actions: assign({ panel: 'inView' }) },
        CLOSE_PANEL: { actions: assign({ panel: 'closed' }) },
        // The list stays open under the detail: closing the detail (or Back) returns to it.
        OPEN_PLACE: {
          actions: [
            {
              type: 'actOn',
              params: ({ context, event }) => ({
                kind: 'location',
                guid: event.guid,
                typeId: event.typeId,
                latitude: event.lat,
                longitude: event.lon,
                minZoom:
                  [context.type, ...context.extras].find((t) => t?.typeId === event.typeId)?.minZoom ??
                  context.type?.minZoom ??
                  null,
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
/** The map data of each type added to the page's, with its type, in the order they were added. */
export const extraDataOf = (snapshot: MapScreenSnapshot) =>
  snapshot.context.extras.flatMap((type) => {
    const ref = snapshot.children[extraId(type.typeId)] as ActorRefFrom<typeof mapDataMachine> | undefined;
    return ref ? [{ type, ref }] : [];
  });
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
