import { WebMercatorViewport } from '@deck.gl/core';
import type { ViewportBounds } from '../../domain/gateway';
import { MAX_ZOOM, MIN_ZOOM } from './mapConstants';

export interface Camera {
  latitude: number;
  longitude: number;
  zoom: number;
}

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

/** The visible bounds of a camera in a canvas of this size, clamped to valid coordinates. */
export function boundsOf(camera: Camera, width: number, height: number): ViewportBounds {
  const viewport = new WebMercatorViewport({ ...camera, width: Math.max(1, width), height: Math.max(1, height) });
  const [minLon, minLat, maxLon, maxLat] = viewport.getBounds();
  return {
    MinLat: clamp(minLat, -85, 85),
    MinLon: clamp(minLon, -180, 180),
    MaxLat: clamp(maxLat, -85, 85),
    MaxLon: clamp(maxLon, -180, 180),
  };
}

export function clampZoom(zoom: number): number {
  return clamp(zoom, MIN_ZOOM, MAX_ZOOM);
}
