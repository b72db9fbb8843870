/**
 * One shape for the cards and dialogs that ask the server one question about a scope (a type, filters, a
 * distance, provinces, an area) and show the answer: the coverage, comparison, area, facets and downloads
 * machines are each this machine with their own scope.
 *
 * A change to the scope (`SCOPE_CHANGED` with the parts that changed) asks again, and the newer request
 * replaces the older (the invoked request is stopped, and its signal aborts the fetch); a change that changes
 * nothing is ignored. A scope that cannot be asked yet (fewer than two provinces, no area chosen, a closed
 * panel) waits in `waiting`. A failure is a state with a retry.
 */
import { assign, setup } from 'xstate';
import type { RequestFailure } from '../domain/requestFailure';
import { failureOfEvent } from './failure';
import { toBeProvided } from './toBeProvided';

export interface QueryContext<Scope, Answer> {
  scope: Scope;
  answer: Answer | null;
  error: RequestFailure | null;
}

export type QueryEvent<Scope> = { type: 'SCOPE_CHANGED'; scope: Partial<Scope> } | { type: 'RETRY' };

export interface QueryOptions<Scope> {
  id: string;
  /** Whether the scope can be asked about (default: always). */
  ready?: (scope: Scope) => boolean;
  /** Whether two scopes ask the same question. */
  same: (a: Scope, b: Scope) => boolean;
}

export function queryMachine<Scope extends object, Answer>({ id, ready = () => true, same }: QueryOptions<Scope>) {
  return setup({
    types: {
      context: {} as QueryContext<Scope, Answer>,
      events: {} as QueryEvent<Scope>,
      input: {} as { scope: Scope },
    },
    actors: {
      load: toBeProvided<Answer, Scope>(`${id}: load`),
    },
    guards: {
      ready: ({ context }) => ready(context.scope),
      otherScope: ({ context, event }) =>
        event.type === 'SCOPE_CHANGED' && !same(context.scope, { ...context.scope, ...event.scope }),
    },
    actions: {
      // The load actor's done event: XState's types cannot follow a generic answer through `onDone`, so the
      // action is named here and its event read as what `load` outputs.
      takeAnswer: assign(({ event }) => ({ answer: (event as unknown as { output: Answer }).output })),
    },
  }).createMachine({
    id,
    context: ({ input }) => ({ scope: input.scope, answer: null, error: null }),
    initial: 'deciding',
    on: {
      SCOPE_CHANGED: {
        guard: 'otherScope',
        target: '.deciding',
        reenter: true,
        actions: assign({ scope: ({ context, event }) => ({ ...context.scope, ...event.scope }) }),
      },
    },
    states: {
      deciding: { always: [{ guard: 'ready', target: 'loading' }, { target: 'waiting' }] },
      // The last answer is kept (a panel opened again shows it until the new one comes); views show by state.
      waiting: {},
      loading: {
        entry: assign({ error: null }),
        // XState types an invocation's input by a conditional on the input type, which TypeScript cannot settle
        // for a generic scope; the machines made from this one are typed whole (the tests drive each of them).
        invoke: {
          id: 'load',
          src: 'load',
          input: ({ context }: { context: QueryContext<Scope, Answer> }) => context.scope,
          onDone: { target: 'shown', actions: 'takeAnswer' },
          onError: { target: 'failed', actions: assign({ error: ({ event }) => failureOfEvent(event) }) },
        } as never,
      },
      shown: {},
      failed: { on: { RETRY: 'loading' } },
    },
  });
}
