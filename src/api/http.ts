/**
 * The one place that speaks HTTP. Relative to a base address (VITE_API_BASE, default /api) so the same
 * client can talk to our server or the real gateway. Non-GET/HEAD requests carry the XSRF token read
 * from the XSRF-TOKEN cookie, as the gateway's own client does. Failures become an ApiRequestError: a typed
 * failure (kind, status, the server's code) in no language; views word it with src/i18n.
 */
import { DATASET_VERSION_HEADER, MIN_VERSION_HEADER, XSRF_COOKIE, XSRF_HEADER } from '../../domain/http';
import type { FailureKind, RequestFailure } from '../../domain/requestFailure';
import { noteAnswer } from './connectivity';
import { keepOwnCopy, keepsOwnCopies } from './firstVisitCopies';
import { noteServerVersion, pageAnswer } from './pageAnswers';
import { StringListReader } from './stringListReader';

export const API_BASE = (import.meta.env.VITE_API_BASE as string | undefined) ?? '/api';
export const TIMEOUT_MS = 20_000;

export class ApiRequestError extends Error implements RequestFailure {
  constructor(
    readonly kind: FailureKind,
    readonly status: number | null = null,
    readonly code: string | null = null,
    /** Seconds the server said to wait before asking again (Retry-After in seconds), when it said. */
    readonly retryAfterS: number | null = null,
  ) {
    // For logs and consoles only: what a person reads is worded from kind, status and code.
    super([kind, status, code].filter((part) => part !== null).join(' '));
    this.name = 'ApiRequestError';
  }
}

/** A Retry-After given in seconds, as this server gives it (a date, or nothing, is no number). */
export function retryAfterOf(header: string | null): number | null {
  return header !== null && /^\d+$/.test(header.trim()) ? Number(header) : null;
}

/** The server's own name for a refusal: `{error}` in the body of a 4xx or 5xx answer, when it is JSON. */
async function codeOf(response: Response): Promise<string | null> {
  try {
    const body = (await response.json()) as { error?: unknown };
    return typeof body.error === 'string' ? body.error : null;
  } catch {
    return null;
  }
}

function readCookie(name: string): string | null {
  const match = document.cookie.split('; ').find((c) => c.startsWith(`${name}=`));
  return match ? decodeURIComponent(match.slice(name.length + 1)) : null;
}

export type Method = 'GET' | 'POST' | 'DELETE';

export interface RequestOptions {
  method?: Method;
  body?: unknown;
  signal?: AbortSignal;
}

export interface JsonResponse<T> {
  data: T;
  headers: Headers;
}

/** The newest dataset version this page has been answered from: never shown an older one after it. */
let seenVersion = 0;

/** Notes the version an answer says it was made from (its X-Dataset-Version; null when it says none). */
export function noteSeenVersion(said: string | null): void {
  const version = Number(said);
  if (said !== null && Number.isSafeInteger(version) && version > seenVersion) seenVersion = version;
}

/** The newest dataset version seen (0 before any answer said one). */
export const seenDatasetVersion = (): number => seenVersion;

/**
 * The headers of a request: what it accepts, the newest dataset version seen (a server behind it answers 503
 * and a balancer asks another), and for a write its body type and the XSRF token.
 */
export function requestHeaders(method: Method, accept = 'application/json'): Headers {
  const headers = new Headers({ accept });
  if (seenVersion > 0) headers.set(MIN_VERSION_HEADER, String(seenVersion));
  if (method !== 'GET') {
    headers.set('content-type', 'application/json');
    const token = readCookie(XSRF_COOKIE);
    if (token) headers.set(XSRF_HEADER, token);
  }
  return headers;
}

/** Aborts a request after TIMEOUT_MS without progress: waiting for the answer, or between pieces of a long one. */
class Deadline {
  private readonly controller = new AbortController();
  private handle: ReturnType<typeof setTimeout> | undefined;
  readonly signal = this.controller.signal;

  constructor() {
    this.restart();
  }

  restart(): void {
    clearTimeout(this.handle);
    this.handle = setTimeout(() => this.controller.abort(), TIMEOUT_MS);
  }

  stop(): void {
    clearTimeout(this.handle);
  }
}

interface Sent {
  response: Response;
  deadline: Deadline;
  /** What went wrong while sending or reading: aborted by the caller, out of time, or the network. */
  failure(error: unknown): ApiRequestError;
}

/** Sends a request; a failure to reach the server or a non-2xx answer becomes an ApiRequestError. */
async function send(path: string, options: RequestOptions): Promise<Sent> {
  const method = options.method ?? 'GET';
  const deadline = new Deadline();
  const signal = options.signal ? AbortSignal.any([options.signal, deadline.signal]) : deadline.signal;
  const failure = (error: unknown): ApiRequestError => {
    deadline.stop();
    if (error instanceof ApiRequestError) return error;
    if (options.signal?.aborted) return new ApiRequestError('aborted');
    if (deadline.signal.aborted) return new ApiRequestError('timeout');
    return new ApiRequestError('network');
  };
  let response: Response;
  const headers = requestHeaders(method);
  // A write without a body says no body type (a JSON type with nothing after it is a malformed request).
  if (options.body === undefined) headers.delete('content-type');
  const init: RequestInit = {
    method,
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
    credentials: 'same-origin',
  };
  try {
    const fromPage = method === 'GET' ? pageAnswer(path) : null;
    response = fromPage ?? (await fetch(`${API_BASE}/${path}`, { ...init, signal }));
    if (!fromPage) noteServerVersion(response);
  } catch (error) {
    throw failure(error);
  }
  noteAnswer(response);
  noteSeenVersion(response.headers.get(DATASET_VERSION_HEADER));
  if (keepsOwnCopies()) keepOwnCopy(new Request(new URL(`${API_BASE}/${path}`, window.location.href), init), response);
  if (!response.ok)
    throw failure(
      new ApiRequestError(
        'http',
        response.status,
        await codeOf(response),
        retryAfterOf(response.headers.get('retry-after')),
      ),
    );
  return { response, deadline, failure };
}

export async function requestJson<T>(path: string, options: RequestOptions = {}): Promise<JsonResponse<T>> {
  const { response, deadline, failure } = await send(path, options);
  let text: string;
  try {
    text = await response.text();
  } catch (error) {
    throw failure(error);
  }
  deadline.stop();
  try {
    return { data: JSON.parse(text) as T, headers: response.headers };
  } catch {
    throw new ApiRequestError('malformed', response.status);
  }
}

/**
 * A JSON array of strings read as it arrives: `onStrings` gets each run of elements completed so far, in
 * order, so the first can be shown while the rest downloads (a long list on a slow link). The time limit
 * counts from the last piece received, so a long list that keeps arriving is not cut off.
 */
export async function requestStringList(
  path: string,
  onStrings: (strings: string[]) => void,
  options: RequestOptions = {},
): Promise<void> {
  const { response, deadline, failure } = await send(path, options);
  const reader = new StringListReader();
  let given = 0;
  let workSince = performance.now();
  const chunks = (response.body ?? new Response('').body!).pipeThrough(new TextDecoderStream()).getReader();
  for (;;) {
    let chunk: ReadableStreamReadResult<string>;
    try {
      chunk = await chunks.read();
    } catch (error) {
      throw failure(error);
    }
    deadline.restart();
    let strings: string[];
    try {
      strings = chunk.done ? reader.end() : reader.push(chunk.value);
    } catch {
      deadline.stop();
      void chunks.cancel().catch(() => undefined);
      throw new ApiRequestError('malformed', response.status);
    }
    if (strings.length > 0) onStrings(strings);
    if (chunk.done) {
      deadline.stop();
      return;
    }
    // Pieces already downloaded are read back to back: the page is given a turn to draw the first names
    // at once, and then every slice of work, or nothing would show before the end.
    const first = given === 0 && strings.length > 0;
    given += strings.length;
    if (first || performance.now() - workSince > WORK_SLICE_MS) {
      await yieldToPage();
      workSince = performance.now();
    }
  }
}

/** How long reading a list keeps the page before letting it draw and answer input. */
const WORK_SLICE_MS = 50;

function yieldToPage(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/** A write whose answer has no body worth reading (204): it went through, or it throws. */
export async function requestDone(path: string, options: RequestOptions = {}): Promise<void> {
  const { response, deadline } = await send(path, options);
  deadline.stop();
  await response.body?.cancel().catch(() => undefined);
}

/** A file the server makes (CSV, GeoJSON), whole, to be saved. */
export async function requestBlob(path: string, options: RequestOptions = {}): Promise<Blob> {
  const { response, deadline, failure } = await send(path, options);
  try {
    const blob = await response.blob();
    deadline.stop();
    return blob;
  } catch (error) {
    throw failure(error);
  }
}
