/**
 * What went wrong with a request, in no language: the API layer reports it, machines keep it, and views
 * word it (src/i18n). `code` is the server's own name for the refusal (`{error}` of a 4xx/5xx answer), when
 * it gave one.
 */
export type FailureKind = 'network' | 'timeout' | 'http' | 'malformed' | 'aborted' | 'unexpected';

export interface RequestFailure {
  kind: FailureKind;
  /** The HTTP status of an answer that was an error (kind "http"), or of one that could not be read. */
  status: number | null;
  code: string | null;
  /** Seconds the server said to wait before asking again (its Retry-After), when it said. */
  retryAfterS?: number | null;
}

/** A name from a list that the search then could not place on the map (found by name, not by id). */
export const NOT_ON_MAP = 'not_on_map';

const KINDS: readonly string[] = ['network', 'timeout', 'http', 'malformed', 'aborted', 'unexpected'];

export function requestFailure(
  kind: FailureKind,
  status: number | null = null,
  code: string | null = null,
): RequestFailure {
  return { kind, status, code };
}

/** Whatever was thrown, as a failure: a request's own (any object carrying a known kind), or "unexpected". */
export function failureOf(thrown: unknown): RequestFailure {
  const candidate = thrown as Partial<RequestFailure> | null;
  if (
    typeof candidate === 'object' &&
    candidate !== null &&
    typeof candidate.kind === 'string' &&
    KINDS.includes(candidate.kind)
  ) {
    return {
      ...requestFailure(
        candidate.kind,
        typeof candidate.status === 'number' ? candidate.status : null,
        typeof candidate.code === 'string' ? candidate.code : null,
      ),
      ...(typeof candidate.retryAfterS === 'number' ? { retryAfterS: candidate.retryAfterS } : {}),
    };
  }
  return requestFailure('unexpected');
}
