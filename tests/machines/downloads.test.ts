/** The download dialog's counts: loaded once opened, a failure retried. */
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import { requestFailure } from '../../domain/requestFailure';
import { downloadsMachine, type DownloadCounts } from '../../machines/downloads';
import { activeLeafIds, leafStateIds } from './graphCoverage';

const COUNTS: DownloadCounts = {
  metadata: { Version: 3, UpdatedAt: '', Source: '', Licence: '', Fields: [], Count: 10, ByType: [] },
  changes: [],
  filtered: null,
};

describe('downloads machine', () => {
  it('shows the counts, and after a failure loads them again on retry', async () => {
    let calls = 0;
    const machine = downloadsMachine.provide({
      actors: {
        loadCounts: fromPromise(async () => {
          calls++;
          if (calls === 1) throw requestFailure('network');
          return COUNTS;
        }),
      },
    });
    const actor = createActor(machine, { input: { typeId: 'A' } }).start();
    await waitFor(actor, (s) => s.matches('failed'));
    expect(actor.getSnapshot().context.error?.kind).toBe('network');
    actor.send({ type: 'RETRY' });
    await waitFor(actor, (s) => s.matches('shown'));
    expect(actor.getSnapshot().context.counts).toBe(COUNTS);
  });

  it('reaches every state', () => {
    const events = [
      { type: 'RETRY' },
      { type: 'xstate.done.actor.0.downloads.loading', output: COUNTS },
      { type: 'xstate.error.actor.0.downloads.loading', error: requestFailure('network') },
    ] as never[];
    const paths = getShortestPaths(downloadsMachine, { input: { typeId: 'A' }, events });
    const reached = [...new Set(paths.flatMap((p) => activeLeafIds(p.state as never)))].sort();
    expect(reached).toEqual(leafStateIds(downloadsMachine));
  });
});
