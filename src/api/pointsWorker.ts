/**
 * Runs off the main thread: fetches a LazyLoad or BindByOrglocationTypeID answer and turns it into typed arrays (domain/pointsWire.ts),
 * handed back without a copy. Our server answers the compact form; the gateway answers JSON, parsed here.
 */
import { DATASET_VERSION_HEADER, OFFLINE_HEADER } from '../../domain/http';
import { requestFailure } from '../../domain/requestFailure';
import { TRUNCATED_HEADER } from '../../domain/gateway';
import {
  decodePoints,
  pointsOfLocations,
  POINTS_MEDIA_TYPE,
  PointsFormatError,
  type PointLabel,
  type PointSet,
} from '../../domain/pointsWire';
import type { PointsFailure, PointsWorkerRequest, PointsWorkerAnswer } from './pointsWorkerProtocol';
import { keepOwnCopy } from './firstVisitCopies';

const running = new Map<number, AbortController>();

function answer(message: PointsWorkerAnswer, transfer: Transferable[] = []): void {
  self.postMessage(message, { transfer });
}

async function load(id: number, request: Extract<PointsWorkerRequest, { kind: 'load' }>): Promise<void> {
  const controller = new AbortController();
  running.set(id, controller);
  const timeout = AbortSignal.timeout(request.timeoutMs);
  const signal = AbortSignal.any([controller.signal, timeout]);
  let fromCopy = false;
  let version: string | null = null;
  const fail = (failure: PointsFailure) => answer({ id, fromCopy, version, failure });
  try {
    let response: Response;
    try {
      response = await fetch(request.url, {
        method: request.method,
        headers: request.headers,
        body: request.body,
        signal,
        credentials: 'same-origin',
      });
    } catch {
      return fail(requestFailure(timeout.aborted ? 'timeout' : controller.signal.aborted ? 'aborted' : 'network'));
    }
    fromCopy = response.headers.get(OFFLINE_HEADER) === '1';
    version = response.headers.get(DATASET_VERSION_HEADER);
    if (request.keepCopy)
      keepOwnCopy(
        new Request(request.url, { method: request.method, headers: request.headers, body: request.body }),
        response,
      );
    if (!response.ok) {
      const body = (await response.json().catch(() => null)) as { error?: unknown } | null;
      return fail(requestFailure('http', response.status, typeof body?.error === 'string' ? body.error : null));
    }
    let points: PointSet;
    try {
      if ((response.headers.get('content-type') ?? '').startsWith(POINTS_MEDIA_TYPE)) {
        points = decodePoints(await response.arrayBuffer());
      } else {
        points = pointsOfLocations((await response.json()) as PointLabel[], response.headers.has(TRUNCATED_HEADER));
      }
    } catch (error) {
      if (timeout.aborted || controller.signal.aborted)
        return fail(requestFailure(timeout.aborted ? 'timeout' : 'aborted'));
      return fail(
        error instanceof PointsFormatError || error instanceof SyntaxError
          ? requestFailure('malformed', response.status)
          : requestFailure('network'),
      );
    }
    answer({ id, fromCopy, version, points }, [
      points.positions.buffer,
      ...(points.ids.buffer === points.positions.buffer ? [] : [points.ids.buffer]),
    ]);
  } finally {
    running.delete(id);
  }
}

self.addEventListener('message', (event: MessageEvent<{ id: number; request: PointsWorkerRequest }>) => {
  const { id, request } = event.data;
  if (request.kind === 'cancel') running.get(request.target)?.abort();
  else void load(id, request);
});
