/**
 * "Near me": ask the browser where the visitor is, then list the nearest locations of the
 * types the map shows (its page's type, and any others added to it). Every way this can go wrong ends in a named problem the view explains, and nothing waits
 * forever: browsers may never answer while a permission prompt is ignored, so the machine gives up itself.
 */
import { assign, setup } from 'xstate';
import { NO_FILTERS, sameFilters, type Filters } from '../domain/filters';
import type { NearestResult } from '../domain/search';
import type { RequestFailure } from '../domain/requestFailure';
import { failureOfEvent } from './failure';
import { toBeProvided } from './toBeProvided';

export interface Position {
  lat: number;
  lon: number;
  /** Metres, as the browser reports it. */
  accuracy: number;
}

export type NearMeProblem = 'denied' | 'unavailable' | 'timeout' | 'insecure' | 'unsupported' | 'failed';

/** What a locate actor rejects with, so the machine can tell the visitor why. */
export class LocateError extends Error {
  constructor(readonly problem: Exclude<NearMeProblem, 'failed'>) {
    super(problem);
  }
}

/** The browser gets this long to answer; the machine gives up a little later whatever happens. */
export const LOCATE_TIMEOUT_MS = 15_000;
export const LOCATE_GIVE_UP_MS = LOCATE_TIMEOUT_MS + 2_000;

/** Worse than this (metres), a position is a guess (often a network's, in another city): offer a town instead. */
export const COARSE_ACCURACY_M = 5_000;

/** A type and how many of its locations teach the trade asked for. */
export interface TypeCount {
  typeId: string;
  count: number;
}

/** One of the nearest, with the type it is of (the map may show several). */
export type NearbyResult = NearestResult & { TypeId: string };

export interface NearMeContext {
  /** The types shown, the page's first. */
  typeIds: readonly string[];
  /** Only the locations that pass these are listed. */
  filters: Filters;
  /** Where the nearest are measured from: the visitor's position, or a chosen place's point (accuracy 0). */
  position: Position | null;
  /** The chosen place's name; null when the position is the visitor's own. */
  origin: string | null;
  /** Only the locations teaching this trade are listed (chosen in the search); null for any. */
  trade: string | null;
  /**
   * The types a trade search spans, with how many of each teach it: chosen from a page whose type teaches nothing,
   * the trade is looked for where it is taught, not among the page's offices. Null: the types shown.
   */
  spanning: readonly TypeCount[] | null;
  /** The one spanned type the visitor narrowed the list to; null for all of them. */
  onlyType: string | null;
  results: NearbyResult[];
  problem: NearMeProblem | null;
  error: RequestFailure | null;
}

export type NearMeEvent =
  | { type: 'LOCATE' }
  | { type: 'RETRY' }
  | { type: 'CLOSE' }
  | { type: 'TYPES_CHANGED'; typeIds: readonly string[] }
  | { type: 'FILTERS_CHANGED'; filters: Filters }
  /** "I am here instead": the nearest from a place the visitor chose (a town, a province). */
  | { type: 'FROM_PLACE'; name: string; lat: number; lon: number }
  /**
   * The nearest teaching this trade, from where the nearest are measured (the visitor's position is asked first);
   * `across`: the types that teach it, when they are to be searched instead of the types shown.
   */
  | { type: 'FOR_TRADE'; trade: string; across?: readonly TypeCount[] }
  /** Narrow a trade search spanning types to one of them (null: all of them again). */
  | { type: 'ONLY_TYPE'; typeId: string | null };

/** The visitor's own position, and too rough to trust (a town should be offered instead). */
export function isCoarse(context: NearMeContext): boolean {
  return context.origin === null && context.position !== null && context.position.accuracy > COARSE_ACCURACY_M;
}

const problemOf = (event: unknown): Exclude<NearMeProblem, 'failed'> | null => {
  const error = (event as { error?: unknown }).error;
  return error instanceof LocateError ? error.problem : null;
};

/** The types the list is of: the one narrowed to, the types a trade search spans, or those shown. */
export function listedTypeIds(context: Pick<NearMeContext, 'typeIds' | 'spanning' | 'onlyType'>): readonly string[] {
  if (context.onlyType !== null) return [context.onlyType];
  return context.spanning?.map((type) => type.typeId) ?? context.typeIds;
}

/** What the nearest are asked with. */
export interface NearestQuery {
  typeIds: readonly string[];
  position: Position;
  filters: Filters;
  trade: string | null;
}

/** A trade chosen: spanning the types it names, or those shown. */
const tradeOf = ({ event }: { event: NearMeEvent }) => {
  const chosen = event as Extract<NearMeEvent, { type: 'FOR_TRADE' }>;
  return { trade: chosen.trade, spanning: chosen.across ?? null, onlyType: null };
};

/** The nearest of any trade: "near me" pressed again. */
const NO_TRADE = { trade: null, spanning: null, onlyType: null };

export const nearMeMachine = setup({
  types: {
    context: {} as NearMeContext,
    events: {} as NearMeEvent,
    input: {} as { typeIds: readonly string[]; filters?: Filters },
  },
  actors: {
    locate: toBeProvided<Position>('locate'),
    loadNearest: toBeProvided<NearbyResult[], NearestQuery>('loadNearest'),
  },
  delays: { giveUp: LOCATE_GIVE_UP_MS },
  guards: {
    otherTypes: ({ context, event }) =>
      event.type === 'TYPES_CHANGED' && event.typeIds.join() !== context.typeIds.join(),
    otherFilters: ({ context, event }) =>
      event.type === 'FILTERS_CHANGED' && !sameFilters(context.filters, event.filters),
    hasPosition: ({ context }) => context.position !== null,
    fromPlace: ({ context }) => context.origin !== null && context.position !== null,
    /** A list of a trade spanning types, to be narrowed to another of them (or widened again). */
    narrows: ({ context, event }) =>
      event.type === 'ONLY_TYPE' &&
      context.position !== null &&
      context.spanning !== null &&
      event.typeId !== context.onlyType &&
      (event.typeId === null || context.spanning.some((type) => type.typeId === event.typeId)),
  },
}).createMachine({
  id: 'nearMe',
  context: ({ input }) => ({
    typeIds: input.typeIds,
    filters: input.filters ?? NO_FILTERS,
    position: null,
    origin: null,
    trade: null,
    spanning: null,
    onlyType: null,
    results: [],
    problem: null,
    error: null,
  }),
  initial: 'idle',
  on: {
    // Kept for the next list; the states with a list in hand or coming load it again under them.
    FILTERS_CHANGED: { actions: assign({ filters: ({ event }) => event.filters }) },
    CLOSE: { target: '.idle', actions: assign({ results: [], problem: null, error: null }) },
    FOR_TRADE: [
      {
        guard: 'hasPosition',
        target: '.loading',
        reenter: true,
        actions: [assign(tradeOf), assign({ results: [], problem: null, error: null })],
      },
      { target: '.locating', reenter: true, actions: assign(tradeOf) },
    ],
    ONLY_TYPE: {
      guard: 'narrows',
      target: '.loading',
      reenter: true,
      actions: assign({
        onlyType: ({ event }) => event.typeId,
        results: [],
        problem: null,
        error: null,
      }),
    },
    FROM_PLACE: {
      target: '.loading',
      reenter: true,
      actions: assign({
        position: ({ event }) => ({ lat: event.lat, lon: event.lon, accuracy: 0 }),
        origin: ({ event }) => event.name,
        results: [],
        problem: null,
        error: null,
      }),
    },
  },
  states: {
    idle: {
      on: {
        LOCATE: { target: 'locating', actions: assign(NO_TRADE) },
        TYPES_CHANGED: { actions: assign({ typeIds: ({ event }) => event.typeIds }) },
      },
    },
    locating: {
      entry: assign({ problem: null, error: null, origin: null }),
      invoke: {
        id: 'locate',
        src: 'locate',
        onDone: { target: 'loading', actions: assign({ position: ({ event }) => event.output }) },
        onError: { target: 'failed', actions: assign({ problem: ({ event }) => problemOf(event) ?? 'unavailable' }) },
      },
      after: { giveUp: { target: 'failed', actions: assign({ problem: 'timeout' }) } },
      on: { TYPES_CHANGED: { actions: assign({ typeIds: ({ event }) => event.typeIds }) } },
    },
    loading: {
      invoke: {
        id: 'loadNearest',
        src: 'loadNearest',
        input: ({ context }) => ({
          typeIds: listedTypeIds(context),
          position: context.position!,
          filters: context.filters,
          trade: context.trade,
        }),
        onDone: { target: 'listed', actions: assign({ results: ({ event }) => event.output }) },
        onError: {
          target: 'failed',
          actions: assign({ problem: 'failed', error: ({ event }) => failureOfEvent(event) }),
        },
      },
      on: {
        TYPES_CHANGED: {
          guard: 'otherTypes',
          target: 'loading',
          reenter: true,
          actions: assign({ typeIds: ({ event }) => event.typeIds }),
        },
        FILTERS_CHANGED: {
          guard: 'otherFilters',
          target: 'loading',
          reenter: true,
          actions: assign({ filters: ({ event }) => event.filters }),
        },
      },
    },
    listed: {
      on: {
        LOCATE: { target: 'locating', actions: assign(NO_TRADE) },
        // The position is kept: the new type's nearest are listed from it without asking again.
        TYPES_CHANGED: {
          guard: 'otherTypes',
          target: 'loading',
          actions: assign({ typeIds: ({ event }) => event.typeIds, results: [] }),
        },
        // So are other filters: the list follows what the map shows.
        FILTERS_CHANGED: {
          guard: 'otherFilters',
          target: 'loading',
          actions: assign({ filters: ({ event }) => event.filters, results: [] }),
        },
      },
    },
    failed: {
      on: {
        // A chosen place is asked from again, not the visitor's position.
        RETRY: [{ guard: 'fromPlace', target: 'loading' }, { target: 'locating' }],
        LOCATE: { target: 'locating', actions: assign(NO_TRADE) },
        TYPES_CHANGED: { actions: assign({ typeIds: ({ event }) => event.typeIds }) },
      },
    },
  },
});
