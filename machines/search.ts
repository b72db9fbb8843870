/**
 * Search by name: results as the visitor types, debounced; a newer query cancels the request
 * in flight (its answer is dropped); queries shorter than the minimum after folding ask nothing.
 */
import { assign, setup } from 'xstate';
import type { Place } from '../domain/places';
import type { TradeOffer } from '../domain/trades';
import { SEARCH_LIMIT, SEARCH_MIN_CHARS, type SearchResult } from '../domain/search';
import { foldText } from '../domain/text';
import type { RequestFailure } from '../domain/requestFailure';
import { failureOfEvent } from './failure';
import { toBeProvided } from './toBeProvided';

export const SEARCH_DEBOUNCE_MS = 250;

/** What a search finds: places (towns, provinces), trades taught, and locations. */
export interface SearchAnswer {
  places: Place[];
  /** Trades the shown type's locations teach whose name contains the text ("where can I learn X"). */
  trades: TradeOffer[];
  results: SearchResult[];
  /** How many locations match in all, as the server says it ("1000+" beyond its cap); null when it does not. */
  total: string | null;
}

export interface SearchContext {
  query: string;
  /** How many locations to ask for: the default, or the most after "more". */
  limit: number;
  places: Place[];
  trades: TradeOffer[];
  results: SearchResult[];
  total: string | null;
  error: RequestFailure | null;
}

export type SearchEvent =
  | { type: 'TYPED'; text: string }
  | { type: 'RETRY' }
  | { type: 'CLEAR' }
  /** Show as many matches as the server gives at once. */
  | { type: 'MORE' };

/** Whether the query is long enough to search for (the server's rule, applied before asking). */
export function isSearchable(text: string): boolean {
  return [...foldText(text)].length >= SEARCH_MIN_CHARS;
}

/** The total as a number ("1000+" counts as more than 1000). */
export const totalCount = (total: string) => Number.parseInt(total, 10) + (total.endsWith('+') ? 1 : 0);

export const searchMachine = setup({
  types: { context: {} as SearchContext, events: {} as SearchEvent },
  actors: {
    search: toBeProvided<SearchAnswer, { query: string; limit: number }>('search'),
  },
  delays: { debounce: SEARCH_DEBOUNCE_MS },
  guards: {
    searchable: ({ event }) => event.type === 'TYPED' && isSearchable(event.text),
    /** Fewer shown than match, and more can be asked for. */
    moreToShow: ({ context }) =>
      context.limit < SEARCH_LIMIT.max && context.total !== null && context.results.length < totalCount(context.total),
  },
}).createMachine({
  id: 'search',
  context: { query: '', limit: SEARCH_LIMIT.default, places: [], trades: [], results: [], total: null, error: null },
  initial: 'idle',
  on: {
    TYPED: [
      {
        guard: 'searchable',
        target: '.debouncing',
        reenter: true,
        actions: assign({ query: ({ event }) => event.text, limit: SEARCH_LIMIT.default }),
      },
      {
        target: '.idle',
        actions: assign({
          query: ({ event }) => event.text,
          places: [],
          trades: [],
          results: [],
          total: null,
          error: null,
        }),
      },
    ],
    CLEAR: {
      target: '.idle',
      actions: assign({
        query: '',
        limit: SEARCH_LIMIT.default,
        places: [],
        trades: [],
        results: [],
        total: null,
        error: null,
      }),
    },
  },
  states: {
    idle: {},
    debouncing: { after: { debounce: 'searching' } },
    searching: {
      invoke: {
        id: 'search',
        src: 'search',
        input: ({ context }) => ({ query: context.query, limit: context.limit }),
        onDone: {
          target: 'shown',
          actions: assign({
            places: ({ event }) => event.output.places,
            trades: ({ event }) => event.output.trades,
            results: ({ event }) => event.output.results,
            total: ({ event }) => event.output.total,
            error: null,
          }),
        },
        onError: { target: 'failed', actions: assign({ error: ({ event }) => failureOfEvent(event) }) },
      },
    },
    shown: {
      on: { MORE: { guard: 'moreToShow', target: 'searching', actions: assign({ limit: SEARCH_LIMIT.max }) } },
    },
    failed: { on: { RETRY: 'searching' } },
  },
});
