/**
 * What a view reads of a machine, narrowly: its context and its state, so the view renders again only when one of
 * them changes (not on every snapshot, such as a child's or a status's). A state that is an object compares by what
 * it says, not by identity; `matches` tests it as the snapshot's own would.
 */
import { useSelector } from '@xstate/react';
import { useCallback } from 'react';
import { matchesState, type AnyActorRef, type AnyMachineSnapshot, type StateValue } from 'xstate';

type MachineActor<TSnapshot extends AnyMachineSnapshot> = Pick<AnyActorRef, 'subscribe'> & {
  getSnapshot(): TSnapshot;
};

const sameState = (a: StateValue, b: StateValue) => a === b || JSON.stringify(a) === JSON.stringify(b);

export function useMachineView<TSnapshot extends AnyMachineSnapshot>(actor: MachineActor<TSnapshot>) {
  const context = useSelector(actor, (s) => s.context as TSnapshot['context']);
  const value = useSelector(actor, (s) => s.value, sameState);
  const matches = useCallback(
    (state: Parameters<TSnapshot['matches']>[0]) => matchesState(state as StateValue, value),
    [value],
  );
  return { context, value: value as TSnapshot['value'], matches };
}

/** What `useMachineView` gives a view, for a view that hands it on (a card of the statistics tab). */
export type MachineView<TSnapshot extends AnyMachineSnapshot> = ReturnType<typeof useMachineView<TSnapshot>>;
