/**
 * `value`, kept as the object given before while `same` says nothing changed: a value built anew on each
 * render (a list of what is drawn) then changes identity only when its content does, so the memos and effects
 * that depend on it run only then. React's way of keeping something from an earlier render: state, set while
 * rendering when it changed.
 */
import { useState } from 'react';

export function useStable<T>(value: T, same: (a: T, b: T) => boolean): T {
  const [kept, keep] = useState(value);
  if (kept === value || same(kept, value)) return kept;
  keep(value);
  return value;
}
