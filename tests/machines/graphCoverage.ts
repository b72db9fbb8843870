/** Helpers for graph tests: every leaf state of a machine must be reachable by the given events. */
import type { AnyStateMachine, StateNode } from 'xstate';

export function leafStateIds(machine: AnyStateMachine): string[] {
  const leaves: string[] = [];
  const visit = (node: StateNode<any, any>) => { // eslint-disable-line @typescript-eslint/no-explicit-any -- StateNode's generics are irrelevant here
    const children = Object.values(node.states) as StateNode<any, any>[]; // eslint-disable-line @typescript-eslint/no-explicit-any
    if (children.length === 0) leaves.push(node.id);
    children.forEach(visit);
  };
  visit(machine.root);
  return leaves.sort();
}

export function activeLeafIds(snapshot: { _nodes: StateNode<any, any>[] }): string[] { // eslint-disable-line @typescript-eslint/no-explicit-any
  return snapshot._nodes.filter((n) => Object.keys(n.states).length === 0).map((n) => n.id);
}
