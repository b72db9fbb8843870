/** The map's camera in spec terms, and what it sees. */
import type { ClusterItem } from '../../domain/gateway';
import type { ViewportBounds } from '../../domain/wire/requests';
import { degreesAcross, SPEC_TILE_SIZE } from '../../domain/zoom';
import type { Camera } from '../url/deepLink';
import { NOTHING_COVERED, type CoveredSides } from './coveredSides';
import { COUNTRY_CENTER, INITIAL_ZOOM, IRAN_BOUNDS, MAX_ZOOM, MIN_ZOOM } from './mapConstants';

export type { Camera };

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

/** Bounds clamped to valid coordinates (a view wider than the world still asks for a sane box). */
export function clampBounds(west: number, south: number, east: number, north: number): ViewportBounds {
  return {
    MinLat: clamp(south, -85, 85),
    MinLon: clamp(west, -180, 180),
    MaxLat: clamp(north, -85, 85),
    MaxLon: clamp(east, -180, 180),
  };
}

const mercatorY = (lat: number) => Math.log(Math.tan(Math.PI / 4 + (lat * Math.PI) / 360));
const latitudeOfMercatorY = (y: number) => (Math.atan(Math.sinh(y)) * 180) / Math.PI;

/** The largest spec zoom at which a canvas of this size shows all of Iran. */
export function countryFitZoom(width: number, height: number): number {
  const [west, south, east, north] = IRAN_BOUNDS;
  const zoomX = Math.log2((Math.max(1, width) * 360) / ((east - west) * SPEC_TILE_SIZE));
  const zoomY = Math.log2(
    (Math.max(1, height) * 2 * Math.PI) / ((mercatorY(north) - mercatorY(south)) * SPEC_TILE_SIZE),
  );
  return Math.min(zoomX, zoomY);
}

/** The middle of Iran's extent (Web Mercator), for views that frame the whole country. */
export function countryCentre(): { latitude: number; longitude: number } {
  const [west, south, east, north] = IRAN_BOUNDS;
  const y = (mercatorY(south) + mercatorY(north)) / 2;
  return { latitude: latitudeOfMercatorY(y), longitude: (west + east) / 2 };
}

/**
 * The camera that shows the whole country on a canvas of this size, in the part no panel covers (the open
 * sidebar: on the left of an English page, the right of a Persian one): zoom 6 where that fits, farther out
 * where not, its centre moved off the covered side.
 */
export function countryCamera(width: number, height: number, covered: CoveredSides = NOTHING_COVERED): Camera {
  const fit = countryFitZoom(width - covered.left - covered.right, height);
  const centre = fit >= INITIAL_ZOOM ? { ...COUNTRY_CENTER, zoom: INITIAL_ZOOM } : { ...countryCentre(), zoom: fit };
  const shiftPx = (covered.right - covered.left) / 2;
  return {
    ...centre,
    longitude: centre.longitude + Math.sign(shiftPx) * degreesAcross(Math.abs(shiftPx), centre.zoom),
  };
}

/** The spec's zoom range, widened below 5 where a small screen needs it to show the whole country. */
export function minZoomFor(width: number, height: number): number {
  return Math.min(MIN_ZOOM, Math.floor(countryFitZoom(width, height) * 4) / 4);
}

export function clampZoom(zoom: number, min = MIN_ZOOM): number {
  return clamp(zoom, min, MAX_ZOOM);
}

/**
 * What a north-up, unpitched Web Mercator map of this size shows from this camera, as MapLibre's getBounds()
 * reports it: lets the first view's data be asked for before the map has loaded.
 */
export function edgesOfCamera(
  camera: Camera,
  width: number,
  height: number,
): { west: number; south: number; east: number; north: number } {
  const halfWidthDegrees = degreesAcross(width, camera.zoom) / 2;
  const centreY = mercatorY(camera.latitude);
  // Web Mercator's y runs 2π across the world, as its x runs 360°.
  const halfHeightRadians = (degreesAcross(height, camera.zoom) / 2) * (Math.PI / 180);
  return {
    west: camera.longitude - halfWidthDegrees,
    east: camera.longitude + halfWidthDegrees,
    south: latitudeOfMercatorY(centreY - halfHeightRadians),
    north: latitudeOfMercatorY(centreY + halfHeightRadians),
  };
}

/**
 * Where a click on a bubble takes the map: to where it splits (its expansion zoom), and at least a whole level
 * closer, since bubbles are computed at whole zooms and the expansion of one seen at 5.7 may be 6, a step nobody
 * notices. A province bubble has no expansion zoom: two levels. A type drawn as bubbles only below its minimum
 * zoom (`minZoom`, spec zoom) goes there at once: each level before it is only more bubbles (5-6 clicks to a pin).
 */
export function openingZoom(cluster: ClusterItem, zoom: number, minZoom: number | null = null): number {
  return Math.min(MAX_ZOOM, Math.max(cluster.ExpansionZoom ?? zoom + 2, zoom + 1, minZoom ?? -Infinity));
}

/** Where MapLibre makes the map: `camera`, and whether that is where it comes to rest (no glide to the country). */
export interface Opening {
  camera: Camera;
  atRest: boolean;
}

/** The map's box as measured before the map is made: its size and what panels cover of it. */
export interface MapBox {
  width: number;
  height: number;
  covered: CoveredSides;
}

/**
 * Where the map will come to rest (`rest`: a link's camera, or the whole country in the part of `box` left in
 * view; null for a box with no size, a map loaded hidden) and where MapLibre makes it (`opening`). It is made at
 * rest when a link named the camera or the visitor asked for less motion; otherwise at `start`, over Tehran (spec
 * §2), to glide to rest. With less motion the glide is a jump, so a Tehran view would be made only to be replaced:
 * a flash of the wrong place, and the map's first frames and its sources' tiles made twice. A hidden map is made
 * at `start` and glides once shown.
 */
export function openingOf(
  start: Camera,
  linked: Camera | null,
  box: MapBox | null,
  lessMotion: boolean,
): { rest: Camera | null; opening: Opening } {
  const atRest = linked !== null || lessMotion;
  if (!box || box.width === 0 || box.height === 0)
    return { rest: null, opening: { camera: start, atRest: linked !== null } };
  const rest = linked ? { ...linked, zoom: clampZoom(linked.zoom) } : countryCamera(box.width, box.height, box.covered);
  return { rest, opening: { camera: atRest ? rest : start, atRest } };
}
