/** The download dialog's counts: loaded once opened, a failure retried. */
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import { NO_FILTERS } from '../../domain/filters';
import { requestFailure } from '../../domain/requestFailure';
import { downloadsMachine, type DownloadCounts } from '../../machines/downloads';
import { activeLeafIds, leafStateIds } from './graphCoverage';

const COUNTS: DownloadCounts = {
  metadata: { Version: 3, UpdatedAt: '', Source: '', Licence: '', Fields: [], Count: 10, ByType: [] },
  changes: [],
  filtered: null,
};

const SCOPE = { typeId: 'A', filters: NO_FILTERS };

describe('downloads machine', () => {
  it('shows the counts, and after a failure loads them again on retry', async () => {
    let calls = 0;
    const machine = downloadsMachine.provide({
      actors: {
        load: fromPromise(async () => {
          calls++;
          if (calls === 1) throw requestFailure('network');
          return COUNTS;
        }),
      },
    });
    const actor = createActor(machine, { input: { scope: SCOPE } }).start();
    await waitFor(actor, (s) => s.matches('failed'));
    expect(actor.getSnapshot().context.error?.kind).toBe('network');
    actor.send({ type: 'RETRY' });
    await waitFor(actor, (s) => s.matches('shown'));
    expect(actor.getSnapshot().context.answer).toBe(COUNTS);
  });

  it('reaches every state', () => {
    const events = [
      { type: 'RETRY' },
      { type: 'xstate.done.actor.load', output: COUNTS },
      { type: 'xstate.error.actor.load', error: requestFailure('network') },
    ] as never[];
    const paths = getShortestPaths(downloadsMachine, { input: { scope: SCOPE }, events });
    const reached = [...new Set(paths.flatMap((p) => activeLeafIds(p.state as never)))].sort();
    // Every resting state but "waiting": the dialog's question can always be asked.
    expect(reached).toEqual(leafStateIds(downloadsMachine).filter((id) => !/\.(deciding|waiting)$/.test(id)));
  });
});
