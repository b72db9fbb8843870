/**
 * How locations are grouped into bubbles, on the server (viewport types) and in the app (fixed types with
 * many pins) alike: Supercluster's options in spec zoom, where a tile extent of 256 makes one unit one
 * screen pixel.
 */
import { SPEC_TILE_SIZE } from './zoom';

/**
 * Below this spec zoom the whole country is in view (the country's fit is 4.6 on a phone and 6 on a 1280-px
 * screen): a type loaded by view is drawn as one bubble per province with its count, the picture its page and
 * statistics show, instead of clusters that cross province borders (31 counts on the page became 5 bubbles as
 * the map took over).
 */
export const PROVINCE_BUBBLES_BELOW_ZOOM = 6.5;

/** Cluster radius in screen pixels: a few bubble diameters (bubbles are 10 px in radius). */
export const CLUSTER_RADIUS = 60;
export const CLUSTER_MAX_ZOOM = 16;

export const clusterOptions = (maxZoom = CLUSTER_MAX_ZOOM) =>
  ({ radius: CLUSTER_RADIUS, maxZoom, extent: SPEC_TILE_SIZE }) as const;
