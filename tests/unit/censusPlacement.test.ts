/**
 * Every resident of the 2016 census placed at a point by the one rule (server/census/placement.ts): the rule on
 * small made-up counties, then the real census, whose points must add up to it exactly.
 */
import { describe, expect, it } from 'vitest';
import { CENSUS_TOTAL, CENSUS_YOUTH_TOTAL, populationOf, youthOf } from '../../domain/population';
import { PROVINCES } from '../../domain/provinces';
import { censusPlacement } from '../../server/census/censusPeople';
import { COUNTIES, type County } from '../../server/census/counties';
import { apportion, placeCensus, type Place, type Town } from '../../server/census/placement';

const county = (code: string, nameFa: string, population: number, province = 'IR-01'): County => ({
  province,
  code,
  nameFa,
  population,
  women: Math.round(population / 2),
  youth: Math.round(population / 4),
  labourForce: 0,
  unemployed: 0,
  labourForceWomen: 0,
  unemployedWomen: 0,
});
const town = (nameFa: string, lat: number, lon: number, province = 'IR-01'): Town => ({ nameFa, province, lat, lon });
const place = (name: string, lat: number, lon: number, population: number, province = 'IR-01'): Place => ({
  name,
  province,
  lat,
  lon,
  population,
});
const NOWHERE = new Map([['IR-01', { lat: 0, lon: 0 }]]);
const sum = (values: readonly number[]) => values.reduce((a, b) => a + b, 0);

describe('apportion', () => {
  it('splits a whole number in proportion, exactly, the largest remainders first', () => {
    expect(apportion(10, [1, 1, 1])).toEqual([4, 3, 3]);
    expect(apportion(7, [0, 5, 2])).toEqual([0, 5, 2]);
    expect(apportion(5, [0, 0])).toEqual([3, 2]);
    for (const total of [0, 1, 99, 123_457]) expect(sum(apportion(total, [3, 0.5, 7, 11]))).toBe(total);
  });
});

describe('the placement rule', () => {
  it('a county named after a town sits at it, its places keep their people, the rest stay at the seat', () => {
    const { points, byStep } = placeCensus(
      [county('0101', 'الف', 10_000)],
      [town('الف', 30, 50)],
      [place('Be', 30.1, 50.1, 3_000), place('Pe', 30.2, 50.2, 2_000)],
      NOWHERE,
    );
    expect(points.map((p) => [p.name, p.population, p.step])).toEqual([
      ['الف', 5_000, 'seat'],
      ['Be', 3_000, 'places'],
      ['Pe', 2_000, 'places'],
    ]);
    expect(byStep).toEqual({ seat: 5_000, places: 5_000, province: 0 });
    expect(sum(points.map((p) => p.youth))).toBe(2_500);
    expect(sum(points.map((p) => p.women))).toBe(5_000);
  });

  it('places that would hold more people than their county are scaled down to it, the seat left none', () => {
    const { points } = placeCensus(
      [county('0101', 'الف', 1_000)],
      [town('الف', 30, 50)],
      [place('Be', 30.1, 50.1, 3_000), place('Pe', 30.2, 50.2, 1_000)],
      NOWHERE,
    );
    expect(points.map((p) => [p.name, p.population])).toEqual([
      ['Be', 750],
      ['Pe', 250],
    ]);
  });

  it('a place counts in the county of the nearest seat of its own province; arabic letters and spaces still match', () => {
    const { points } = placeCensus(
      [county('0101', 'کرج', 5_000), county('0102', 'عباس‌آباد', 5_000), county('0201', 'جیم', 5_000, 'IR-02')],
      [town('كرج', 30, 50), town('عباس آباد', 31, 51), town('جیم', 30.1, 50.1, 'IR-02')],
      [place('Near', 30.05, 50.05, 1_000)],
      NOWHERE,
    );
    expect(points.find((p) => p.name === 'Near')?.county).toBe('0101');
    expect(points.filter((p) => p.step === 'seat').map((p) => p.county)).toEqual(['0101', '0102', '0201']);
  });

  it('a county with no seat found is spread over its province’s placed people, in proportion', () => {
    const { points, byStep, countiesByStep } = placeCensus(
      [county('0101', 'الف', 3_000), county('0102', 'ناپیدا', 600)],
      [town('الف', 30, 50)],
      [place('Be', 30.1, 50.1, 1_000)],
      NOWHERE,
    );
    const spread = points.filter((p) => p.county === '0102');
    expect(spread.map((p) => [p.name, p.population, p.step])).toEqual([
      ['الف', 400, 'province'],
      ['Be', 200, 'province'],
    ]);
    expect(byStep).toEqual({ seat: 2_000, places: 1_000, province: 600 });
    expect(countiesByStep).toEqual({ seat: 1, province: 1 });
  });
});

describe('the 2016 census, placed', () => {
  it('has 429 counties adding up to each province and to 79,926,270 people, 20,053,009 of them aged 15-29', () => {
    expect(COUNTIES).toHaveLength(429);
    expect(sum(COUNTIES.map((c) => c.population))).toBe(79_926_270);
    expect(sum(COUNTIES.map((c) => c.youth))).toBe(20_053_009);
    for (const p of PROVINCES)
      expect(sum(COUNTIES.filter((c) => c.province === p.iso_3166_2).map((c) => c.population))).toBe(
        populationOf(p.iso_3166_2),
      );
  });

  it('gives the client each province’s people aged 15-29 as its counties add them up', () => {
    for (const p of PROVINCES)
      expect(sum(COUNTIES.filter((c) => c.province === p.iso_3166_2).map((c) => c.youth))).toBe(youthOf(p.iso_3166_2));
    expect(CENSUS_YOUTH_TOTAL).toBe(20_053_009);
  });

  it('puts every person somewhere: each county’s points add up to its figures, and all to the census', () => {
    const { points, byStep, countiesByStep } = censusPlacement();
    expect(sum(points.map((p) => p.population))).toBe(CENSUS_TOTAL);
    expect(sum(Object.values(byStep))).toBe(CENSUS_TOTAL);
    for (const c of COUNTIES) {
      const own = points.filter((p) => p.county === c.code);
      expect([sum(own.map((p) => p.population)), sum(own.map((p) => p.youth)), sum(own.map((p) => p.women))]).toEqual([
        c.population,
        c.youth,
        c.women,
      ]);
    }
    // Most people are placed by their own county's seat and places; what the gazetteer cannot seat is a minority.
    expect(countiesByStep.seat).toBeGreaterThan(300);
    expect(byStep.province).toBeLessThan(0.15 * CENSUS_TOTAL);
    expect(points.every((p) => p.province === COUNTIES.find((c) => c.code === p.county)?.province)).toBe(true);
  });
});
