/**
 * The "download the data" dialog: once opened, it reads the current version's metadata (row counts per type),
 * how many rows the filters in force keep (so each button can say how many rows its file holds) and what the
 * latest imports changed; a failure is a state with a retry.
 */
import { assign, fromPromise, setup } from 'xstate';
import type { DatasetChange } from '../domain/changes';
import type { DownloadMetadata } from '../domain/downloads';
import { NO_FILTERS, type Filters } from '../domain/filters';
import type { RequestFailure } from '../domain/requestFailure';
import { failureOfEvent } from './failure';

export interface DownloadCounts {
  metadata: DownloadMetadata;
  /** What the latest imports changed, newest first. */
  changes: DatasetChange[];
  /** Rows of the type under the filters in force (null without filters). */
  filtered: number | null;
}

export interface DownloadsContext {
  typeId: string;
  filters: Filters;
  counts: DownloadCounts | null;
  error: RequestFailure | null;
}

export const downloadsMachine = setup({
  types: {
    context: {} as DownloadsContext,
    events: {} as { type: 'RETRY' },
    input: {} as { typeId: string; filters?: Filters },
  },
  actors: {
    loadCounts: fromPromise<DownloadCounts, { typeId: string; filters: Filters }>(() =>
      Promise.reject(new Error('loadCounts actor not provided')),
    ),
  },
}).createMachine({
  id: 'downloads',
  context: ({ input }) => ({ typeId: input.typeId, filters: input.filters ?? NO_FILTERS, counts: null, error: null }),
  initial: 'loading',
  states: {
    loading: {
      entry: assign({ error: null }),
      invoke: {
        src: 'loadCounts',
        input: ({ context }) => ({ typeId: context.typeId, filters: context.filters }),
        onDone: { target: 'shown', actions: assign({ counts: ({ event }) => event.output }) },
        onError: { target: 'failed', actions: assign({ error: ({ event }) => failureOfEvent(event) }) },
      },
    },
    shown: {},
    failed: { on: { RETRY: 'loading' } },
  },
});
