/** What MapLibre's own layers draw for the map's data (src/map/nativeMarkers.ts), and what a click on each does. */
import { describe, expect, it, vi } from 'vitest';
import type { ClusterItem } from '../../domain/gateway';
import { EMPTY_POINTS, type PointSet } from '../../domain/pointsWire';
import { clusterRadius, nativeMarkers, pinScale } from '../../src/map/nativeMarkers';
import { formatCount } from '../../src/i18n/format';

const cluster = (Count: number, Long: number, Lat: number): ClusterItem => ({ Count, Long, Lat }) as ClusterItem;

const points = (coordinates: [number, number][]): PointSet => ({
  ...EMPTY_POINTS,
  count: coordinates.length,
  positions: new Float32Array(coordinates.flat()),
  ids: new Uint32Array(coordinates.map((_, i) => i)),
});

describe('nativeMarkers', () => {
  it('draws each set of bubbles in its colour, with its count in the page’s digits, sized to fit them', () => {
    const page = [cluster(7, 51.4, 35.7), cluster(12_345, 59.6, 36.3)];
    const added = [cluster(3, 48.3, 38.2)];
    const drawn = nativeMarkers(
      [
        { clusters: added, colour: 'rgba(1, 2, 3, 0.9)', onClick: () => undefined },
        { clusters: page, colour: 'rgba(11, 110, 79, 0.86)', onClick: () => undefined },
      ],
      null,
      null,
    );
    const features = drawn.bubbles.features;
    expect(features.map((f) => f.geometry.coordinates)).toEqual([
      [48.3, 38.2],
      [51.4, 35.7],
      [59.6, 36.3],
    ]);
    expect(features.map((f) => f.properties.colour)).toEqual([
      'rgba(1, 2, 3, 0.9)',
      'rgba(11, 110, 79, 0.86)',
      'rgba(11, 110, 79, 0.86)',
    ]);
    expect(features.map((f) => f.properties.label)).toEqual([formatCount(3), formatCount(7), formatCount(12_345)]);
    expect(features[2]!.properties.radius).toBeGreaterThan(features[1]!.properties.radius);
    expect(features[1]!.properties.radius).toBe(clusterRadius(7));
    // The invisible box the province names make way for is the bubble's size and a little more.
    expect(features[1]!.properties.blocker * 24).toBe(2 * clusterRadius(7) + 4);
  });

  it('sends a click on a bubble to its own set with the cluster, and on a pin with the marker’s index', () => {
    const page = { clusters: [cluster(5, 50, 30)], colour: 'green', onClick: vi.fn() };
    const added = { clusters: [cluster(9, 55, 33)], colour: 'blue', onClick: vi.fn() };
    const pins = {
      markers: points([
        [51, 35],
        [52, 36],
        [53, 37],
      ]),
      onClick: vi.fn(),
    };
    const drawn = nativeMarkers([added, page], pins, null);
    const act = (action: number) => drawn.actions[action]!();
    act(drawn.bubbles.features[1]!.properties.action);
    expect(page.onClick).toHaveBeenCalledWith(page.clusters[0]);
    expect(added.onClick).not.toHaveBeenCalled();
    act(drawn.pins.features[2]!.properties.action);
    expect(pins.onClick).toHaveBeenCalledWith(2);
    expect(drawn.pins.features.map((f) => f.geometry.coordinates)).toEqual([
      [51, 35],
      [52, 36],
      [53, 37],
    ]);
  });

  it('draws the visitor’s position only when it is known, and no pins for none', () => {
    expect(nativeMarkers([], null, null).visitor.features).toEqual([]);
    const drawn = nativeMarkers([], { markers: EMPTY_POINTS, onClick: () => undefined }, { lat: 35.7, lon: 51.4 });
    expect(drawn.visitor.features.map((f) => f.geometry.coordinates)).toEqual([[51.4, 35.7]]);
    expect(drawn.pins.features).toEqual([]);
  });

  it('draws pins smaller from afar: full size from a province’s scale in', () => {
    expect(pinScale(5)).toBeCloseTo(0.55);
    expect(pinScale(4)).toBeCloseTo(0.55);
    expect(pinScale(8)).toBe(1);
    expect(pinScale(12)).toBe(1);
  });
});
