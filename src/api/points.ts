/**
 * The map's points as typed arrays (domain/pointsWire.ts). A viewport load is fetched and decoded by a
 * worker, in Makan's compact form from our server (every location in view) or JSON from the gateway;
 * names and Guids come on demand, from the labels call or from the JSON already held.
 */
import type { ViewportBounds } from '../../domain/wire/requests';
import { LABELS_MAX, POINTS_MEDIA_TYPE, type PointLabel, type PointSet } from '../../domain/pointsWire';
import type { LabelsRequest } from '../../domain/wire/requests';
import type { Filters } from '../../domain/filters';
import { filterSuffix } from '../../domain/callPaths';
import { noteSource } from './connectivity';
import { API_BASE, ApiRequestError, noteSeenVersion, requestHeaders, requestJson, TIMEOUT_MS } from './http';
import type { PointsFailure, PointsWorkerAnswer, PointsWorkerRequest } from './pointsWorkerProtocol';
import { keepsOwnCopies } from './firstVisitCopies';

const segment = encodeURIComponent;

let worker: Worker | null = null;
let nextId = 1;
const waiting = new Map<number, { resolve(points: PointSet): void; reject(error: Error): void }>();

const errorOf = (failure: PointsFailure) => new ApiRequestError(failure.kind, failure.status, failure.code);

function pointsWorker(): Worker {
  if (worker) return worker;
  const started = new Worker(new URL('./pointsWorker.ts', import.meta.url), { type: 'module', name: 'makan-points' });
  started.addEventListener('message', (event: MessageEvent<PointsWorkerAnswer>) => {
    const pending = waiting.get(event.data.id);
    if (!pending) return;
    waiting.delete(event.data.id);
    noteSource(event.data.fromCopy ? 'copy' : 'server');
    noteSeenVersion(event.data.version);
    if ('points' in event.data) pending.resolve(event.data.points);
    else pending.reject(errorOf(event.data.failure));
  });
  // A worker that fails to start or dies fails what it had; the next load starts a new one.
  started.addEventListener('error', () => {
    for (const pending of waiting.values()) pending.reject(new ApiRequestError('network'));
    waiting.clear();
    started.terminate();
    if (worker === started) worker = null;
  });
  worker = started;
  return started;
}

function post(request: PointsWorkerRequest): number {
  const id = nextId++;
  pointsWorker().postMessage({ id, request });
  return id;
}

/** Every location of the type in view: all of them from our server, the gateway's capped JSON otherwise. */
export function fetchPointsInView(
  typeId: string,
  bounds: ViewportBounds,
  filters: Filters,
  signal?: AbortSignal,
): Promise<PointSet> {
  return loadInWorker(
    'POST',
    `Map/LazyLoad/${segment(typeId)}${filterSuffix(filters)}`,
    JSON.stringify(bounds),
    signal,
  );
}

/**
 * Every location of a fixed type (a few hundred at most). Our server answers the compact form, whose ids the
 * labels call names with whom each admits; the gateway's JSON, with its names, is still understood.
 */
export function fetchAllPoints(typeId: string, filters: Filters, signal?: AbortSignal): Promise<PointSet> {
  return loadInWorker('GET', `Map/BindByOrglocationTypeID/${segment(typeId)}${filterSuffix(filters)}`, null, signal);
}

function loadInWorker(
  method: 'GET' | 'POST',
  path: string,
  body: string | null,
  signal: AbortSignal | undefined,
): Promise<PointSet> {
  if (signal?.aborted) return Promise.reject(new ApiRequestError('aborted'));
  const url = new URL(`${API_BASE}/${path}`, window.location.href).href;
  // Our compact form first; JSON is what the gateway answers, and is still understood.
  const headers = [...requestHeaders(method, `${POINTS_MEDIA_TYPE}, application/json;q=0.5`).entries()];
  return new Promise<PointSet>((resolve, reject) => {
    const id = post({ kind: 'load', url, method, headers, body, timeoutMs: TIMEOUT_MS, keepCopy: keepsOwnCopies() });
    waiting.set(id, { resolve, reject });
    signal?.addEventListener('abort', () => {
      if (!waiting.delete(id)) return;
      post({ kind: 'cancel', target: id });
      reject(new ApiRequestError('aborted'));
    });
  });
}

/** Names, Guids and exact positions of points `indexes` (positions in `points`), in that order. */
export async function fetchPointLabels(
  typeId: string,
  points: PointSet,
  indexes: readonly number[],
  signal?: AbortSignal,
): Promise<PointLabel[]> {
  const local = points.labels;
  if (local) return indexes.map((i) => local[points.ids[i]!]!);
  const labels: PointLabel[] = [];
  for (let start = 0; start < indexes.length; start += LABELS_MAX) {
    const body: LabelsRequest = {
      version: points.version ?? 0,
      ids: indexes.slice(start, start + LABELS_MAX).map((i) => points.ids[i]!),
    };
    const { data } = await requestJson<PointLabel[]>(`points/${segment(typeId)}/labels`, {
      method: 'POST',
      body,
      signal,
    });
    labels.push(...data);
  }
  return labels;
}
