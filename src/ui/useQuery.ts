/**
 * The views' side of a query machine (machines/query.ts): `useQuery` runs one with its first scope and tells
 * it when the part of the scope the view owns changes; `useQueryState` reads a running one (its own or one
 * handed down) through narrow selectors, so a view renders again only when what it shows changes.
 */
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { queryMachine } from '../../machines/query';
import { useInspect } from '../inspect/inspector';
import { useKeyed } from './useKeyed';

type QueryMachine<Scope extends object, Answer> = ReturnType<typeof queryMachine<Scope, Answer>>;
type QueryRef<Scope extends object, Answer> = ActorRefFrom<QueryMachine<Scope, Answer>>;

/** Where a query stands: asked, answered, failed, or waiting for a scope it can ask about. */
export type QueryStatus = 'waiting' | 'loading' | 'shown' | 'failed';

export function useQueryState<Scope extends object, Answer>(actor: QueryRef<Scope, Answer>) {
  const status = useSelector(actor, (snapshot) => snapshot.value as QueryStatus);
  const answer = useSelector(actor, (snapshot) => snapshot.context.answer);
  const error = useSelector(actor, (snapshot) => snapshot.context.error);
  const scope = useSelector(actor, (snapshot) => snapshot.context.scope);
  return {
    status,
    /** The last answer, kept while the next one loads (a panel that keeps its content as it updates). */
    answer,
    /** The answer of the scope in force (null while loading, failed or waiting). */
    shown: status === 'shown' ? answer : null,
    error,
    scope,
    change: (part: Partial<Scope>) => actor.send({ type: 'SCOPE_CHANGED', scope: part }),
    retry: () => actor.send({ type: 'RETRY' }),
  };
}

/**
 * Runs `machine` from `scope`, and sends it `follow` (the parts of the scope the view owns, by default all of
 * it) whenever they change; parts the machine's own controls change (a distance, an open panel) stay its own.
 */
export function useQuery<Scope extends object, Answer>(
  machine: QueryMachine<Scope, Answer>,
  scope: Scope,
  follow: Partial<Scope> = scope,
) {
  const actor = useActorRef(machine, { input: { scope }, inspect: useInspect() });
  // The view builds its scope anew on each render: told only when its content changes.
  const followed = useKeyed(follow, JSON.stringify(follow));
  useEffect(() => actor.send({ type: 'SCOPE_CHANGED', scope: followed }), [actor, followed]);
  return { ...useQueryState<Scope, Answer>(actor), actor };
}
