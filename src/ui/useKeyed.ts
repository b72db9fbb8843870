/**
 * `value`, kept as the same object while `key` stays the same: a value parsed anew on each render (from the
 * address, say) then changes identity only when it changes, so effects that depend on it run only then.
 */
import { useMemo } from 'react';

export function useKeyed<T>(value: T, key: string): T {
  // Keyed on purpose: the value is new on every render, and equal whenever its key is.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  return useMemo(() => value, [key]);
}
