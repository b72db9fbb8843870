/**
 * The banded ring test (domain/geometry.ts) answers as the plain even-odd test over every edge does, for rings of
 * every shape a hand may draw: star-shaped and concave, crossing themselves, with level edges and repeated corners,
 * asked at random points, at the corners and on the bands' own boundaries.
 */
import type { Position } from 'geojson';
import { describe, expect, it } from 'vitest';
import { contains, ringTest } from '../../domain/geometry';

/** A small seeded generator (mulberry32), so a failure is the same failure every run. */
function random(seed: number): () => number {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function rings(next: () => number): Position[][] {
  const star = Array.from({ length: 500 }, (_, i) => {
    const r = i % 2 === 0 ? 12 : 4 + 6 * next();
    const a = (2 * Math.PI * i) / 500;
    return [53 + r * Math.cos(a), 32 + r * Math.sin(a)];
  });
  const scribble = Array.from({ length: 60 }, () => [44 + 20 * next(), 25 + 15 * next()]);
  // Level edges, a corner repeated, corners on a coarse grid (so points and corners share latitudes).
  const stairs = [
    [50, 30],
    [52, 30],
    [52, 31],
    [54, 31],
    [54, 31],
    [54, 33],
    [51, 33],
    [51, 32],
    [50, 32],
  ];
  const triangle = [
    [50, 30],
    [60, 30],
    [55, 30.000001],
  ];
  return [star, scribble, stairs, triangle];
}

describe('ringTest', () => {
  it('answers as the even-odd test over every edge, for each shape, at random points, corners and band edges', () => {
    const next = random(56);
    for (const ring of rings(next)) {
      const banded = ringTest(ring);
      const plain = (lon: number, lat: number) =>
        contains({ type: 'Polygon', coordinates: [[...ring, ring[0]!]] }, lon, lat);
      const lats = ring.map(([, lat]) => lat!);
      const [low, high] = [Math.min(...lats), Math.max(...lats)];
      const asked: [number, number][] = [
        ...Array.from({ length: 4000 }, (): [number, number] => [40 + 30 * next(), 20 + 25 * next()]),
        ...ring.map(([lon, lat]): [number, number] => [lon!, lat!]),
        ...ring.map(([lon, lat]): [number, number] => [lon! + 1e-9, lat!]),
        // The bands' boundaries, for every count of bands the ring may have.
        ...Array.from({ length: 257 }, (_, k): [number, number] => [
          40 + 30 * next(),
          low + ((high - low) * k) / Math.min(256, ring.length),
        ]),
      ];
      let inside = 0;
      const differing: [number, number][] = [];
      for (const [lon, lat] of asked) {
        const expected = plain(lon, lat);
        if (banded(lon, lat) !== expected) differing.push([lon, lat]);
        if (expected) inside++;
      }
      expect(differing).toEqual([]);
      // Something in, something out: an answer of all or nothing would show.
      expect(inside).toBeGreaterThan(0);
      expect(inside).toBeLessThan(asked.length);
    }
  });
});
