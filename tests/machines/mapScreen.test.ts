import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor, type ActorRefFrom } from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import { NO_FILTERS } from '../../domain/filters';
import { EMPTY_POINTS } from '../../domain/pointsWire';
import { detailDialogMachine, type LoadedDetail } from '../../machines/detailDialog';
import { mapDataMachine, type MapTypeRef } from '../../machines/mapData';
import {
  dialogOf,
  extraDataOf,
  extraId,
  mapDataOf,
  MAX_EXTRA_TYPES,
  mapScreenMachine,
  nearMeOf,
  panelOf,
  type MapFocus,
  type MapScreenEvent,
} from '../../machines/mapScreen';
import { nearMeMachine } from '../../machines/nearMe';
import { ApiRequestError } from '../../src/api/http';
import { activeLeafIds, leafStateIds } from './graphCoverage';

const CENTRES: MapTypeRef = { typeId: 'centres', loadMode: 'fixed', minZoom: null };
const ACADEMIES: MapTypeRef = { typeId: 'academies', loadMode: 'viewport', minZoom: 10 };
const GUID_1 = '3f2504e0-4f89-11d3-9a0c-0305e82c3301';
const GUID_2 = '3f2504e0-4f89-11d3-9a0c-0305e82c3302';
const never = <T>() => new Promise<T>(() => {});
const TEHRAN: MapFocus = { kind: 'location', guid: GUID_1, latitude: 35.7, longitude: 51.4, minZoom: 10 };

/** The screen with its machines' requests left pending: what is asserted is where events go. */
let identify: () => Promise<string> = () => never();
const quietScreen = mapScreenMachine.provide({
  actors: {
    mapData: mapDataMachine.provide({
      actors: {
        loadAll: fromPromise(() => never()),
        loadMarkers: fromPromise(() => never()),
        loadClusters: fromPromise(() => never()),
      },
    }),
    detailDialog: detailDialogMachine.provide({
      actors: { loadDetail: fromPromise(() => never()), identifyMarker: fromPromise(() => identify()) },
    }),
    nearMe: nearMeMachine.provide({
      actors: { locate: fromPromise(() => never()), loadNearest: fromPromise(() => never()) },
    }),
  },
});

function start(type: MapTypeRef | null = CENTRES) {
  /** Every event the map data machine received. */
  const toData: string[] = [];
  const actor = createActor(quietScreen, {
    input: { type },
    inspect: (inspection) => {
      if (inspection.type === '@xstate.event' && inspection.actorRef === mapDataOf(actor.getSnapshot()))
        toData.push(inspection.event.type);
    },
  });
  const cameras: MapFocus[] = [];
  actor.on('camera', ({ focus }) => cameras.push(focus));
  actor.start();
  const child = <T>(of: (s: ReturnType<typeof actor.getSnapshot>) => T | undefined) => of(actor.getSnapshot())!;
  return { actor, cameras, child, toData };
}

describe('mapScreen machine by example', () => {
  it("runs the map data of each type added to the page's, hands it every view and filter, and lists near me from all", () => {
    const { actor, child } = start(ACADEMIES);
    const view = { bounds: { MinLat: 35, MinLon: 51, MaxLat: 36, MaxLon: 52 }, zoom: 7 };
    actor.send({ type: 'VIEW_CHANGED', view });
    // The page's own type is never added again.
    actor.send({ type: 'EXTRAS_CHANGED', types: [CENTRES, ACADEMIES] });
    const [added, ...none] = extraDataOf(actor.getSnapshot());
    expect(none).toEqual([]);
    expect(added!.type).toEqual(CENTRES);
    // Started from the view the map shows, and told of every later one, as the page type's data is.
    expect(added!.ref.getSnapshot().context.view).toEqual(view);
    const next = { ...view, zoom: 9 };
    actor.send({ type: 'VIEW_CHANGED', view: next });
    expect(added!.ref.getSnapshot().context.view).toEqual(next);
    expect(child(mapDataOf).getSnapshot().context.view).toEqual(next);
    const women = { ...NO_FILTERS, gender: ['زنانه'] };
    actor.send({ type: 'FILTERS_CHANGED', filters: women });
    expect(added!.ref.getSnapshot().context.filters).toEqual(women);
    expect(child(nearMeOf).getSnapshot().context.typeIds).toEqual(['academies', 'centres']);
    // The added type becomes the page's: its added map data stops, and near me lists the one type.
    actor.send({ type: 'TYPE_CHANGED', mapType: CENTRES });
    expect(extraDataOf(actor.getSnapshot())).toEqual([]);
    expect(actor.getSnapshot().children[extraId('centres')]).toBeUndefined();
    expect(child(nearMeOf).getSnapshot().context.typeIds).toEqual(['centres']);
  });

  it('caps the added types, and starts those a link named once the page has a type', () => {
    const many = ['a', 'b', 'c', 'd', 'e'].map((typeId) => ({ ...ACADEMIES, typeId }));
    const { actor } = start(null);
    actor.send({ type: 'EXTRAS_CHANGED', types: many });
    expect(extraDataOf(actor.getSnapshot())).toEqual([]);
    actor.send({ type: 'TYPE_CHANGED', mapType: CENTRES });
    expect(extraDataOf(actor.getSnapshot()).map((e) => e.type.typeId)).toEqual(
      many.slice(0, MAX_EXTRA_TYPES).map((t) => t.typeId),
    );
  });

  it('keeps a request made before the map is shown, and acts on it once, when it is', () => {
    const { actor, cameras, child } = start();
    actor.send({ type: 'FOCUS', focus: TEHRAN });
    expect(cameras).toEqual([]);
    expect(child(dialogOf).getSnapshot().matches('closed')).toBe(true);
    actor.send({ type: 'MAP_SHOWN' });
    expect(cameras).toEqual([TEHRAN]);
    expect(child(dialogOf).getSnapshot().context.guid).toBe(GUID_1);
    actor.send({ type: 'MAP_SHOWN' });
    expect(cameras).toHaveLength(1);
  });

  it('acts at once on a shown map, and waits again while it is hidden', () => {
    const { actor, cameras } = start();
    actor.send({ type: 'MAP_SHOWN' });
    actor.send({ type: 'FOCUS', focus: { kind: 'country' } });
    expect(cameras).toEqual([{ kind: 'country' }]);
    actor.send({ type: 'MAP_HIDDEN' });
    actor.send({ type: 'FOCUS', focus: { kind: 'province', enName: 'Fars' } });
    expect(cameras).toHaveLength(1);
    actor.send({ type: 'MAP_SHOWN' });
    expect(cameras.at(-1)).toEqual({ kind: 'province', enName: 'Fars' });
  });

  it('passes a new type to the map data and near-me, and ignores the same type', () => {
    const { actor, child } = start();
    const data = child(mapDataOf) as ActorRefFrom<typeof mapDataMachine>;
    actor.send({ type: 'TYPE_CHANGED', mapType: ACADEMIES });
    expect(data.getSnapshot().context.type).toEqual(ACADEMIES);
    expect(child(nearMeOf).getSnapshot().context.typeIds).toEqual(['academies']);
    expect(child(mapDataOf)).toBe(data);
  });

  it('opens near-me in the panel and locates; a place chosen there flies and opens its detail over the list', () => {
    const { actor, cameras, child } = start(ACADEMIES);
    actor.send({ type: 'NEAR_ME' });
    expect(panelOf(actor.getSnapshot())).toBe('nearby');
    expect(child(nearMeOf).getSnapshot().matches('locating')).toBe(true);
    actor.send({ type: 'OPEN_PLACE', guid: GUID_2, lat: 32, lon: 53 });
    // The list stays under the detail, so closing the detail returns to it.
    expect(panelOf(actor.getSnapshot())).toBe('nearby');
    expect(cameras).toEqual([{ kind: 'location', guid: GUID_2, latitude: 32, longitude: 53, minZoom: 10 }]);
    expect(child(dialogOf).getSnapshot().context.guid).toBe(GUID_2);
    actor.send({ type: 'LIST_IN_VIEW' });
    expect(panelOf(actor.getSnapshot())).toBe('inView');
    actor.send({ type: 'CLOSE_PANEL' });
    expect(panelOf(actor.getSnapshot())).toBe('closed');
  });

  it('frames a location opened by its Guid alone once its answer says where it is, with the way there, and opens it once', async () => {
    const located = mapScreenMachine.provide({
      actors: {
        mapData: mapDataMachine.provide({
          actors: { loadAll: fromPromise(() => never()), loadMarkers: fromPromise(() => never()) },
        }),
        detailDialog: detailDialogMachine.provide({
          actors: {
            loadDetail: fromPromise<LoadedDetail, { guid: string }>(async () => ({
              detail: {
                NameMakanAmoozeshi: 'x',
                ShowMoreDetails: false,
                Lat: 35.7,
                Long: 51.4,
              } as LoadedDetail['detail'],
              updatedAt: null,
            })),
          },
        }),
      },
    });
    const actor = createActor(located, { input: { type: ACADEMIES } });
    const cameras: MapFocus[] = [];
    actor.on('camera', ({ focus }) => cameras.push(focus));
    actor.start();
    actor.send({ type: 'MAP_SHOWN' });
    const dialog = dialogOf(actor.getSnapshot())!;
    dialog.send({ type: 'OPEN', guid: GUID_1 });
    await waitFor(dialog, (s) => s.matches('showing'));
    expect(dialog.getSnapshot().context.at).toEqual({ lat: 35.7, lon: 51.4 });
    expect(cameras).toEqual([{ ...TEHRAN, opened: true }]);
    // Opened from a point it is not framed again: the camera is already on its way there.
    dialog.send({ type: 'OPEN', guid: GUID_2, at: { lat: 32, lon: 53 } });
    await waitFor(dialog, (s) => s.matches('showing') && s.context.guid === GUID_2);
    expect(cameras).toHaveLength(1);
  });

  it('starts with the panel closed, or on the list of what is in view when asked for the list first', () => {
    const { actor } = start(ACADEMIES);
    expect(panelOf(actor.getSnapshot())).toBe('closed');
    const listFirst = createActor(quietScreen, { input: { type: ACADEMIES, listFirst: true } }).start();
    expect(panelOf(listFirst.getSnapshot())).toBe('inView');
    expect(listFirst.getSnapshot().can({ type: 'CLOSE_PANEL' })).toBe(true);
    listFirst.send({ type: 'CLOSE_PANEL' });
    expect(panelOf(listFirst.getSnapshot())).toBe('closed');
    listFirst.stop();
  });

  it('loads the markers again when the dialog finds a marker’s ids stale (409), not on other failures', async () => {
    const { child, toData } = start(ACADEMIES);
    const marker = { typeId: 'academies', points: EMPTY_POINTS, index: 0 };
    for (const status of [404, 409]) {
      identify = () => Promise.reject(new ApiRequestError('http', status, null));
      child(dialogOf).send({ type: 'OPEN_MARKER', marker });
      await waitFor(child(dialogOf), (s) => s.matches('failed'));
    }
    expect(toData.filter((type) => type === 'RELOAD')).toHaveLength(1);
  });

  it('lists the nearest from a chosen town in the near-me panel, and gives the dialog where a location is', () => {
    const { actor, child } = start(ACADEMIES);
    actor.send({ type: 'NEAR_PLACE', name: 'بجنورد', lat: 37.47, lon: 57.33 });
    expect(panelOf(actor.getSnapshot())).toBe('nearby');
    expect(child(nearMeOf).getSnapshot().context).toMatchObject({
      origin: 'بجنورد',
      position: { lat: 37.47, lon: 57.33, accuracy: 0 },
    });
    actor.send({ type: 'MAP_SHOWN' });
    actor.send({ type: 'FOCUS', focus: TEHRAN });
    expect(child(dialogOf).getSnapshot().context.at).toEqual({ lat: 35.7, lon: 51.4 });
  });

  it('runs no map before there is a type, and keeps a request made meanwhile', () => {
    const { actor, cameras, child } = start(null);
    expect(actor.getSnapshot().can({ type: 'NEAR_ME' })).toBe(false);
    expect(mapDataOf(actor.getSnapshot())).toBeUndefined();
    actor.send({ type: 'FOCUS', focus: TEHRAN });
    actor.send({ type: 'TYPE_CHANGED', mapType: CENTRES });
    expect(child(mapDataOf).getSnapshot().context.markers).toBe(EMPTY_POINTS);
    actor.send({ type: 'MAP_SHOWN' });
    expect(cameras).toEqual([TEHRAN]);
  });
});

describe('mapScreen machine as a graph', () => {
  const events: MapScreenEvent[] = [
    { type: 'TYPE_CHANGED', mapType: CENTRES },
    { type: 'FOCUS', focus: { kind: 'country' } },
    { type: 'MAP_SHOWN' },
    { type: 'MAP_HIDDEN' },
    { type: 'NEAR_ME' },
    { type: 'LIST_IN_VIEW' },
    { type: 'CLOSE_PANEL' },
  ];
  const paths = getShortestPaths(quietScreen, {
    input: { type: null },
    events,
    serializeState: (s) => JSON.stringify([s.value, s.context.panel, s.context.shown, s.context.pending?.kind ?? null]),
  });

  it('reaches every state', () => {
    expect([...new Set(paths.flatMap((p) => activeLeafIds(p.state as never)))].sort()).toEqual(
      leafStateIds(mapScreenMachine),
    );
  });

  it('never holds a request while the map is shown, and opens a panel only with a type', () => {
    for (const { state } of paths) {
      if (state.context.shown) expect(state.context.pending).toBeNull();
      if (state.context.panel !== 'closed') expect(state.context.type).not.toBeNull();
    }
  });
});
