/** The census figures behind per-capita rates. */
import { describe, expect, it } from 'vitest';
import { CENSUS_TOTAL, populationOf, ratePer100k } from '../../domain/population';
import { PROVINCES } from '../../domain/provinces';

describe('province populations', () => {
  it('cover all 31 provinces by ISO code and add up to the 2016 census total', () => {
    for (const province of PROVINCES) expect(populationOf(province.iso_3166_2), province.name_en).toBeGreaterThan(0);
    expect(CENSUS_TOTAL).toBe(79_926_270);
    // Tehran, the largest, as the census counted it.
    expect(populationOf(PROVINCES.find((p) => p.name_en === 'Tehran')!.iso_3166_2)).toBe(13_267_637);
  });

  it('turn a count into locations per 100,000 people', () => {
    expect(ratePer100k(93, 13_267_637)).toBeCloseTo(0.70096, 4);
    expect(ratePer100k(5, 0)).toBe(0);
  });
});
