/**
 * Whether the visitor asked for less motion (the system's "reduce motion"). The map honours it itself (its
 * flights are not essential, so MapLibre jumps instead); charts draw at once rather than growing into place.
 * Read at once, not after the first paint, so a chart never starts an animation it then drops.
 */
import { useReducedMotion } from '@mantine/hooks';

export function useLessMotion(): boolean {
  return useReducedMotion(false, { getInitialValueInEffect: false });
}
