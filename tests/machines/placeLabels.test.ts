import { describe, expect, it } from 'vitest';
import { requestFailure } from '../../domain/requestFailure';
import { createActor, fromPromise, waitFor } from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import { pointsOfLocations } from '../../domain/pointsWire';
import { LISTED_MAX, placeLabelsMachine, type ListedPlace, type PlaceLabelsInput } from '../../machines/placeLabels';
import { activeLeafIds, leafStateIds } from './graphCoverage';

const place: ListedPlace = { Lat: 35, Long: 51, Name: 'هنرستان', Guid: 'G', TypeId: 'T' };
const points = pointsOfLocations([place], false);
/** `count` markers in view, shared between two types (the page's and one added). */
const input = (count: number): PlaceLabelsInput => ({
  sets: [
    { typeId: 'T', points, indexes: Array.from({ length: Math.ceil(count / 2) }, () => 0) },
    { typeId: 'U', points, indexes: Array.from({ length: Math.floor(count / 2) }, () => 0) },
  ],
});

function start(count: number, load: () => Promise<ListedPlace[]>) {
  const machine = placeLabelsMachine.provide({ actors: { loadLabels: fromPromise(load) } });
  return createActor(machine, { input: input(count) }).start();
}

describe('placeLabels machine by example', () => {
  it('loads the names of the markers in view', async () => {
    const actor = start(1, async () => [place]);
    expect(actor.getSnapshot().matches('loading')).toBe(true);
    await waitFor(actor, (s) => s.matches('ready'));
    expect(actor.getSnapshot().context.labels).toEqual([place]);
  });

  it('does not load a list longer than anyone reads', () => {
    let loads = 0;
    const actor = start(LISTED_MAX + 1, async () => (loads++, []));
    expect(actor.getSnapshot().matches('tooMany')).toBe(true);
    expect(loads).toBe(0);
    expect(
      start(LISTED_MAX, async () => [])
        .getSnapshot()
        .matches('loading'),
    ).toBe(true);
  });

  it('follows the map while open: a new view is listed anew, the same one is not loaded twice', async () => {
    const other: ListedPlace = { ...place, Name: 'آموزشگاه', Guid: 'H' };
    const answers = [[place], [other]];
    let loads = 0;
    const actor = start(1, async () => answers[loads++]!);
    await waitFor(actor, (s) => s.matches('ready'));
    const same = actor.getSnapshot().context.sets;
    expect(actor.getSnapshot().can({ type: 'SETS_CHANGED', sets: same })).toBe(false);
    actor.send({ type: 'SETS_CHANGED', sets: same });
    expect(loads).toBe(1);
    actor.send({ type: 'SETS_CHANGED', sets: input(2).sets });
    expect(actor.getSnapshot().matches('loading')).toBe(true);
    await waitFor(actor, (s) => s.matches('ready'));
    expect(actor.getSnapshot().context.labels).toEqual([other]);
    actor.send({ type: 'SETS_CHANGED', sets: input(LISTED_MAX + 1).sets });
    expect(actor.getSnapshot().matches('tooMany')).toBe(true);
    expect(loads).toBe(2);
  });

  it('a failure keeps its message and retries on request', async () => {
    let attempts = 0;
    const actor = start(1, async () => {
      if (++attempts === 1) throw requestFailure('network');
      return [place];
    });
    await waitFor(actor, (s) => s.matches('failed'));
    expect(actor.getSnapshot().context.error).toEqual(requestFailure('network'));
    expect(actor.getSnapshot().can({ type: 'RETRY' })).toBe(true);
    actor.send({ type: 'RETRY' });
    await waitFor(actor, (s) => s.matches('ready'));
  });
});

describe('placeLabels machine graph', () => {
  it('reaches every state from a short and a long view, and from a view that grows past the list', () => {
    const events = [
      { type: 'RETRY' },
      { type: 'SETS_CHANGED', sets: input(LISTED_MAX + 1).sets },
      { type: 'xstate.done.actor.loadLabels', output: [place] },
      { type: 'xstate.error.actor.loadLabels', error: new Error('x') },
    ] as never[];
    const reached = new Set<string>();
    for (const count of [1, LISTED_MAX + 1]) {
      for (const path of getShortestPaths(placeLabelsMachine, { events, input: input(count) })) {
        for (const id of activeLeafIds(path.state as never)) reached.add(id);
      }
    }
    // choosing is transient: an eventless transition always leaves it at once.
    expect([...reached].sort()).toEqual(leafStateIds(placeLabelsMachine).filter((id) => !id.endsWith('.choosing')));
  });
});
