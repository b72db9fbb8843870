/**
 * The map's points as typed arrays (domain/pointsWire.ts). A viewport load is fetched and decoded by a
 * worker, in Makan's compact form from our server (every location in view) or JSON from the gateway;
 * names and Guids come on demand, from the labels call or from the JSON already held.
 */
import type { MapLocation, ViewportBounds } from '../../domain/gateway';
import { LABELS_MAX, pointsOfLocations, POINTS_MEDIA_TYPE, type LabelsRequest, type PointSet } from '../../domain/pointsWire';
import { API_BASE, requestHeaders, requestJson, TIMEOUT_MS } from './http';
import { callOffThread } from './offThread';

const segment = encodeURIComponent;

/** Every location of the type in view: all of them from our server, the gateway's capped JSON otherwise. */
export function fetchPointsInView(typeId: string, bounds: ViewportBounds, signal?: AbortSignal): Promise<PointSet> {
  const url = new URL(`${API_BASE}/Map/LazyLoad/${segment(typeId)}`, window.location.href).href;
  // Our compact form first; JSON is what the gateway answers, and is still understood.
  const headers = [...requestHeaders('POST', `${POINTS_MEDIA_TYPE}, application/json;q=0.5`).entries()];
  return callOffThread({ kind: 'points', url, headers, body: JSON.stringify(bounds), timeoutMs: TIMEOUT_MS }, signal);
}

/** Every location of a fixed type (a few hundred at most): JSON, kept with its names. */
export async function fetchAllPoints(typeId: string, signal?: AbortSignal): Promise<PointSet> {
  const { data } = await requestJson<MapLocation[]>(`Map/BindByOrglocationTypeID/${segment(typeId)}`, { signal });
  return pointsOfLocations(data, false);
}

/** Names, Guids and exact positions of points `indexes` (positions in `points`), in that order. */
export async function fetchPointLabels(typeId: string, points: PointSet, indexes: readonly number[], signal?: AbortSignal): Promise<MapLocation[]> {
  const local = points.labels;
  if (local) return indexes.map((i) => local[points.ids[i]!]!);
  const labels: MapLocation[] = [];
  for (let start = 0; start < indexes.length; start += LABELS_MAX) {
    const body: LabelsRequest = { version: points.version ?? 0, ids: indexes.slice(start, start + LABELS_MAX).map((i) => points.ids[i]!) };
    const { data } = await requestJson<MapLocation[]>(`points/${segment(typeId)}/labels`, { method: 'POST', body, signal });
    labels.push(...data);
  }
  return labels;
}
