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

  it('is never wider than the map, and a pointer past an edge anchors it as at that edge', () => {
    expect(tooltipPlacement(10, 10, 375, 596).maxWidth).toBe('351px');
    expect(tooltipPlacement(-5, 10, 375, 596).transform).toBe('translate(calc(-5px - 0.00%), 22px)');
    expect(tooltipPlacement(400, 10, 375, 596).transform).toBe('translate(calc(400px - 100.00%), 22px)');
  });
});
