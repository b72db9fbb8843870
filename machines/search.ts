/**
 * Search by name: results as the visitor types, debounced; a newer query cancels the request
 * in flight (its answer is dropped); queries shorter than the minimum after folding ask nothing.
 */
import { assign, fromPromise, setup } from 'xstate';
import type { Place } from '../domain/places';
import { SEARCH_MIN_CHARS, type SearchResult } from '../domain/search';
import { foldText } from '../domain/text';
import type { RequestFailure } from '../domain/requestFailure';
import { failureOfEvent } from './failure';

export const SEARCH_DEBOUNCE_MS = 250;

/** What a search finds: places (towns, provinces) and locations. */
export interface SearchAnswer {
  places: Place[];
  results: SearchResult[];
}

export interface SearchContext {
  query: string;
  places: Place[];
  results: SearchResult[];
  error: RequestFailure | null;
}

export type SearchEvent = { type: 'TYPED'; text: string } | { type: 'RETRY' } | { type: 'CLEAR' };

/** Whether the query is long enough to search for (the server's rule, applied before asking). */
export function isSearchable(text: string): boolean {
  return [...foldText(text)].length >= SEARCH_MIN_CHARS;
}

export const searchMachine = setup({
  types: { context: {} as SearchContext, events: {} as SearchEvent },
  actors: {
    search: fromPromise<SearchAnswer, { query: string }>(() => Promise.reject(new Error('search actor not provided'))),
  },
  delays: { debounce: SEARCH_DEBOUNCE_MS },
  guards: {
    searchable: ({ event }) => event.type === 'TYPED' && isSearchable(event.text),
  },
}).createMachine({
  id: 'search',
  context: { query: '', places: [], results: [], error: null },
  initial: 'idle',
  on: {
    TYPED: [
      {
        guard: 'searchable',
        target: '.debouncing',
        reenter: true,
        actions: assign({ query: ({ event }) => event.text }),
      },
      {
        target: '.idle',
        actions: assign({ query: ({ event }) => event.text, places: [], results: [], error: null }),
      },
    ],
    CLEAR: { target: '.idle', actions: assign({ query: '', places: [], results: [], error: null }) },
  },
  states: {
    idle: {},
    debouncing: { after: { debounce: 'searching' } },
    searching: {
      invoke: {
        id: 'search',
        src: 'search',
        input: ({ context }) => ({ query: context.query }),
        onDone: {
          target: 'shown',
          actions: assign({
            places: ({ event }) => event.output.places,
            results: ({ event }) => event.output.results,
            error: null,
          }),
        },
        onError: { target: 'failed', actions: assign({ error: ({ event }) => failureOfEvent(event) }) },
      },
    },
    shown: {},
    failed: { on: { RETRY: 'searching' } },
  },
});
