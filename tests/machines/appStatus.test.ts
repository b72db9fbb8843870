/** The app's status: offline while answers come from the copy (with the copy's date), a new build offered, not forced. */
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import { appStatusMachine, type AppStatusEvent } from '../../machines/appStatus';
import { activeLeafIds, leafStateIds } from './graphCoverage';

describe('app status machine', () => {
  it('is offline from the first answer of the copy until one from the server, knowing the copy’s date', async () => {
    const machine = appStatusMachine.provide({
      actors: { loadDataDate: fromPromise<string | null>(async () => '2026-11-23T06:23:00Z') },
    });
    const actor = createActor(machine).start();
    expect(actor.getSnapshot().matches({ connection: 'online' })).toBe(true);
    actor.send({ type: 'ANSWER_FROM_COPY' });
    await waitFor(actor, (s) => s.context.dataUpdatedAt !== null);
    expect(actor.getSnapshot().matches({ connection: 'offline' })).toBe(true);
    actor.send({ type: 'ANSWER_FROM_SERVER' });
    expect(actor.getSnapshot().matches({ connection: 'online' })).toBe(true);
  });

  it('takes a new build only when accepted, and offers it again if taking it fails', async () => {
    let taken = 0;
    const machine = appStatusMachine.provide({
      actors: { applyUpdate: fromPromise(async () => (taken++, Promise.reject(new Error('no waiting build')))) },
    });
    const actor = createActor(machine).start();
    expect(actor.getSnapshot().can({ type: 'UPDATE_ACCEPTED' })).toBe(false);
    actor.send({ type: 'UPDATE_FOUND' });
    actor.send({ type: 'UPDATE_DISMISSED' });
    expect(taken).toBe(0);
    actor.send({ type: 'UPDATE_FOUND' });
    actor.send({ type: 'UPDATE_ACCEPTED' });
    await waitFor(actor, (s) => s.matches({ update: 'available' }));
    expect(taken).toBe(1);
  });

  it('reaches every state', () => {
    const events: AppStatusEvent[] = [
      { type: 'ANSWER_FROM_COPY' },
      { type: 'ANSWER_FROM_SERVER' },
      { type: 'UPDATE_FOUND' },
      { type: 'UPDATE_ACCEPTED' },
      { type: 'UPDATE_DISMISSED' },
    ];
    const paths = getShortestPaths(appStatusMachine, { events });
    const reached = [...new Set(paths.flatMap((p) => activeLeafIds(p.state as never)))].sort();
    expect(reached).toEqual(leafStateIds(appStatusMachine));
  });
});
