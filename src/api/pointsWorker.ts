/**
 * Runs off the main thread: fetches a LazyLoad or BindByOrglocationTypeID answer, or a view's tiles, and turns
 * them into typed arrays (domain/pointsWire.ts), handed back without a copy. Our server answers the compact form;
 * the gateway answers JSON, parsed here. Tiles once read are held here (bounded in bytes, the least recently
 * used out first), so a pan back over ground already seen asks nothing of anyone.
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
import { pointsInBounds } from '../../domain/pointTiles';
import type { PointsFailure, PointsWorkerRequest, PointsWorkerAnswer } from './pointsWorkerProtocol';
import { keepOwnCopy } from './firstVisitCopies';
import { HeldTiles } from './heldTiles';

const running = new Map<number, AbortController>();
/** About 2.7 million points of tiles seen: a long session's panning, well within a phone's memory. */
const TILES_HELD_BYTES = 32 * 1024 * 1024;
const held = new HeldTiles(TILES_HELD_BYTES);

function answer(message: PointsWorkerAnswer, transfer: Transferable[] = []): void {
  self.postMessage(message, { transfer });
}

type Fetched = { fromCopy: boolean; version: string | null } & ({ points: PointSet } | { failure: PointsFailure });
type Cause = () => PointsFailure['kind'];

interface Asked {
  url: string;
  method: 'GET' | 'POST';
  headers: [string, string][];
  body: string | null;
  keepCopy: boolean;
}

async function fetchPoints(asked: Asked, signal: AbortSignal, cause: Cause): Promise<Fetched> {
  let fromCopy = false;
  let version: string | null = null;
  const fail = (failure: PointsFailure): Fetched => ({ fromCopy, version, failure });
  let response: Response;
  try {
    response = await fetch(asked.url, {
      method: asked.method,
      headers: asked.headers,
      body: asked.body,
      signal,
      credentials: 'same-origin',
    });
  } catch {
    return fail(requestFailure(cause()));
  }
  fromCopy = response.headers.get(OFFLINE_HEADER) === '1';
  version = response.headers.get(DATASET_VERSION_HEADER);
  if (asked.keepCopy)
    keepOwnCopy(new Request(asked.url, { method: asked.method, headers: asked.headers, body: asked.body }), response);
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as { error?: unknown } | null;
    return fail(requestFailure('http', response.status, typeof body?.error === 'string' ? body.error : null));
  }
  try {
    if ((response.headers.get('content-type') ?? '').startsWith(POINTS_MEDIA_TYPE))
      return { fromCopy, version, points: decodePoints(await response.arrayBuffer()) };
    const locations = (await response.json()) as PointLabel[];
    return { fromCopy, version, points: pointsOfLocations(locations, response.headers.has(TRUNCATED_HEADER)) };
  } catch (error) {
    if (signal.aborted) return fail(requestFailure(cause()));
    return fail(
      error instanceof PointsFormatError || error instanceof SyntaxError
        ? requestFailure('malformed', response.status)
        : requestFailure('network'),
    );
  }
}

/** The points answered, their buffers handed over without a copy; or the failure. */
function send(id: number, fetched: Fetched): void {
  const { fromCopy, version } = fetched;
  if (!('points' in fetched)) return answer({ id, fromCopy, version, failure: fetched.failure });
  const { points } = fetched;
  answer({ id, fromCopy, version, points }, [
    points.positions.buffer,
    ...(points.ids.buffer === points.positions.buffer ? [] : [points.ids.buffer]),
  ]);
}

/** Runs one request's work under its own abort and time limit, and answers it. */
async function run(
  id: number,
  timeoutMs: number,
  work: (signal: AbortSignal, cause: Cause) => Promise<Fetched>,
): Promise<void> {
  const controller = new AbortController();
  running.set(id, controller);
  const timeout = AbortSignal.timeout(timeoutMs);
  const signal = AbortSignal.any([controller.signal, timeout]);
  const cause: Cause = () => (timeout.aborted ? 'timeout' : controller.signal.aborted ? 'aborted' : 'network');
  try {
    send(id, await work(signal, cause));
  } finally {
    running.delete(id);
  }
}

/** A view's tiles, each from those held (or one above it) or fetched, merged into the view's points. */
async function tilesOfView(
  request: Extract<PointsWorkerRequest, { kind: 'tiles' }>,
  signal: AbortSignal,
  cause: Cause,
): Promise<Fetched> {
  const fetched = await Promise.all(
    request.tiles.map(async ({ url, above }): Promise<Fetched> => {
      const kept = held.find([url, ...above]);
      if (kept) return { fromCopy: false, version: String(request.version), points: kept };
      const answered = await fetchPoints(
        { url, method: 'GET', headers: request.headers, body: null, keepCopy: request.keepCopy },
        signal,
        cause,
      );
      if ('points' in answered) held.keep(url, answered.points);
      return answered;
    }),
  );
  const failed = fetched.find((one) => 'failure' in one);
  if (failed) return failed;
  const tiles = fetched.map((one) => (one as { points: PointSet }).points);
  return {
    fromCopy: fetched.some((one) => one.fromCopy),
    version: String(request.version),
    points: pointsInBounds(tiles, request.bounds, request.version),
  };
}

self.addEventListener('message', (event: MessageEvent<{ id: number; request: PointsWorkerRequest }>) => {
  const { id, request } = event.data;
  if (request.kind === 'cancel') running.get(request.target)?.abort();
  else if (request.kind === 'tiles')
    void run(id, request.timeoutMs, (signal, cause) => tilesOfView(request, signal, cause));
  else void run(id, request.timeoutMs, (signal, cause) => fetchPoints(request, signal, cause));
});
