/**
 * How locations are grouped into bubbles, on the server (viewport types) and in the app (fixed types with
 * many pins) alike: Supercluster's options in spec zoom, where a tile extent of 256 makes one unit one
 * screen pixel.
 */
import { SPEC_TILE_SIZE } from './zoom';

/** Cluster radius in screen pixels: a few bubble diameters (bubbles are 10 px in radius). */
export const CLUSTER_RADIUS = 60;
export const CLUSTER_MAX_ZOOM = 16;

export const clusterOptions = (maxZoom = CLUSTER_MAX_ZOOM) =>
  ({ radius: CLUSTER_RADIUS, maxZoom, extent: SPEC_TILE_SIZE }) as const;
