/** The org-location list dialog (spec §2, §4): loads once on opening, keeps a full copy, filters on key release. */
import { assign, fromPromise, setup } from 'xstate';
import { errorMessageOf } from './errorMessage';
import { filterOnKeyUp } from './orgListFilter';

export interface OrgListContext {
  typeId: string;
  ostan: string;
  all: readonly string[];
  shown: readonly string[];
  text: string;
  error: string | null;
}

export type OrgListEvent = { type: 'KEY_UP'; text: string } | { type: 'RETRY' };

export const orgListMachine = setup({
  types: { context: {} as OrgListContext, events: {} as OrgListEvent, input: {} as { typeId: string; ostan: string } },
  actors: {
    loadNames: fromPromise<string[], { typeId: string; ostan: string }>(() => Promise.reject(new Error('loadNames actor not provided'))),
  },
}).createMachine({
  id: 'orgList',
  context: ({ input }) => ({ typeId: input.typeId, ostan: input.ostan, all: [], shown: [], text: '', error: null }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadNames',
        src: 'loadNames',
        input: ({ context }) => ({ typeId: context.typeId, ostan: context.ostan }),
        onDone: {
          target: 'ready',
          actions: assign({
            all: ({ event }) => event.output,
            shown: ({ event, context }) => filterOnKeyUp(event.output, event.output, context.text),
            error: null,
          }),
        },
        onError: { target: 'failed', actions: assign({ error: ({ event }) => errorMessageOf(event) }) },
      },
    },
    ready: {
      on: {
        KEY_UP: { actions: assign({ text: ({ event }) => event.text, shown: ({ context, event }) => filterOnKeyUp(context.all, context.shown, event.text) }) },
      },
    },
    failed: { on: { RETRY: 'loading' } },
  },
});
