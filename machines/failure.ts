import { failureOf, type RequestFailure } from '../domain/requestFailure';

/**
 * Whether a failure means the staff session is gone: sign in again. A console part that fails so tells the
 * console (machines/staffConsole.ts), which goes back to sign-in; any other failure stays the part's own to show.
 */
export const sessionGone = (failure: RequestFailure | null) => failure?.kind === 'http' && failure.status === 401;

/** The failure an invoked actor rejected with (actor error events carry it as `error`). */
export function failureOfEvent(event: unknown): RequestFailure {
  return failureOf((event as { error?: unknown }).error);
}
