/**
 * Deep links (beyond the spec): ?lat=..&lng=..&z=.. keeps the viewport, ?loc=GUID an open location,
 * ?tab=stats the statistics tab. `z` is a spec zoom (256-px tiles, as Leaflet and OpenStreetMap count it;
 * see domain/zoom.ts). Parsing is strict: a centre out of range is ignored, a zoom out of range clamped.
 */
import { isUsableGuid } from '../../domain/guid';
import { EMBED_PARAM } from '../../domain/http';

export type Tab = 'map' | 'stats';

/** The camera a link asks for; zoom is a spec zoom (the map clamps it to what the screen allows). */
export interface Camera {
  latitude: number;
  longitude: number;
  zoom: number;
}

/** Zooms a link may carry: the spec's 18 at most; below 5 only for screens too small to show Iran at 5. */
const LINK_ZOOM_RANGE = [0, 18] as const;

export interface DeepLink {
  camera: Camera | null;
  location: string | null;
  tab: Tab;
  /** ?embed=1: only the map or the statistics, for other sites to frame. */
  embed: boolean;
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
  const rawZoom = numberIn(params.get('z'), -Infinity, Infinity);
  const zoom = rawZoom === null ? null : Math.min(LINK_ZOOM_RANGE[1], Math.max(LINK_ZOOM_RANGE[0], rawZoom));
  const location = params.get('loc');
  return {
    camera: latitude !== null && longitude !== null && zoom !== null ? { latitude, longitude, zoom } : null,
    location: isUsableGuid(location) ? location : null,
    tab: params.get('tab') === 'stats' ? 'stats' : 'map',
    embed: params.get(EMBED_PARAM) === '1',
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
