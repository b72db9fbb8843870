import { describe, expect, it } from 'vitest';
import { requestFailure } from '../../domain/requestFailure';
import { createActor, fromPromise, waitFor } from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import { detailDialogMachine, type DetailDialogEvent, type MarkerRef } from '../../machines/detailDialog';
import { pointsOfLocations } from '../../domain/pointsWire';
import type { LocationDetail } from '../../domain/gateway';
import { EMPTY_GUID } from '../../domain/guid';
import { activeLeafIds, leafStateIds } from './graphCoverage';

const GUID = '1B2C3D4E-0000-1111-2222-333344445555';
const marker: MarkerRef = {
  typeId: 'T',
  points: pointsOfLocations([{ Lat: 35, Long: 51, Name: 'x', Guid: GUID }], false),
  index: 0,
};
const detail: LocationDetail = {
  NameMakanAmoozeshi: 'آموزشگاه',
  Mogiyat: 'm',
  ZirNazar: 'z',
  Gender: 'g',
  Legal: 'l',
  PhoneNumber: 'p',
  Fax: 'f',
  Address: 'a',
  ShowMoreDetails: true,
  daynamicFields: [],
};

function start(load: (guid: string) => Promise<LocationDetail>) {
  const requested: string[] = [];
  const machine = detailDialogMachine.provide({
    actors: {
      loadDetail: fromPromise(
        async ({ input }) => (requested.push(input.guid), { detail: await load(input.guid), updatedAt: null }),
      ),
    },
  });
  return { actor: createActor(machine).start(), requested };
}

describe('detailDialog machine by example', () => {
  it.each([[''], [EMPTY_GUID], ['not-a-guid']])('does not load for Guid %j', (guid) => {
    const { actor, requested } = start(async () => detail);
    actor.send({ type: 'OPEN', guid });
    expect(actor.getSnapshot().value).toBe('closed');
    expect(requested).toEqual([]);
  });

  it('loads a usable Guid, starts "more details" from ShowMoreDetails and toggles it', async () => {
    const { actor, requested } = start(async () => detail);
    actor.send({ type: 'OPEN', guid: GUID });
    await waitFor(actor, (s) => s.matches('showing'));
    expect(requested).toEqual([GUID]);
    expect(actor.getSnapshot().context.showMore).toBe(true);
    actor.send({ type: 'TOGGLE_MORE' });
    expect(actor.getSnapshot().context.showMore).toBe(false);
    actor.send({ type: 'CLOSE' });
    expect(actor.getSnapshot().value).toBe('closed');
  });

  it('shows a failure with a retry', async () => {
    let fail = true;
    const { actor } = start(async () => {
      if (fail) throw requestFailure('http', 503, 'unavailable');
      return detail;
    });
    actor.send({ type: 'OPEN', guid: GUID });
    await waitFor(actor, (s) => s.matches('failed'));
    expect(actor.getSnapshot().context.error).toEqual(requestFailure('http', 503, 'unavailable'));
    fail = false;
    actor.send({ type: 'RETRY' });
    await waitFor(actor, (s) => s.matches('showing'));
  });
});

describe('detailDialog machine: a marker known by position only', () => {
  function startWithMarkers(identify: (marker: MarkerRef) => Promise<string>) {
    const requested: string[] = [];
    const machine = detailDialogMachine.provide({
      actors: {
        identifyMarker: fromPromise(({ input }) => identify(input)),
        loadDetail: fromPromise(async ({ input }) => (requested.push(input.guid), { detail, updatedAt: null })),
      },
    });
    return { actor: createActor(machine).start(), requested };
  }

  it('looks up the Guid of the clicked marker, then loads its detail', async () => {
    const asked: number[] = [];
    const { actor, requested } = startWithMarkers(async (m) => (asked.push(m.index), GUID));
    actor.send({ type: 'OPEN_MARKER', marker: { ...marker, index: 3 } });
    expect(actor.getSnapshot().matches('identifying')).toBe(true);
    await waitFor(actor, (s) => s.matches('showing'));
    expect(asked).toEqual([3]);
    expect(requested).toEqual([GUID]);
  });

  it('a failed lookup is a failure with a retry that looks up again', async () => {
    let attempts = 0;
    const { actor } = startWithMarkers(async () => {
      if (++attempts === 1) throw requestFailure('network');
      return GUID;
    });
    actor.send({ type: 'OPEN_MARKER', marker });
    await waitFor(actor, (s) => s.matches('failed'));
    expect(actor.getSnapshot().context.error).toEqual(requestFailure('network'));
    expect(actor.getSnapshot().can({ type: 'RETRY' })).toBe(true);
    actor.send({ type: 'RETRY' });
    await waitFor(actor, (s) => s.matches('showing'));
    expect(attempts).toBe(2);
  });
});

describe('detailDialog machine graph', () => {
  const events = [
    { type: 'OPEN', guid: GUID },
    { type: 'OPEN', guid: EMPTY_GUID },
    { type: 'CLOSE' },
    { type: 'RETRY' },
    { type: 'TOGGLE_MORE' },
    { type: 'OPEN_MARKER', marker },
    { type: 'xstate.done.actor.identifyMarker', output: GUID },
    { type: 'xstate.error.actor.identifyMarker', error: new Error('x') },
    { type: 'xstate.done.actor.loadDetail', output: { detail, updatedAt: null } },
    { type: 'xstate.error.actor.loadDetail', error: new Error('x') },
  ] as unknown as DetailDialogEvent[];
  const paths = getShortestPaths(detailDialogMachine, { events });

  it('reaches every state', () => {
    const reached = new Set(paths.flatMap((p) => activeLeafIds(p.state as never)));
    expect([...reached].sort()).toEqual(leafStateIds(detailDialogMachine));
  });

  it('never requests the all-zero Guid on any path', () => {
    for (const path of paths) expect(path.state.context.guid).not.toBe(EMPTY_GUID);
  });
});
