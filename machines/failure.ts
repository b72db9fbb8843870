import { failureOf, type RequestFailure } from '../domain/requestFailure';

/** The failure an invoked actor rejected with (actor error events carry it as `error`). */
export function failureOfEvent(event: unknown): RequestFailure {
  return failureOf((event as { error?: unknown }).error);
}
