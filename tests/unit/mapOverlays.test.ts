/**
 * The map's analyst overlays are a registry (src/map/mapOverlays.tsx): an overlay joins with one entry, and the map
 * shows the ones the address asks for, in the registry's order, asking their tooltips in turn.
 */
import { describe, expect, it } from 'vitest';
import { MAP_OVERLAYS, overlayTooltip, shownOverlays, type MapOverlay } from '../../src/map/mapOverlays';

/** A pseudo-overlay shown by the `cover` parameter, answering the pointer over its own layer only. */
const PSEUDO: MapOverlay = {
  layer: 'cover',
  Source: () => null,
  tooltip: (object, layerId) => (layerId === 'pseudo' && object ? { text: 'pseudo', style: {} } : null),
};

describe('map overlays', () => {
  it('the address shows an overlay at a distance the app offers, and none at another', () => {
    expect(shownOverlays(MAP_OVERLAYS, '?cover=25').map((s) => [s.overlay.layer, s.km])).toEqual([['cover', 25]]);
    expect(shownOverlays(MAP_OVERLAYS, '?need=50&cover=25').map((s) => s.overlay.layer)).toEqual(['need', 'cover']);
    expect(shownOverlays(MAP_OVERLAYS, '?cover=26&need=')).toEqual([]);
    // The suggested sites' reach under the far places, over the counties by need.
    expect(shownOverlays(MAP_OVERLAYS, '?cover=25&suggest=10&need=5').map((s) => s.overlay.layer)).toEqual([
      'need',
      'suggest',
      'cover',
    ]);
  });

  it('a new entry is shown by its parameter, after those before it, and its tooltip is asked', () => {
    const overlays = [...MAP_OVERLAYS, PSEUDO];
    expect(shownOverlays(overlays, '?cover=25').map((s) => s.overlay)).toEqual([
      MAP_OVERLAYS.find((o) => o.layer === 'cover'),
      PSEUDO,
    ]);
    const tooltip = overlayTooltip(overlays);
    expect(tooltip({ any: 1 }, 'pseudo')?.text).toBe('pseudo');
    expect(tooltip({ any: 1 }, 'nothing-here')).toBeNull();
    expect(tooltip(null, 'pseudo')).toBeNull();
  });
});
