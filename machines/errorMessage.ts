/** The message of whatever an invoked actor rejected with (actor error events carry it as `error`). */
export function errorMessageOf(event: unknown): string {
  const error = (event as { error?: unknown }).error;
  return error instanceof Error ? error.message : String(error);
}
