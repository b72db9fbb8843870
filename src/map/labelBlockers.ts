/**
 * Cluster bubbles are drawn by deck.gl, which MapLibre's label placement cannot see. An invisible
 * MapLibre symbol layer holds a box the size of each bubble, so the Persian province names move
 * aside (or give way) instead of sitting under the bubbles.
 */
import type { FeatureCollection, Point } from 'geojson';
import type { Map as MapLibreMap } from 'maplibre-gl';
import type { ClusterItem } from '../../domain/gateway';

export const BLOCKER_SOURCE = 'cluster-blockers';
export const BLOCKER_LAYER = 'cluster-blockers';
export const BLOCKER_IMAGE = 'cluster-blocker';
/** Side of the blocker image in px; scaled per bubble. */
export const BLOCKER_IMAGE_PX = 24;

export function emptyBlockers(): FeatureCollection<Point, { scale: number }> {
  return { type: 'FeatureCollection', features: [] };
}

export function blockersOf(
  clusters: readonly ClusterItem[],
  radiusOf: (count: number) => number,
): FeatureCollection<Point, { scale: number }> {
  return {
    type: 'FeatureCollection',
    features: clusters.map((c) => ({
      type: 'Feature',
      properties: { scale: (2 * radiusOf(c.Count) + 4) / BLOCKER_IMAGE_PX },
      geometry: { type: 'Point', coordinates: [c.Long, c.Lat] },
    })),
  };
}

/**
 * Adds the transparent image and the layer that uses it (once per map, after the style loaded). The layer
 * goes last, so its symbols are placed first and the labels make way for them. It draws nothing.
 */
export function installLabelBlockers(map: MapLibreMap): void {
  if (!map.hasImage(BLOCKER_IMAGE)) {
    map.addImage(BLOCKER_IMAGE, {
      width: BLOCKER_IMAGE_PX,
      height: BLOCKER_IMAGE_PX,
      data: new Uint8Array(BLOCKER_IMAGE_PX * BLOCKER_IMAGE_PX * 4),
    });
  }
  if (!map.getLayer(BLOCKER_LAYER)) {
    map.addLayer({
      id: BLOCKER_LAYER,
      type: 'symbol',
      source: BLOCKER_SOURCE,
      layout: { 'icon-image': BLOCKER_IMAGE, 'icon-size': ['get', 'scale'], 'icon-allow-overlap': true },
    });
  }
}
