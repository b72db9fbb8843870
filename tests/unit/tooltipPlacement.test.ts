/**
 * Where a map tooltip stands (src/map/tooltipPlacement.ts): its left edge on the pointer at the map's left, its right
 * edge at the map's right, below the pointer in the upper half and above it in the lower half, never wider than the
 * map. The browser check that it stays inside the map on a phone is AppDriver.tooltipAt's.
 */
import { describe, expect, it } from 'vitest';
import { tooltipPlacement } from '../../src/map/tooltipPlacement';

describe('a map tooltip’s place', () => {
  it('slides across itself as the pointer crosses the map, so neither side is cut', () => {
    expect(tooltipPlacement(0, 100, 375, 596).transform).toBe('translate(calc(0px - 0.00%), 112px)');
    expect(tooltipPlacement(375, 100, 375, 596).transform).toBe('translate(calc(375px - 100.00%), 112px)');
    expect(tooltipPlacement(187.5, 100, 375, 596).transform).toBe('translate(calc(187.5px - 50.00%), 112px)');
  });

  it('stands above the pointer in the map’s lower half', () => {
    expect(tooltipPlacement(0, 500, 375, 596).transform).toBe('translate(calc(0px - 0.00%), calc(488px - 100%))');
  });

  it('keeps clear of the band the map’s buttons stand in, whatever its width and the pointer’s place', () => {
    // A phone's map with its button column at the left (a Persian page): 12 px in, 34 px wide.
    const clear = { left: 46, right: 0 };
    const leftEdge = (transform: string, tipWidth: number) => {
      const [, px, share] = /calc\((-?[\d.]+)px - ([\d.]+)%\)/.exec(transform)!;
      return Number(px) - (Number(share) / 100) * tipWidth;
    };
    const { maxWidth } = tooltipPlacement(60, 100, 375, 596, clear);
    expect(maxWidth).toBe('305px');
    for (const x of [46, 60, 120, 200, 300, 375])
      for (const tipWidth of [80, 200, 305]) {
        const left = leftEdge(tooltipPlacement(x, 100, 375, 596, clear).transform, tipWidth);
        expect(left).toBeGreaterThanOrEqual(46 - 1e-9);
        expect(left + tipWidth).toBeLessThanOrEqual(375 + 1e-9);
      }
    // And at the right, as on an English page.
    const right = tooltipPlacement(329, 100, 375, 596, { left: 0, right: 46 }).transform;
    expect(leftEdge(right, 200) + 200).toBeCloseTo(329);
  });

  it('is never wider than the map, and a pointer past an edge anchors it as at that edge', () => {
    expect(tooltipPlacement(10, 10, 375, 596).maxWidth).toBe('351px');
    expect(tooltipPlacement(-5, 10, 375, 596).transform).toBe('translate(calc(-5px - 0.00%), 22px)');
    expect(tooltipPlacement(400, 10, 375, 596).transform).toBe('translate(calc(400px - 100.00%), 22px)');
  });
});
