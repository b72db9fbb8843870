/**
 * Runs off the main thread: the API calls whose answers are large. A LazyLoad answer becomes typed arrays
 * (domain/pointsWire.ts), handed back without a copy: our server answers the compact form, the gateway
 * JSON, parsed here.
 */
import type { MapLocation } from '../../domain/gateway';
import { TRUNCATED_HEADER } from '../../domain/gateway';
import { decodePoints, pointsOfLocations, POINTS_MEDIA_TYPE, PointsFormatError, type PointSet } from '../../domain/pointsWire';
import type { ApiWorkerAnswer, ApiWorkerFailure, ApiWorkerRequest } from './apiWorkerProtocol';

type Call = Exclude<ApiWorkerRequest, { kind: 'cancel' }>;

const running = new Map<number, AbortController>();

function answer(message: ApiWorkerAnswer, transfer: Transferable[] = []): void {
  self.postMessage(message, { transfer });
}

async function pointsOf(response: Response): Promise<PointSet> {
  if ((response.headers.get('content-type') ?? '').startsWith(POINTS_MEDIA_TYPE)) return decodePoints(await response.arrayBuffer());
  return pointsOfLocations((await response.json()) as MapLocation[], response.headers.has(TRUNCATED_HEADER));
}

async function call(id: number, request: Call): Promise<void> {
  const controller = new AbortController();
  running.set(id, controller);
  const timeout = AbortSignal.timeout(request.timeoutMs);
  const signal = AbortSignal.any([controller.signal, timeout]);
  const fail = (failure: ApiWorkerFailure) => answer({ id, failure });
  const stopped = () => (timeout.aborted ? 'timeout' : 'aborted');
  try {
    let response: Response;
    try {
      response = await fetch(request.url, { method: 'POST', headers: request.headers, body: request.body, signal, credentials: 'same-origin' });
    } catch {
      return fail({ kind: timeout.aborted || controller.signal.aborted ? stopped() : 'network', status: null });
    }
    if (!response.ok) return fail({ kind: 'http', status: response.status });
    try {
      const points = await pointsOf(response);
      const buffers = [points.positions.buffer, ...(points.ids.buffer === points.positions.buffer ? [] : [points.ids.buffer])];
      answer({ id, points }, buffers);
    } catch (error) {
      if (timeout.aborted || controller.signal.aborted) return fail({ kind: stopped(), status: null });
      const malformed = error instanceof PointsFormatError || error instanceof SyntaxError;
      return fail({ kind: malformed ? 'http' : 'network', status: response.status });
    }
  } finally {
    running.delete(id);
  }
}

self.addEventListener('message', (event: MessageEvent<{ id: number; request: ApiWorkerRequest }>) => {
  const { id, request } = event.data;
  if (request.kind === 'cancel') running.get(request.target)?.abort();
  else void call(id, request);
});
