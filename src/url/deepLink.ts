/**
 * Deep links (beyond the spec): ?lat=..&lng=..&z=.. keeps the viewport, ?loc=GUID an open location,
 * ?tab=stats the statistics tab. Parsing is strict: anything out of range is ignored, never trusted.
 */
import { isUsableGuid } from '../../domain/guid';
import { MAX_ZOOM, MIN_ZOOM } from '../map/mapConstants';
import type { Camera } from '../map/viewport';

export type Tab = 'map' | 'stats';

export interface DeepLink {
  camera: Camera | null;
  location: string | null;
  tab: Tab;
}

function numberIn(raw: string | null, min: number, max: number): number | null {
  if (raw === null || raw.trim() === '') return null;
  const value = Number(raw);
  return Number.isFinite(value) && value >= min && value <= max ? value : null;
}

export function parseDeepLink(search: string): DeepLink {
  const params = new URLSearchParams(search);
  const latitude = numberIn(params.get('lat'), -85, 85);
  const longitude = numberIn(params.get('lng'), -180, 180);
  const zoom = numberIn(params.get('z'), MIN_ZOOM, MAX_ZOOM);
  const location = params.get('loc');
  return {
    camera: latitude !== null && longitude !== null && zoom !== null ? { latitude, longitude, zoom } : null,
    location: isUsableGuid(location) ? location : null,
    tab: params.get('tab') === 'stats' ? 'stats' : 'map',
  };
}

/** Returns the search string with the given keys set (null removes a key), other keys kept. */
export function withParams(search: string, patch: Record<string, string | null>): string {
  const params = new URLSearchParams(search);
  for (const [key, value] of Object.entries(patch)) {
    if (value === null) params.delete(key);
    else params.set(key, value);
  }
  const text = params.toString();
  return text === '' ? '' : `?${text}`;
}

export function cameraParams(camera: Camera): Record<string, string> {
  return { lat: camera.latitude.toFixed(5), lng: camera.longitude.toFixed(5), z: camera.zoom.toFixed(2) };
}
