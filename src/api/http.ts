/**
 * The one place that speaks HTTP. Relative to a base address (VITE_API_BASE, default /api) so the same
 * client can talk to our server or the real gateway. Non-GET/HEAD requests carry the XSRF token read
 * from the XSRF-TOKEN cookie (spec §7). Failures become ApiRequestError with a Persian message.
 */
import { XSRF_COOKIE, XSRF_HEADER } from '../../domain/http';
import { fa } from '../i18n/fa';

export const API_BASE = (import.meta.env.VITE_API_BASE as string | undefined) ?? '/api';
export const TIMEOUT_MS = 20_000;

export type ApiFailureKind = 'network' | 'timeout' | 'http' | 'aborted';

export class ApiRequestError extends Error {
  constructor(
    message: string,
    readonly kind: ApiFailureKind,
    readonly status: number | null = null,
  ) {
    super(message);
    this.name = 'ApiRequestError';
  }
}

export function messageForStatus(status: number): string {
  if (status === 404) return fa.errors.notFound;
  if (status === 429) return fa.errors.rateLimited;
  if (status === 409) return fa.errors.dataChanged;
  if (status === 403) return fa.errors.forbidden;
  if (status >= 400 && status < 500) return fa.errors.badRequest;
  return fa.errors.server;
}

function readCookie(name: string): string | null {
  const match = document.cookie.split('; ').find((c) => c.startsWith(`${name}=`));
  return match ? decodeURIComponent(match.slice(name.length + 1)) : null;
}

export interface RequestOptions {
  method?: 'GET' | 'POST';
  body?: unknown;
  signal?: AbortSignal;
}

export interface JsonResponse<T> {
  data: T;
  headers: Headers;
}

/** The headers of a request: what it accepts, and for a write its body type and the XSRF token (spec §7). */
export function requestHeaders(method: 'GET' | 'POST', accept = 'application/json'): Headers {
  const headers = new Headers({ accept });
  if (method !== 'GET') {
    headers.set('content-type', 'application/json');
    const token = readCookie(XSRF_COOKIE);
    if (token) headers.set(XSRF_HEADER, token);
  }
  return headers;
}

export async function requestJson<T>(path: string, options: RequestOptions = {}): Promise<JsonResponse<T>> {
  const method = options.method ?? 'GET';
  const headers = requestHeaders(method);
  const timeout = AbortSignal.timeout(TIMEOUT_MS);
  const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
  let response: Response;
  try {
    response = await fetch(`${API_BASE}/${path}`, {
      method,
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal,
      credentials: 'same-origin',
    });
  } catch {
    if (options.signal?.aborted) throw new ApiRequestError('aborted', 'aborted');
    if (timeout.aborted) throw new ApiRequestError(fa.errors.timeout, 'timeout');
    throw new ApiRequestError(fa.errors.network, 'network', null);
  }
  if (!response.ok) throw new ApiRequestError(messageForStatus(response.status), 'http', response.status);
  try {
    return { data: (await response.json()) as T, headers: response.headers };
  } catch {
    throw new ApiRequestError(fa.errors.server, 'http', response.status);
  }
}
