/**
 * React.lazy keeps a failed import forever. A part loaded this way gets a fresh import on each retry,
 * so once the server is back (or the page reloaded) the part loads without reloading everything else.
 */
import { lazy, useCallback, useMemo, useState, type ComponentType } from 'react';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- React.lazy's own constraint: any component props
export function useRetriableLazy<C extends ComponentType<any>>(load: () => Promise<{ default: C }>): [C, () => void] {
  const [attempt, setAttempt] = useState(0);
  // A new lazy part per attempt, and only then: the loader is a new function on every render.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const Component = useMemo(() => lazy(load), [attempt]);
  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  return [Component as unknown as C, retry];
}
