/**
 * Requests from elsewhere in the app (search, the statistics) for the map to show something: a location
 * (fly to it and open its detail), a province (frame it) or the whole country. A request waits until the
 * map can act on it (loaded, and shown: a hidden tab has no size), then is taken once.
 */
export type MapFocus =
  | { kind: 'location'; guid: string; latitude: number; longitude: number; minZoom: number | null }
  | { kind: 'province'; enName: string }
  | { kind: 'country' };

let pending: MapFocus | null = null;
const listeners = new Set<() => void>();

export function focusMap(focus: MapFocus): void {
  pending = focus;
  listeners.forEach((listener) => listener());
}

export function takeMapFocus(): MapFocus | null {
  const focus = pending;
  pending = null;
  return focus;
}

export function onMapFocus(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
