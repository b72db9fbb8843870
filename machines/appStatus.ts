/**
 * What the app says about itself, beside the screens: whether it is showing the offline copy (with the date
 * of that copy's data), and whether a new build is waiting to be taken (the visitor decides; nothing reloads
 * under them). Two independent regions.
 */
import { assign, fromPromise, setup } from 'xstate';

export interface AppStatusContext {
  /** When the data shown offline was last updated (ISO), once known. */
  dataUpdatedAt: string | null;
}

export type AppStatusEvent =
  | { type: 'ANSWER_FROM_SERVER' }
  | { type: 'ANSWER_FROM_COPY' }
  | { type: 'UPDATE_FOUND' }
  | { type: 'UPDATE_ACCEPTED' }
  | { type: 'UPDATE_DISMISSED' };

export const appStatusMachine = setup({
  types: { context: {} as AppStatusContext, events: {} as AppStatusEvent },
  actors: {
    /** The date of the data the copy holds (read through the copy itself). */
    loadDataDate: fromPromise<string | null>(async () => null),
    /** Hands over to the waiting build (which reloads the page). */
    applyUpdate: fromPromise<void>(async () => undefined),
  },
}).createMachine({
  id: 'appStatus',
  type: 'parallel',
  context: { dataUpdatedAt: null },
  states: {
    connection: {
      initial: 'online',
      states: {
        online: { on: { ANSWER_FROM_COPY: 'offline' } },
        offline: {
          invoke: {
            src: 'loadDataDate',
            onDone: { actions: assign({ dataUpdatedAt: ({ event }) => event.output }) },
          },
          on: { ANSWER_FROM_SERVER: 'online' },
        },
      },
    },
    update: {
      initial: 'none',
      states: {
        none: { on: { UPDATE_FOUND: 'available' } },
        available: { on: { UPDATE_ACCEPTED: 'applying', UPDATE_DISMISSED: 'dismissed' } },
        // Asked again on the next visit (or when yet another build arrives).
        dismissed: { on: { UPDATE_FOUND: 'available' } },
        applying: {
          invoke: { src: 'applyUpdate', onError: 'available' },
        },
      },
    },
  },
});
