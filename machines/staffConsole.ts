/**
 * The staff console (/staff): asks who is signed in, offers sign-in when nobody is, and once signed in runs the
 * console's parts as its children (the upload, the report queue); sign-out ends the session on the server. A
 * child whose request is refused for want of a session (401, an idle session ended) tells this machine
 * (`sendParent`), which goes back to sign-in saying why; the upload tells it when a file is applied.
 */
import { assertEvent, assign, sendTo, setup } from 'xstate';
import type { StaffWho } from '../domain/wire/desk';
import type { RequestFailure } from '../domain/requestFailure';
import { failureOfEvent, sessionGone } from './failure';
import { reportQueueMachine } from './reportQueue';
import { toBeProvided } from './toBeProvided';
import { uploadMachine } from './upload';

export type ConsoleTab = 'upload' | 'reports' | 'audit';

export interface StaffConsoleContext {
  who: StaffWho | null;
  tab: ConsoleTab;
  /** Why sign-in is shown again, or why it failed. */
  error: RequestFailure | null;
  /** The session ended by itself (idle, or ended elsewhere), not by signing out. */
  expired: boolean;
}

export type StaffConsoleEvent =
  | { type: 'SIGN_IN'; name: string; password: string }
  | { type: 'SIGN_OUT' }
  | { type: 'TAB'; tab: ConsoleTab }
  | { type: 'SESSION_ENDED' }
  | { type: 'APPLIED' };

export const staffConsoleMachine = setup({
  types: { context: {} as StaffConsoleContext, events: {} as StaffConsoleEvent },
  actors: {
    who: toBeProvided<StaffWho>('staffConsole: who'),
    signIn: toBeProvided<StaffWho, { name: string; password: string }>('staffConsole: signIn'),
    signOut: toBeProvided<void>('staffConsole: signOut'),
    upload: uploadMachine,
    reports: reportQueueMachine,
  },
}).createMachine({
  id: 'staffConsole',
  context: { who: null, tab: 'upload', error: null, expired: false },
  initial: 'checking',
  states: {
    checking: {
      invoke: {
        src: 'who',
        onDone: { target: 'signedIn', actions: assign({ who: ({ event }) => event.output }) },
        onError: [
          { guard: ({ event }) => sessionGone(failureOfEvent(event)), target: 'signedOut' },
          { target: 'signedOut', actions: assign({ error: ({ event }) => failureOfEvent(event) }) },
        ],
      },
    },
    signedOut: {
      on: { SIGN_IN: 'signingIn' },
    },
    signingIn: {
      entry: assign({ error: null }),
      invoke: {
        src: 'signIn',
        input: ({ event }) => {
          assertEvent(event, 'SIGN_IN');
          return { name: event.name, password: event.password };
        },
        onDone: { target: 'signedIn', actions: assign({ who: ({ event }) => event.output, expired: false }) },
        onError: { target: 'signedOut', actions: assign({ error: ({ event }) => failureOfEvent(event) }) },
      },
    },
    signedIn: {
      invoke: [
        { id: 'upload', src: 'upload' },
        { id: 'reports', src: 'reports' },
      ],
      on: {
        TAB: {
          actions: assign({
            tab: ({ event }) => {
              assertEvent(event, 'TAB');
              return event.tab;
            },
          }),
        },
        SESSION_ENDED: { target: 'signedOut', actions: assign({ who: null, expired: true }) },
        SIGN_OUT: 'signingOut',
        // A file applied changes the data the reports are about: the queue is read again.
        APPLIED: { actions: sendTo('reports', { type: 'FILTER', filter: {} }) },
      },
    },
    signingOut: {
      invoke: {
        src: 'signOut',
        onDone: { target: 'signedOut', actions: assign({ who: null, expired: false }) },
        // The server may have ended it already; either way the console is signed out here.
        onError: { target: 'signedOut', actions: assign({ who: null }) },
      },
    },
  },
});
