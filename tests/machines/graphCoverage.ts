/** Helpers for graph tests: every leaf state of a machine must be reachable by the given events. */
import type { AnyStateMachine, AnyStateNode } from 'xstate';

export function leafStateIds(machine: AnyStateMachine): string[] {
  const leaves: string[] = [];
  const visit = (node: AnyStateNode) => {
    const children = Object.values(node.states) as AnyStateNode[];
    if (children.length === 0) leaves.push(node.id);
    children.forEach(visit);
  };
  visit(machine.root);
  return leaves.sort();
}

export function activeLeafIds(snapshot: { _nodes: AnyStateNode[] }): string[] {
  return snapshot._nodes.filter((n) => Object.keys(n.states).length === 0).map((n) => n.id);
}
