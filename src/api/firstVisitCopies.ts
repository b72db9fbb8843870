/**
 * The first visit's own copies: until the service worker controls the page (it installs once the first view has
 * drawn), the page keeps its API answers where the worker looks for them (sw/copies.ts), so the view just seen
 * opens offline on the next visit instead of saying it was never seen.
 */
import { keepCopy } from '../../sw/copies';

/** Whether the page keeps its own copies now: a worker may serve it later, and none serves it yet. */
export function keepsOwnCopies(): boolean {
  return (
    typeof navigator !== 'undefined' &&
    'serviceWorker' in navigator &&
    navigator.serviceWorker.controller === null &&
    typeof caches !== 'undefined'
  );
}

/** Keeps a copy of this answer (its body is cloned first, so the caller still reads it); a failure is only a lost copy. */
export function keepOwnCopy(request: Request, response: Response): void {
  if (!response.ok) return;
  void keepCopy(request, response.clone()).catch(() => undefined);
}
