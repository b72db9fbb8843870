/**
 * The provinces' shapes as decoded from the TopoJSON file (domain/provinceShapes.ts): one per province of the
 * reference table, closed rings of rounded points, each label point inside its own province, and the Tunb islands
 * with Hormozgan.
 */
import { describe, expect, it } from 'vitest';
import { PROVINCE_SHAPES } from '../../domain/provinceShapes';
import { PROVINCES } from '../../domain/provinces';
import { provinceAt } from '../../domain/provinceLocator';

describe("the provinces' shapes", () => {
  it('are the reference table’s 31 provinces, in its order and with its names', () => {
    expect(PROVINCE_SHAPES.features.map((f) => [f.id, f.properties.name_en, f.properties.name_fa])).toEqual(
      PROVINCES.map((p) => [p.iso_3166_2, p.name_en, p.name_fa]),
    );
    expect(PROVINCE_SHAPES.provenance).toMatch(/^Natural Earth admin-1/);
  });

  it('are closed rings of points rounded to 1e-4 degrees', () => {
    for (const { geometry } of PROVINCE_SHAPES.features) {
      const rings = geometry.type === 'Polygon' ? geometry.coordinates : geometry.coordinates.flat();
      for (const ring of rings) {
        expect(ring.length).toBeGreaterThanOrEqual(4);
        expect(ring.at(-1)).toEqual(ring[0]);
        for (const point of ring) for (const c of point) expect(Math.round(c * 1e4) / 1e4).toBe(c);
      }
    }
  });

  it('stand each label inside its own province', () => {
    for (const { properties } of PROVINCE_SHAPES.features)
      expect(provinceAt(properties.label_lat, properties.label_lon)).toBe(properties.iso_3166_2);
  });

  it('keep the Tunb islands with Hormozgan', () => {
    const hormozgan = PROVINCE_SHAPES.features.find((f) => f.properties.name_en === 'Hormozgan')!;
    expect(hormozgan.geometry.type).toBe('MultiPolygon');
    // Greater Tunb lies at about 26.26 N, 55.31 E.
    expect(provinceAt(26.26, 55.31)).toBe(hormozgan.properties.iso_3166_2);
  });
});
