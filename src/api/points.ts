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
import {
  API_BASE,
  ApiRequestError,
  noteSeenVersion,
  requestHeaders,
  requestJson,
  seenDatasetVersion,
  TIMEOUT_MS,
} from './http';
import { VERSION_GONE } from '../../domain/http';
import {
  ancestorAt,
  tileIndexPath,
  tileLevelFor,
  tilePath,
  tileCountCovering,
  tilesCovering,
  TILES_PER_VIEW_MAX,
  type TileKey,
} from '../../domain/pointTiles';
import type { TileIndex } from '../../domain/wire/answers';
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

/** Each type's tile index, asked once a page (again when an answer shows a newer dataset); null: no tiles here. */
const tileIndexes = new Map<string, Promise<TileIndex | null>>();

function tileIndexOf(typeId: string): Promise<TileIndex | null> {
  const known = tileIndexes.get(typeId);
  if (known) return known;
  // The gateway has no tiles (404): that is remembered, and its LazyLoad read for every view without asking
  // again. Any other failure is not remembered.
  const asked = requestJson<TileIndex>(tileIndexPath(typeId)).then(
    ({ data }) => data,
    (error: unknown) => {
      if (error instanceof ApiRequestError && error.kind === 'http' && error.status === 404) return null;
      tileIndexes.delete(typeId);
      throw error;
    },
  );
  tileIndexes.set(typeId, asked);
  return asked;
}

async function currentTileIndex(typeId: string): Promise<TileIndex | null> {
  const index = await tileIndexOf(typeId);
  if (index === null || index.Version >= seenDatasetVersion()) return index;
  tileIndexes.delete(typeId);
  return tileIndexOf(typeId);
}

/**
 * Every location of the type in view: from our server by tile (domain/pointTiles.ts), each tile once a page
 * and kept by the browser and any cache between; from the gateway, its LazyLoad's capped JSON.
 */
export async function fetchPointsInView(
  typeId: string,
  bounds: ViewportBounds,
  zoom: number,
  filters: Filters,
  signal?: AbortSignal,
): Promise<PointSet> {
  const index = await currentTileIndex(typeId);
  if (index === null || tileCountOf(index, bounds, zoom) > TILES_PER_VIEW_MAX)
    return loadInWorker(
      'POST',
      `Map/LazyLoad/${segment(typeId)}${filterSuffix(filters)}`,
      JSON.stringify(bounds),
      signal,
    );
  try {
    return await loadTiles(typeId, index, bounds, zoom, filters, signal);
  } catch (error) {
    // An import since the index was read: its tiles are gone, and the new version's are asked for once.
    if (!(error instanceof ApiRequestError && error.code === VERSION_GONE)) throw error;
    tileIndexes.delete(typeId);
    const fresh = await tileIndexOf(typeId);
    if (fresh === null) throw error;
    return loadTiles(typeId, fresh, bounds, zoom, filters, signal);
  }
}

const tileCountOf = (index: TileIndex, bounds: ViewportBounds, zoom: number) =>
  tileCountCovering(bounds, tileLevelFor({ min: index.MinLevel, max: index.MaxLevel }, zoom));

function loadTiles(
  typeId: string,
  index: TileIndex,
  bounds: ViewportBounds,
  zoom: number,
  filters: Filters,
  signal: AbortSignal | undefined,
): Promise<PointSet> {
  const levels = { min: index.MinLevel, max: index.MaxLevel };
  const urlOf = (tile: TileKey) =>
    new URL(`${API_BASE}/${tilePath(typeId, index.Version, tile, filters)}`, window.location.href).href;
  const level = tileLevelFor(levels, zoom);
  const tiles = tilesCovering(bounds, level).map((tile) => ({
    url: urlOf(tile),
    above: Array.from({ length: level - levels.min }, (_, i) => urlOf(ancestorAt(tile, level - 1 - i))),
  }));
  const headers = [...requestHeaders('GET', POINTS_MEDIA_TYPE).entries()];
  return inWorker(
    {
      kind: 'tiles',
      tiles,
      bounds,
      version: index.Version,
      headers,
      timeoutMs: TIMEOUT_MS,
      keepCopy: keepsOwnCopies(),
    },
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
  const url = new URL(`${API_BASE}/${path}`, window.location.href).href;
  // Our compact form first; JSON is what the gateway answers, and is still understood.
  const headers = [...requestHeaders(method, `${POINTS_MEDIA_TYPE}, application/json;q=0.5`).entries()];
  return inWorker(
    { kind: 'load', url, method, headers, body, timeoutMs: TIMEOUT_MS, keepCopy: keepsOwnCopies() },
    signal,
  );
}

function inWorker(request: Exclude<PointsWorkerRequest, { kind: 'cancel' }>, signal: AbortSignal | undefined) {
  if (signal?.aborted) return Promise.reject(new ApiRequestError('aborted'));
  return new Promise<PointSet>((resolve, reject) => {
    const id = post(request);
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
