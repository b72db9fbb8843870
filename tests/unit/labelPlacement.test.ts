/** The need-against-supply chart's names (src/stats/labelPlacement.ts): none overlaps, none is cut. */
import { describe, expect, it } from 'vitest';
import { placeLabels, type LabelPoint } from '../../src/stats/labelPlacement';

const OPTIONS = { width: 300, height: 200, lineHeight: 14, gap: 8, radius: 6 };

const overlap = (a: { left: number; right: number; top: number; bottom: number }, b: typeof a) =>
  a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;

describe('placeLabels', () => {
  it('names a crowded corner without two names overlapping, a name over a point, or a name past the edge', () => {
    // Twenty points piled in the high-need corner, as the provinces most in need are.
    const points: LabelPoint[] = Array.from({ length: 20 }, (_, i) => ({
      x: 10 + (i % 5) * 12,
      y: 10 + Math.floor(i / 5) * 9,
      width: 60,
    }));
    const placed = placeLabels(
      points,
      points.map((_, i) => i),
      OPTIONS,
    );
    const named = placed.flatMap((p, i) => (p ? [{ ...p, i }] : []));
    expect(named.length).toBeGreaterThan(0);
    expect(named.length).toBeLessThan(points.length);
    for (const a of named) {
      expect(a.box.left).toBeGreaterThanOrEqual(0);
      expect(a.box.top).toBeGreaterThanOrEqual(0);
      expect(a.box.right).toBeLessThanOrEqual(OPTIONS.width);
      expect(a.box.bottom).toBeLessThanOrEqual(OPTIONS.height);
      for (const b of named) if (a !== b) expect(overlap(a.box, b.box)).toBe(false);
      for (const p of points) {
        const dot = { left: p.x - 6, right: p.x + 6, top: p.y - 6, bottom: p.y + 6 };
        expect(overlap(a.box, dot)).toBe(false);
      }
    }
  });

  it('names first what matters most, and a point by the right edge to its left', () => {
    const points: LabelPoint[] = [
      { x: 100, y: 100, width: 50 },
      { x: 100, y: 104, width: 50 },
      { x: 290, y: 50, width: 50 },
    ];
    const placed = placeLabels(points, [1, 0, 2], OPTIONS);
    expect(placed[1]?.side).toBe('after');
    expect(placed[0]?.side).not.toBe('after');
    expect(placed[2]?.side).toBe('before');
  });
});
