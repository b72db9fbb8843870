import { withParams } from './deepLink';

/**
 * Parameters whose changes outlive the dialog they were made in: a what-if plan changed from a location's detail
 * is written on the dialog's history step, which closing the dialog pops (backStep.ts); the entry it returns to
 * is given their latest values again. Each module that owns such a parameter says so once (`outlivesDialogs`).
 */
const outliving = new Map<string, string | null>();

export function outlivesDialogs(param: string): void {
  outliving.set(param, null);
}

/** As a dialog's step opens: the parameters that outlive it start from what the address holds. */
export function noteOutliving(): void {
  const now = new URLSearchParams(window.location.search);
  for (const key of outliving.keys()) outliving.set(key, now.get(key));
}

/** Updates query parameters in place (no new history entry); wouter hears replaceState and re-renders. */
export function replaceParams(patch: Record<string, string | null>): void {
  for (const [key, value] of Object.entries(patch)) if (outliving.has(key)) outliving.set(key, value);
  const search = withParams(window.location.search, patch);
  if (search === window.location.search) return;
  window.history.replaceState(window.history.state, '', `${window.location.pathname}${search}${window.location.hash}`);
}

/** After a dialog's step is popped: the parameters that outlive it, as they were last written. */
export function keepOutliving(): void {
  const now = new URLSearchParams(window.location.search);
  const patch = Object.fromEntries([...outliving].filter(([key, value]) => now.get(key) !== value));
  if (Object.keys(patch).length > 0) replaceParams(patch);
}
