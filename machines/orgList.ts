/** The org-location list dialog (spec §2, §4): loads once on opening, keeps a full copy, filters on key release. */
import { assertEvent, assign, emit, fromPromise, setup } from 'xstate';
import { errorMessageOf } from './errorMessage';
import { filterOnKeyUp } from './orgListFilter';

export interface OrgListContext {
  typeId: string;
  ostan: string;
  all: readonly string[];
  shown: readonly string[];
  text: string;
  error: string | null;
  /** Why the last name chosen could not be opened on the map. */
  openError: string | null;
  /** The name being looked up to open on the map. */
  openingName: string | null;
}

/** A location found for a name in the list, to open on the map. */
export interface LocatedPlace {
  guid: string;
  lat: number;
  lon: number;
}

export type OrgListEvent = { type: 'KEY_UP'; text: string } | { type: 'RETRY' } | { type: 'OPEN_NAME'; name: string };

export const orgListMachine = setup({
  types: {
    context: {} as OrgListContext,
    events: {} as OrgListEvent,
    input: {} as { typeId: string; ostan: string },
    emitted: {} as { type: 'located'; place: LocatedPlace },
  },
  actors: {
    findLocation: fromPromise<LocatedPlace, { typeId: string; ostan: string; name: string }>(() => Promise.reject(new Error('findLocation actor not provided'))),
    loadNames: fromPromise<string[], { typeId: string; ostan: string }>(() => Promise.reject(new Error('loadNames actor not provided'))),
  },
}).createMachine({
  id: 'orgList',
  context: ({ input }) => ({ typeId: input.typeId, ostan: input.ostan, all: [], shown: [], text: '', error: null, openError: null, openingName: null }),
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
      initial: 'browsing',
      states: {
        browsing: {
          on: {
            OPEN_NAME: {
              target: 'opening',
              actions: assign(({ event }) => {
                assertEvent(event, 'OPEN_NAME');
                return { openError: null, openingName: event.name };
              }),
            },
          },
        },
        // Beyond the spec (names only): a chosen name is looked up so it can be opened on the map.
        opening: {
          invoke: {
            id: 'findLocation',
            src: 'findLocation',
            input: ({ context }) => ({ typeId: context.typeId, ostan: context.ostan, name: context.openingName ?? '' }),
            onDone: { target: 'browsing', actions: emit(({ event }) => ({ type: 'located' as const, place: event.output })) },
            onError: { target: 'browsing', actions: assign({ openError: ({ event }) => errorMessageOf(event) }) },
          },
        },
      },
    },
    failed: { on: { RETRY: 'loading' } },
  },
});
