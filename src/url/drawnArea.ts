/**
 * A drawn area lives in the address, so a link or a reload shows the same area and its answer:
 * ?area=lon,lat;lon,lat;... (5 decimals, about a metre). A ring the server would refuse is ignored.
 */
import { useState } from 'react';
import { ringFault } from '../../domain/area';
import { replaceParams } from './history';

export const AREA_PARAM = 'area';

type Vertex = [number, number];

const inRange = ([lon, lat]: Vertex) => Math.abs(lon) <= 180 && Math.abs(lat) <= 85;

/** The ring an address names, or null when it names none (or one that is not a usable ring). */
export function ringOfSearch(search: string): Vertex[] | null {
  const text = new URLSearchParams(search).get(AREA_PARAM);
  if (!text) return null;
  const ring = text.split(';').map((pair) => pair.split(',').map(Number));
  if (!ring.every((v): v is Vertex => v.length === 2 && v.every(Number.isFinite) && inRange(v as Vertex))) return null;
  return ringFault(ring) === null ? ring : null;
}

export function paramOfRing(ring: readonly Vertex[]): string {
  return ring.map(([lon, lat]) => `${+lon.toFixed(5)},${+lat.toFixed(5)}`).join(';');
}

/** The ring the address names as the page opened (read once: the drawing then writes it). */
export function useRingInAddress(): Vertex[] | null {
  return useState(() => ringOfSearch(window.location.search))[0];
}

export const writeRing = (ring: readonly Vertex[] | null) =>
  replaceParams({ [AREA_PARAM]: ring === null ? null : paramOfRing(ring) });
