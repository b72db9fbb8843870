/**
 * Back closes what is open before it leaves the view. A dialog, sheet or drawer takes one history step when it
 * opens (the same address, a marker in history.state); the system Back pops that step and closes it, and closing
 * it by hand pops the step too, so the history keeps no dead entries. A tab switch is a step of its own
 * (pushParams); camera moves stay replaced (replaceParams).
 */
import { useEffect, useEffectEvent } from 'react';
import { withParams } from './deepLink';
import { keepOutliving, noteOutliving } from './history';

const STEP_KEY = 'makanStep';
let lastStep = 0;

function stepOnTop(): number {
  const state: unknown = window.history.state;
  const step = state !== null && typeof state === 'object' ? (state as Record<string, unknown>)[STEP_KEY] : undefined;
  return typeof step === 'number' ? step : 0;
}

/** While `open`, the history holds a step for it; Back closes it (calls `close`) instead of leaving the view. */
export function useBackStep(open: boolean, close: () => void): void {
  const closeNow = useEffectEvent(close);
  useEffect(() => {
    if (!open) return;
    noteOutliving();
    const step = ++lastStep;
    window.history.pushState(
      { ...(window.history.state as object | null), [STEP_KEY]: step },
      '',
      window.location.href,
    );
    // A pop to an entry below this step (a nested step above it closing leaves it on top) closes it.
    const onPop = () => {
      if (stepOnTop() < step) {
        closeNow();
        keepOutliving();
      }
    };
    window.addEventListener('popstate', onPop);
    return () => {
      window.removeEventListener('popstate', onPop);
      // Closed by hand: pop its step, unless something else took the top meanwhile (a link followed from a drawer,
      // another step opened in the same commit, React's development re-run of effects), where popping would undo
      // that instead. A microtask, not a timer: the pop is under way before the key or click that closed it has
      // finished, so a Back pressed right after is a step of its own.
      queueMicrotask(() => {
        if (stepOnTop() !== step) return;
        window.addEventListener('popstate', keepOutliving, { once: true });
        window.history.back();
      });
    };
  }, [open]);
}

/**
 * The open step's entry becomes an ordinary one: what the visitor chose in the dialog (a location to see on the
 * map) takes the dialog's place in the history, rather than the step being popped on close, which would race
 * the view it leads to.
 */
export function keepStepEntry(): void {
  if (stepOnTop() === 0) return;
  const rest = { ...(window.history.state as Record<string, unknown>) };
  delete rest[STEP_KEY];
  window.history.replaceState(Object.keys(rest).length > 0 ? rest : null, '', window.location.href);
}

/** A new history entry with these query parameters changed: a step Back returns from (a tab switch). */
export function pushParams(patch: Record<string, string | null>): void {
  const search = withParams(window.location.search, patch);
  if (search === window.location.search) return;
  window.history.pushState(null, '', `${window.location.pathname}${search}${window.location.hash}`);
}
