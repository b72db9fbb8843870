import { withParams } from './deepLink';

/** Updates query parameters in place (no new history entry); wouter hears replaceState and re-renders. */
export function replaceParams(patch: Record<string, string | null>): void {
  const search = withParams(window.location.search, patch);
  if (search === window.location.search) return;
  window.history.replaceState(window.history.state, '', `${window.location.pathname}${search}${window.location.hash}`);
}
