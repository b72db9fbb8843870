/**
 * What a what-if plan's answer says (src/stats/whatIfFigures.ts): the sentence tells what the sites bring and the
 * closures cost (worked out from the figures), the far count before and after and the site's county's move in
 * need; the county table holds the counties the plan changes, not those whose rank only shifts; the files hold
 * every province and county, and the sites and closures as GeoJSON points.
 */
import { describe, expect, it } from 'vitest';
import type { PlanAnswer, PlanCounty } from '../../domain/plan';
import type { PeopleFar } from '../../domain/wire/answers';
import { formatCount } from '../../src/i18n/format';
import { t } from '../../src/i18n/words';
import { changedCounties, countyTable, planCsv, planGeoJson, planSentence } from '../../src/stats/whatIfFigures';

const six = (far: number): PeopleFar => ({
  PopulationTotal: 1000,
  PopulationFar: far,
  YouthTotal: 300,
  YouthFar: Math.round(far * 0.3),
  WomenTotal: 500,
  WomenFar: Math.round(far / 2),
});

const county = (code: string, before: number, after: number, rankBefore: number, rankAfter: number): PlanCounty => ({
  Code: code,
  Name: `شهرستان${code}`,
  EnName: `County ${code}`,
  Province: 'Tehran',
  Before: six(before),
  After: six(after),
  NeedRankBefore: rankBefore,
  NeedRankAfter: rankAfter,
});

/** A site near Shirvan that brings 300 people within reach, whose county moves from 12 to 88 in need. */
const opened: PlanAnswer = {
  Km: 25,
  Before: six(900),
  After: six(600),
  Provinces: [{ EnName: 'Tehran', Before: six(900), After: six(600) }],
  Counties: [
    county('0101', 500, 200, 12, 88),
    county('0102', 400, 400, 13, 12), // only its rank shifts as the first county leaves
    county('0103', 0, 0, 90, 90),
  ],
  Sites: [
    {
      Lon: 57.93,
      Lat: 37.4,
      Name: 'شیروان',
      EnName: 'Shirvan',
      County: '0101',
      Gain: { Population: 300, Youth: 90, Women: 150 },
    },
  ],
  Closed: [],
};

describe('what a what-if plan says', () => {
  it('tells what the sites bring, the far count before and after, and how the site’s county moves in need', () => {
    const sentence = planSentence(opened, 'population', 'مرکز');
    expect(sentence).toContain(
      t.whatIf.opened(formatCount(1), 'مرکز', 'شیروان', formatCount(300), t.plan.whom.population, formatCount(25)),
    );
    expect(sentence).toContain(
      t.whatIf.farNow(t.plan.whom.population, formatCount(25), formatCount(900), formatCount(600)),
    );
    expect(sentence).toContain(t.whatIf.moves('شهرستان0101', formatCount(12), formatCount(88)));
    expect(planSentence({ ...opened, Sites: [], After: opened.Before }, 'youth', 'مرکز')).toBe(t.whatIf.empty);
  });

  it('works out what the closures cost from the figures: far after, less far before, plus what the sites brought', () => {
    const both: PlanAnswer = {
      ...opened,
      After: six(700),
      Closed: [{ Guid: 'G', Name: 'مرکز الف', Lon: 51, Lat: 35, County: '0103' }],
    };
    // 900 far before; the site brings 300; the closure leaves 100 more far: 700 after.
    expect(planSentence(both, 'population', 'مرکز')).toContain(
      t.whatIf.closing(formatCount(1), 'مرکز الف', formatCount(100), t.plan.whom.population, formatCount(25)),
    );
  });

  it('lists the counties the plan changes (their people far, or a site or closure in them), not rank shifts', () => {
    expect(changedCounties(opened, 'population').map((c) => c.Code)).toEqual(['0101']);
    const withClosure = { ...opened, Closed: [{ Guid: 'G', Name: 'x', Lon: 51, Lat: 35, County: '0103' }] };
    expect(changedCounties(withClosure, 'population').map((c) => c.Code)).toEqual(['0101', '0103']);
    expect(countyTable(opened, 'women').rows[0]!.cells).toEqual([
      'شهرستان0101',
      expect.any(String),
      formatCount(250),
      formatCount(100),
      formatCount(12),
      formatCount(88),
    ]);
  });

  it('writes every province and county before and after, and the sites and closures as points', () => {
    const lines = planCsv(opened).trim().split('\r\n');
    expect(lines).toHaveLength(1 + 1 + 1 + 3);
    // Every row is named in both languages, as the equity file's rows are.
    expect(lines[0]!.split(',').slice(0, 5)).toEqual(['Level', 'Code', 'Name', 'EnName', 'Province']);
    expect(lines[1]).toBe('country,IR,ایران,Iran,,1000,900,600,300,270,180,500,450,300,,,25');
    expect(lines[2]).toBe('province,IR-23,تهران,Tehran,Tehran,1000,900,600,300,270,180,500,450,300,,,25');
    expect(lines[3]).toBe('county,0101,شهرستان0101,County 0101,Tehran,1000,500,200,300,150,60,500,250,100,12,88,25');
    const closing = { ...opened, Closed: [{ Guid: 'G', Name: '=HYPERLINK("x")', Lon: 51, Lat: 35, County: null }] };
    const features = (
      JSON.parse(planGeoJson(closing, 'T1')) as {
        features: { geometry: unknown; properties: Record<string, unknown> }[];
      }
    ).features;
    expect(features.map((f) => [f.geometry, f.properties['change']])).toEqual([
      [{ type: 'Point', coordinates: [57.93, 37.4] }, 'open'],
      [{ type: 'Point', coordinates: [51, 35] }, 'close'],
    ]);
    expect(features[0]!.properties).toMatchObject({ nearTownEn: 'Shirvan', county: '0101', gainYouth: 90 });
  });
});
