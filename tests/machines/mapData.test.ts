import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { requestFailure } from '../../domain/requestFailure';
import { createActor, fromPromise } from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import type { ClusterItem, MapLocation } from '../../domain/gateway';
import {
  hasFailed,
  isLoading,
  mapDataMachine,
  SETTLE_MS,
  showsZoomHint,
  type MapDataEvent,
  type MapTypeRef,
  type ViewWindow,
} from '../../machines/mapData';
import { EMPTY_POINTS, pointsOfLocations, type PointSet } from '../../domain/pointsWire';
import { activeLeafIds, leafStateIds } from './graphCoverage';

const academy: MapTypeRef = { typeId: 'A', loadMode: 'viewport', minZoom: 15 };
const industries: MapTypeRef = { typeId: 'I', loadMode: 'fixed', minZoom: null };
const bounds = { MinLat: 35, MinLon: 51, MaxLat: 36, MaxLon: 52 };
const far: ViewWindow = { bounds, zoom: 6 };
const near: ViewWindow = { bounds, zoom: 16 };
const marker: MapLocation = { Lat: 35.5, Long: 51.5, Name: 'x', Guid: 'G' };
const pointsOf = (...locations: MapLocation[]) => pointsOfLocations(locations, false);
const cluster: ClusterItem = { Lat: 35.5, Long: 51.5, Count: 3 };

function deferred<T>() {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((res, rej) => ((resolve = res), (reject = rej)));
  return { promise, resolve, reject };
}

describe('mapData machine by example', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  function start(
    type: MapTypeRef,
    overrides: Partial<{
      loadAll: () => Promise<PointSet>;
      loadMarkers: (i: { signal: AbortSignal }) => Promise<PointSet>;
      loadClusters: () => Promise<ClusterItem[]>;
    }> = {},
  ) {
    const calls = { loadAll: 0, loadMarkers: 0, loadClusters: 0 };
    const machine = mapDataMachine.provide({
      actors: {
        loadAll: fromPromise(async () => (calls.loadAll++, overrides.loadAll ? overrides.loadAll() : pointsOf(marker))),
        loadMarkers: fromPromise(
          async ({ signal }) => (
            calls.loadMarkers++,
            overrides.loadMarkers ? overrides.loadMarkers({ signal }) : pointsOf(marker)
          ),
        ),
        loadClusters: fromPromise(
          async () => (calls.loadClusters++, overrides.loadClusters ? overrides.loadClusters() : [cluster]),
        ),
      },
    });
    const actor = createActor(machine, { input: { type } }).start();
    return { actor, calls };
  }

  it('RELOAD loads the same view again (the data changed under its ids)', async () => {
    const { actor, calls } = start(academy);
    actor.send({ type: 'VIEW_CHANGED', view: near });
    await vi.runAllTimersAsync();
    expect(calls.loadMarkers).toBe(1);
    expect(actor.getSnapshot().can({ type: 'RELOAD' })).toBe(true);
    actor.send({ type: 'RELOAD' });
    expect(actor.getSnapshot().matches({ viewport: 'loadingMarkers' })).toBe(true);
    await vi.runAllTimersAsync();
    expect(calls.loadMarkers).toBe(2);
  });

  it('a fixed type loads all once and never reloads on moves', async () => {
    const { actor, calls } = start(industries);
    expect(isLoading(actor.getSnapshot())).toBe(true);
    await vi.runAllTimersAsync();
    expect(actor.getSnapshot().matches({ fixed: 'ready' })).toBe(true);
    actor.send({ type: 'VIEW_CHANGED', view: near });
    actor.send({ type: 'VIEW_CHANGED', view: far });
    await vi.runAllTimersAsync();
    expect(calls).toEqual({ loadAll: 1, loadMarkers: 0, loadClusters: 0 });
    expect(actor.getSnapshot().context.markers.labels).toEqual([marker]);
    expect(showsZoomHint(actor.getSnapshot().context)).toBe(false);
  });

  it('below the minimum zoom loads clusters, clears markers and shows the hint', async () => {
    const { actor, calls } = start(academy);
    actor.send({ type: 'VIEW_CHANGED', view: near });
    await vi.runAllTimersAsync();
    expect(actor.getSnapshot().context.markers.labels).toEqual([marker]);
    actor.send({ type: 'VIEW_CHANGED', view: far });
    expect(showsZoomHint(actor.getSnapshot().context)).toBe(true);
    await vi.runAllTimersAsync();
    expect(calls.loadClusters).toBe(1);
    expect(actor.getSnapshot().context.clusters).toEqual([cluster]);
    expect(actor.getSnapshot().context.markers).toBe(EMPTY_POINTS);
  });

  it('at the minimum zoom exactly, markers are due', async () => {
    const { actor, calls } = start(academy);
    actor.send({ type: 'VIEW_CHANGED', view: { bounds, zoom: 15 } });
    await vi.runAllTimersAsync();
    expect(calls.loadMarkers).toBe(1);
    expect(showsZoomHint(actor.getSnapshot().context)).toBe(false);
  });

  it('waits for the view to settle: a burst of moves makes one request', async () => {
    const { actor, calls } = start(academy);
    actor.send({ type: 'VIEW_CHANGED', view: near });
    await vi.runAllTimersAsync();
    expect(calls.loadMarkers).toBe(1);
    for (let i = 1; i <= 10; i++) {
      actor.send({ type: 'VIEW_CHANGED', view: { bounds, zoom: 16 + i / 100 } });
      await vi.advanceTimersByTimeAsync(SETTLE_MS / 2);
    }
    expect(calls.loadMarkers).toBe(1);
    await vi.runAllTimersAsync();
    expect(calls.loadMarkers).toBe(2);
  });

  it('the first view loads at once: it is where the map starts, not a move to wait out', async () => {
    const { actor, calls } = start(academy);
    actor.send({ type: 'VIEW_CHANGED', view: far });
    expect(actor.getSnapshot().matches({ viewport: 'loadingClusters' })).toBe(true);
    await vi.advanceTimersByTimeAsync(0);
    expect(calls.loadClusters).toBe(1);
  });

  it('a view the same as the one asked for, to a rounding error, asks for nothing more', async () => {
    const pending = deferred<ClusterItem[]>();
    const { actor, calls } = start(academy, { loadClusters: () => pending.promise });
    actor.send({ type: 'VIEW_CHANGED', view: far });
    await vi.advanceTimersByTimeAsync(0);
    // As a flight to a camera ends: a hair away from where it was sent.
    const landed: ViewWindow = { zoom: far.zoom + 1e-9, bounds: { ...bounds, MinLon: bounds.MinLon + 1e-9 } };
    expect(actor.getSnapshot().can({ type: 'VIEW_CHANGED', view: landed })).toBe(false);
    actor.send({ type: 'VIEW_CHANGED', view: landed });
    expect(actor.getSnapshot().matches({ viewport: 'loadingClusters' })).toBe(true);
    pending.resolve([cluster]);
    await vi.runAllTimersAsync();
    expect(calls.loadClusters).toBe(1);
    expect(actor.getSnapshot().context.clusters).toEqual([cluster]);
    // A real move, however small on screen, still loads.
    const moved: ViewWindow = {
      zoom: far.zoom,
      bounds: { ...bounds, MinLon: bounds.MinLon + 0.01, MaxLon: bounds.MaxLon + 0.01 },
    };
    expect(actor.getSnapshot().can({ type: 'VIEW_CHANGED', view: moved })).toBe(true);
  });

  it('a newer move aborts the request in flight and its late answer is dropped', async () => {
    const first = deferred<PointSet>();
    const second = deferred<PointSet>();
    let firstSignal: AbortSignal | null = null;
    let call = 0;
    const { actor } = start(academy, {
      loadMarkers: ({ signal }) => (++call === 1 ? ((firstSignal = signal), first.promise) : second.promise),
    });
    actor.send({ type: 'VIEW_CHANGED', view: near });
    await vi.advanceTimersByTimeAsync(SETTLE_MS + 1);
    expect(actor.getSnapshot().matches({ viewport: 'loadingMarkers' })).toBe(true);
    actor.send({ type: 'VIEW_CHANGED', view: { bounds, zoom: 17 } });
    expect(firstSignal!.aborted).toBe(true);
    await vi.advanceTimersByTimeAsync(SETTLE_MS + 1);
    expect(call).toBe(2);
    // The stale answer arrives while the newer request is still in flight: it must not be shown.
    first.resolve(pointsOf(marker));
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().context.markers.labels).not.toContainEqual(marker);
    const newer = { ...marker, Guid: 'B0000000-0000-0000-0000-000000000002', Name: 'newer' };
    second.resolve(pointsOf(newer));
    await vi.runAllTimersAsync();
    expect(actor.getSnapshot().context.markers.labels).toEqual([newer]);
  });

  it('a failure is a state with a retry, not a spinner forever', async () => {
    let fail = true;
    const { actor } = start(academy, {
      loadClusters: () => (fail ? Promise.reject(requestFailure('timeout')) : Promise.resolve([cluster])),
    });
    actor.send({ type: 'VIEW_CHANGED', view: far });
    await vi.runAllTimersAsync();
    expect(hasFailed(actor.getSnapshot())).toBe(true);
    expect(isLoading(actor.getSnapshot())).toBe(false);
    expect(actor.getSnapshot().context.error).toEqual(requestFailure('timeout'));
    fail = false;
    actor.send({ type: 'RETRY' });
    await vi.runAllTimersAsync();
    expect(actor.getSnapshot().context.clusters).toEqual([cluster]);
    expect(actor.getSnapshot().context.error).toBeNull();
  });

  it('changing type clears the data and loads the new type for the current view', async () => {
    const { actor, calls } = start(academy);
    actor.send({ type: 'VIEW_CHANGED', view: far });
    await vi.runAllTimersAsync();
    actor.send({ type: 'TYPE_CHANGED', mapType: industries });
    expect(actor.getSnapshot().context.clusters).toEqual([]);
    await vi.runAllTimersAsync();
    expect(calls.loadAll).toBe(1);
    actor.send({ type: 'TYPE_CHANGED', mapType: { ...academy, typeId: 'B', minZoom: 5 } });
    await vi.runAllTimersAsync();
    expect(calls.loadMarkers).toBe(1);
  });
});

describe('mapData machine graph', () => {
  const events: MapDataEvent[] = [
    { type: 'VIEW_CHANGED', view: far },
    { type: 'VIEW_CHANGED', view: near },
    { type: 'TYPE_CHANGED', mapType: industries },
    { type: 'RETRY' },
    { type: 'RELOAD' },
  ];
  // Timers and actor completions as the events the machine receives for them.
  const systemEvents = [
    { type: 'xstate.after.settle.mapData.viewport.settling' },
    { type: 'xstate.done.actor.loadAll', output: [marker] },
    { type: 'xstate.done.actor.loadMarkers', output: pointsOf(marker) },
    { type: 'xstate.done.actor.loadClusters', output: [cluster] },
    { type: 'xstate.error.actor.loadAll', error: new Error('x') },
    { type: 'xstate.error.actor.loadMarkers', error: new Error('x') },
    { type: 'xstate.error.actor.loadClusters', error: new Error('x') },
  ] as unknown as MapDataEvent[];
  const paths = getShortestPaths(mapDataMachine, {
    input: { type: academy },
    events: [...events, ...systemEvents],
    serializeState: (s) =>
      JSON.stringify([
        s.value,
        s.context.type.typeId,
        s.context.view?.zoom ?? null,
        s.context.markers.count,
        s.context.clusters.length,
        s.context.error,
      ]),
  });

  it('reaches every state', () => {
    const reached = new Set(paths.flatMap((p) => activeLeafIds(p.state as never)));
    // routing and deciding are transient: an eventless transition always leaves them at once.
    const transient = (id: string) => id.endsWith('.routing') || id.endsWith('.deciding');
    expect([...reached].sort()).toEqual(leafStateIds(mapDataMachine).filter((id) => !transient(id)));
  });

  it('holds its invariants on every shortest path', () => {
    for (const path of paths) {
      const { context } = path.state;
      // Markers and clusters are never shown together.
      expect(context.markers.count > 0 && context.clusters.length > 0).toBe(false);
      if (path.state.matches({ viewport: 'loadingMarkers' }))
        expect(context.view!.zoom).toBeGreaterThanOrEqual(academy.minZoom!);
      if (path.state.matches({ viewport: 'loadingClusters' })) expect(showsZoomHint(context)).toBe(true);
      // Loading and failure never coexist: the progress bar stops when an error shows.
      expect(isLoading(path.state) && hasFailed(path.state)).toBe(false);
    }
  });
});
