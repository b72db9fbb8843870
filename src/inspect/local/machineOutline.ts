/**
 * A machine's states and transitions, read from its definition: each state with its kind, its initial child and
 * the events it answers (with the guard and the states they lead to), children nested under their parent. The
 * inspector draws this as a tree and marks the states an actor is in.
 */
import type { AnyStateMachine, AnyStateNode } from 'xstate';

export interface TransitionOutline {
  event: string;
  /** The states it leads to, by their path from the machine ("loading", "open.shown"); none for a self-action. */
  targets: string[];
  guard: string | null;
}

export interface StateOutline {
  /** Its path from the machine, dot-separated ("" for the machine itself). */
  path: string;
  key: string;
  kind: 'atomic' | 'compound' | 'parallel' | 'final' | 'history';
  initial: string | null;
  transitions: TransitionOutline[];
  /** What it runs while it is active (invoked actors' sources). */
  invokes: string[];
  children: StateOutline[];
}

const pathOf = (node: AnyStateNode) => node.path.join('.');

function guardName(guard: unknown): string | null {
  if (guard === undefined || guard === null) return null;
  if (typeof guard === 'string') return guard;
  if (typeof guard === 'object' && 'type' in guard && typeof guard.type === 'string') return guard.type;
  return 'guarded';
}

function outlineOf(node: AnyStateNode): StateOutline {
  const transitions: TransitionOutline[] = [];
  for (const [event, list] of node.transitions)
    for (const transition of list)
      transitions.push({
        event,
        targets: (transition.target ?? []).map(pathOf),
        guard: guardName(transition.guard),
      });
  for (const transition of node.always ?? [])
    transitions.push({
      event: '(always)',
      targets: (transition.target ?? []).map(pathOf),
      guard: guardName(transition.guard),
    });
  const initial = node.initial?.target?.[0];
  return {
    path: pathOf(node),
    key: node.key,
    kind: node.type,
    initial: initial ? initial.key : null,
    transitions,
    invokes: node.invoke.map((invoke) => (typeof invoke.src === 'string' ? invoke.src : invoke.id)),
    children: Object.values(node.states).map((child) => outlineOf(child as AnyStateNode)),
  };
}

export function machineOutline(machine: AnyStateMachine): StateOutline {
  return outlineOf(machine.root);
}

/** The paths of the states a snapshot's value says the actor is in ("loading", "open", "open.shown", ...). */
export function activePaths(value: unknown, prefix = ''): string[] {
  if (typeof value === 'string') return [prefix ? `${prefix}.${value}` : value];
  if (typeof value !== 'object' || value === null) return [];
  return Object.entries(value).flatMap(([key, child]) => {
    const path = prefix ? `${prefix}.${key}` : key;
    return [path, ...activePaths(child, path)];
  });
}
