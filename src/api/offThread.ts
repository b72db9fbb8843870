/**
 * The main thread's side of the API worker (src/api/apiWorker.ts): one long-lived worker, started on first
 * use; each call is answered, failed as src/api/http.ts fails a request, or cancelled by its signal.
 */
import type { PointSet } from '../../domain/pointsWire';
import { fa } from '../i18n/fa';
import { ApiRequestError, messageForStatus } from './http';
import type { ApiWorkerAnswer, ApiWorkerFailure, ApiWorkerRequest } from './apiWorkerProtocol';

type Call = Exclude<ApiWorkerRequest, { kind: 'cancel' }>;

let worker: Worker | null = null;
let nextId = 1;
const waiting = new Map<number, { resolve(result: PointSet): void; reject(error: Error): void }>();

function errorOf(failure: ApiWorkerFailure): ApiRequestError {
  if (failure.kind === 'aborted') return new ApiRequestError('aborted', 'aborted');
  if (failure.kind === 'timeout') return new ApiRequestError(fa.errors.timeout, 'timeout');
  if (failure.kind === 'network') return new ApiRequestError(fa.errors.network, 'network');
  return new ApiRequestError(failure.status ? messageForStatus(failure.status) : fa.errors.server, 'http', failure.status);
}

function apiWorker(): Worker {
  if (worker) return worker;
  const started = new Worker(new URL('./apiWorker.ts', import.meta.url), { type: 'module', name: 'makan-api' });
  started.addEventListener('message', (event: MessageEvent<ApiWorkerAnswer>) => {
    const pending = waiting.get(event.data.id);
    if (!pending) return;
    waiting.delete(event.data.id);
    if ('failure' in event.data) pending.reject(errorOf(event.data.failure));
    else pending.resolve(event.data.points);
  });
  // A worker that fails to start or dies fails what it had; the next call starts a new one.
  started.addEventListener('error', () => {
    for (const pending of waiting.values()) pending.reject(new ApiRequestError(fa.errors.network, 'network'));
    waiting.clear();
    started.terminate();
    if (worker === started) worker = null;
  });
  worker = started;
  return started;
}

function post(request: ApiWorkerRequest): number {
  const id = nextId++;
  apiWorker().postMessage({ id, request });
  return id;
}

/** Runs `request` in the worker; the signal cancels it there. */
export function callOffThread(request: Call, signal?: AbortSignal): Promise<PointSet> {
  if (signal?.aborted) return Promise.reject(new ApiRequestError('aborted', 'aborted'));
  return new Promise<PointSet>((resolve, reject) => {
    const id = post(request);
    waiting.set(id, { resolve, reject });
    signal?.addEventListener('abort', () => {
      if (!waiting.delete(id)) return;
      post({ kind: 'cancel', target: id });
      reject(new ApiRequestError('aborted', 'aborted'));
    });
  });
}
