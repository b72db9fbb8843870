/**
 * The staff's queue of the public's reports: read under a filter (type, province, kind, status), read again when
 * the filter changes, and after each decision (resolved or rejected, with a note the public sees). A read refused
 * for want of a session is told to the console.
 */
import { assertEvent, assign, enqueueActions, setup } from 'xstate';
import type { Decision, StaffReport } from '../domain/wire/desk';
import type { ReportKind, ReportStatus } from '../domain/reports';
import type { RequestFailure } from '../domain/requestFailure';
import { failureOfEvent, sessionGone } from './failure';
import { toBeProvided } from './toBeProvided';

export interface QueueFilter {
  type: string | null;
  province: string | null;
  kind: ReportKind | null;
  status: ReportStatus | null;
}

export const OPEN_REPORTS: QueueFilter = { type: null, province: null, kind: null, status: 'open' };

export interface ReportQueueContext {
  filter: QueueFilter;
  reports: StaffReport[];
  error: RequestFailure | null;
}

export type ReportQueueEvent =
  | { type: 'FILTER'; filter: Partial<QueueFilter> }
  | { type: 'DECIDE'; id: string; decision: Decision }
  | { type: 'RETRY' };

export const reportQueueMachine = setup({
  types: { context: {} as ReportQueueContext, events: {} as ReportQueueEvent },
  actors: {
    load: toBeProvided<StaffReport[], QueueFilter>('reportQueue: load'),
    decide: toBeProvided<StaffReport, { id: string; decision: Decision }>('reportQueue: decide'),
  },
}).createMachine({
  id: 'reportQueue',
  context: { filter: OPEN_REPORTS, reports: [], error: null },
  initial: 'loading',
  on: {
    FILTER: {
      target: '.loading',
      reenter: true,
      actions: assign({
        filter: ({ context, event }) => {
          assertEvent(event, 'FILTER');
          return { ...context.filter, ...event.filter };
        },
      }),
    },
  },
  states: {
    loading: {
      entry: assign({ error: null }),
      invoke: {
        src: 'load',
        input: ({ context }) => context.filter,
        onDone: { target: 'shown', actions: assign({ reports: ({ event }) => event.output }) },
        onError: { target: 'failed', actions: assign({ error: ({ event }) => failureOfEvent(event) }) },
      },
    },
    shown: { on: { DECIDE: 'deciding' } },
    deciding: {
      invoke: {
        src: 'decide',
        input: ({ event }) => {
          assertEvent(event, 'DECIDE');
          return { id: event.id, decision: event.decision };
        },
        onDone: 'loading',
        onError: { target: 'failed', actions: assign({ error: ({ event }) => failureOfEvent(event) }) },
      },
    },
    failed: {
      entry: enqueueActions(({ context, enqueue }) => {
        if (sessionGone(context.error)) enqueue.sendParent({ type: 'SESSION_ENDED' });
      }),
      on: { RETRY: 'loading' },
    },
  },
});
