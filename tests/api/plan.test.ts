/**
 * What-if plans and suggested sites (`/api/plan/{typeId}`, `/api/plan/{typeId}/suggest`) over real HTTP on both
 * stores: an empty plan is the coverage answer and the equity answer's ranks; a site on a location changes
 * nothing; sites never raise and closures never lower anyone's distance; the suggested gains fall one after
 * another and add up to Before - After; the plan of the suggested sites gives the suggestion's After; every
 * refusal says why; many plans asked at once are answered alike.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CoverageAnswer } from '../../domain/coverage';
import type { EquityRow } from '../../domain/equity';
import { typeByRoute } from '../../domain/locationTypes';
import type { PlanAnswer, SuggestAnswer } from '../../domain/plan';
import { PLAN_MAX_CHANGES } from '../../domain/plan';
import { PROVINCES } from '../../domain/provinces';
import type { PeopleFar } from '../../domain/wire/answers';
import gazetteer from '../../domain/data/gazetteer.json';
import { reimportType } from '../support/reimport';
import { ApiClient, startTestServer, storedRecords, STORE_KINDS, type TestServer } from '../support/testServer';

const centers = typeByRoute('Centers')!;
const WOMEN = encodeURIComponent('زنانه');
const FAR_KEYS = ['PopulationFar', 'YouthFar', 'WomenFar'] as const;
const GAIN_OF = { PopulationFar: 'Population', YouthFar: 'Youth', WomenFar: 'Women' } as const;
const sixOf = (answer: PeopleFar): PeopleFar => ({
  PopulationTotal: answer.PopulationTotal,
  PopulationFar: answer.PopulationFar,
  YouthTotal: answer.YouthTotal,
  YouthFar: answer.YouthFar,
  WomenTotal: answer.WomenTotal,
  WomenFar: answer.WomenFar,
});
/** Towns across Iran where a new centre could go (longitude, latitude). */
const TOWNS = ['57.3277,37.4747', '48.5149,34.7986', '60.8629,29.4963', '45.0712,37.5527', '54.4336,36.8398'];

describe.each(STORE_KINDS)('%s store', (store) => {
  let server: TestServer;
  let api: ApiClient;
  let locations: { guid: string; name: string; lat: number; lon: number }[];

  beforeAll(async () => {
    server = await startTestServer({ store, points: 800, rateLimit: 1_000 });
    api = new ApiClient(server.baseUrl);
    locations = await storedRecords(server, centers.typeId);
  });
  afterAll(() => server.stop());

  const plan = (query: string) => api.json<PlanAnswer>(`/api/plan/${centers.typeId}?${query}`);
  const suggest = (query: string) => api.json<SuggestAnswer>(`/api/plan/${centers.typeId}/suggest?${query}`);
  const refusal = async (path: string) => {
    const response = await fetch(`${server.baseUrl}${path}`);
    return { status: response.status, message: ((await response.json()) as { message: string }).message };
  };

  it('with no change is the coverage answer and the equity answer’s county ranks, under the filters too', async () => {
    for (const filters of ['', `&gender=${WOMEN}`]) {
      const [answer, coverage, counties] = await Promise.all([
        plan(`km=25${filters}`),
        api.json<CoverageAnswer>(`/api/coverage/${centers.typeId}?km=25${filters}`),
        api.json<EquityRow[]>(`/api/equity/${centers.typeId}?level=county&km=25${filters}`),
      ]);
      expect(answer.Before).toEqual(sixOf(coverage));
      expect(answer.After).toEqual(answer.Before);
      expect(answer.Provinces.map((p) => ({ EnName: p.EnName, ...p.Before }))).toEqual(coverage.Provinces);
      expect(answer.Counties.map((c) => [c.Code, c.NeedRankBefore])).toEqual(counties.map((c) => [c.Code, c.NeedRank]));
      expect(answer.Counties.every((c) => c.NeedRankAfter === c.NeedRankBefore)).toBe(true);
      expect(answer.Sites).toEqual([]);
    }
  });

  it('a site on a location the type has changes nothing', async () => {
    const at = locations.slice(0, 3).map((l) => `${l.lon},${l.lat}`);
    const answer = await plan(`km=25&add=${at.join(';')}`);
    expect(answer.After).toEqual(answer.Before);
    expect(answer.Sites.map((s) => s.Gain)).toEqual(at.map(() => ({ Population: 0, Youth: 0, Women: 0 })));
  });

  it('names what it changes: a site by its nearest town and its county, a closure by its name, point and county', async () => {
    const closing = locations.slice(0, 2);
    const answer = await plan(
      `km=25&add=${TOWNS[0]};${closing[0]!.lon},${closing[0]!.lat}&close=${closing.map((l) => l.guid).join(',')}`,
    );
    const counties = await api.json<EquityRow[]>(`/api/equity/${centers.typeId}?level=county&km=25`);
    // A site at a town of the gazetteer is named after it, in both languages.
    const [lon, lat] = TOWNS[0]!.split(',').map(Number) as [number, number];
    const off = (c: { lon: number; lat: number }) => Math.hypot(c.lon - lon, c.lat - lat);
    const town = gazetteer.cities.reduce((best, c) => (off(c) < off(best) ? c : best));
    expect(off(town)).toBeLessThan(0.05);
    expect([answer.Sites[0]!.Name, answer.Sites[0]!.EnName]).toEqual([town.name, town.en]);
    const countyCodes = new Set(counties.map((c) => c.Code));
    expect(answer.Sites.every((s) => s.County !== null && countyCodes.has(s.County))).toBe(true);
    expect(answer.Closed.map((c) => [c.Guid, c.Name, c.Lon, c.Lat])).toEqual(
      closing.map((l) => [l.guid.toUpperCase(), l.name, l.lon, l.lat]),
    );
    // The closed location's county is the one a site at its point falls in.
    expect(answer.Closed[0]!.County).toBe(answer.Sites[1]!.County);
    // Each county named as the equity answer names it, in both languages.
    expect(answer.Counties.map((c) => [c.Code, c.Name, c.EnName, c.Province])).toEqual(
      counties.map((c) => [c.Code, c.Name, c.EnName, c.Province]),
    );
  });

  it('sites never raise and closures never lower anyone’s distance; the sites’ gains add up to what changed', async () => {
    const opened = await plan(`km=10&add=${TOWNS.join(';')}`);
    const closed = await plan(
      `km=10&close=${locations
        .slice(0, 25)
        .map((l) => l.guid)
        .join(',')}`,
    );
    for (const key of FAR_KEYS) {
      expect(opened.After[key]).toBeLessThanOrEqual(opened.Before[key]);
      expect(closed.After[key]).toBeGreaterThanOrEqual(closed.Before[key]);
      for (const scope of [...opened.Provinces, ...opened.Counties])
        expect(scope.After[key]).toBeLessThanOrEqual(scope.Before[key]);
      for (const scope of [...closed.Provinces, ...closed.Counties])
        expect(scope.After[key]).toBeGreaterThanOrEqual(scope.Before[key]);
    }
    expect(opened.After.PopulationFar).toBeLessThan(opened.Before.PopulationFar);
    expect(closed.After.PopulationFar).toBeGreaterThan(closed.Before.PopulationFar);
    const gains = opened.Sites.map((s) => s.Gain);
    expect(gains.reduce((sum, g) => sum + g.Population, 0)).toBe(
      opened.Before.PopulationFar - opened.After.PopulationFar,
    );
    expect(gains.reduce((sum, g) => sum + g.Youth, 0)).toBe(opened.Before.YouthFar - opened.After.YouthFar);
    expect(gains.reduce((sum, g) => sum + g.Women, 0)).toBe(opened.Before.WomenFar - opened.After.WomenFar);
    expect(opened.Counties.some((c) => c.After.PopulationFar < c.Before.PopulationFar)).toBe(true);
    // The people counted stay the people counted.
    expect(closed.After.PopulationTotal).toBe(closed.Before.PopulationTotal);
  });

  it('suggests sites whose gains fall one after another, add up to Before - After, and whose plan gives that After', async () => {
    for (const [query, objective] of [
      ['km=10&n=5&for=youth', 'YouthFar'],
      ['km=25&n=3&for=women&province=IR-08', 'WomenFar'],
      // Wide reaches that overlap: a later site's gain is only what the earlier ones left.
      ['km=100&n=20&for=population', 'PopulationFar'],
    ] as const) {
      const answer = await suggest(query);
      expect(answer.Sites.length).toBeGreaterThan(0);
      const gains = answer.Sites.map((s) => s.Gain[GAIN_OF[objective]]);
      for (let i = 1; i < gains.length; i++) expect(gains[i]).toBeLessThanOrEqual(gains[i - 1]!);
      expect(gains.every((g) => g > 0)).toBe(true);
      for (const [key, gain] of [
        ['PopulationFar', 'Population'],
        ['YouthFar', 'Youth'],
        ['WomenFar', 'Women'],
      ] as const)
        expect(answer.Sites.reduce((sum, s) => sum + s.Gain[gain], 0)).toBe(answer.Before[key] - answer.After[key]);
      const km = /km=(\d+)/.exec(query)![1];
      const planned = await plan(`km=${km}&add=${answer.Sites.map((s) => `${s.Lon},${s.Lat}`).join(';')}`);
      const enName = PROVINCES.find((p) => p.iso_3166_2 === answer.Province)?.name_en;
      const scope = answer.Province === null ? planned : planned.Provinces.find((p) => p.EnName === enName)!;
      expect(scope.After).toEqual(answer.After);
      expect(scope.Before).toEqual(answer.Before);
    }
  });

  it('refuses with the reason: a site outside Iran, too many changes, a bad or unknown Guid, K, N, objective or province', async () => {
    const path = `/api/plan/${centers.typeId}`;
    const tooMany = Array.from({ length: PLAN_MAX_CHANGES + 1 }, (_, i) => `${50 + i / 1000},33`).join(';');
    const tooManyGuids = Array.from(
      { length: PLAN_MAX_CHANGES + 1 },
      (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
    ).join(',');
    const cases: [string, RegExp][] = [
      [`${path}?km=25&add=10,10`, /outside Iran/],
      [`${path}?km=25&add=${tooMany}`, /at most 100 sites, got 101/],
      [`${path}?km=25&close=${tooManyGuids}`, /at most 100 closures, got 101/],
      [`${path}?km=25&close=not-a-guid`, /close/],
      [`${path}?km=25&close=00000000-0000-4000-8000-0000000000FF`, /no location of this type has the Guid/],
      [`${path}?km=0`, /km must be a number from 0.1 to 500/],
      [`${path}?km=501`, /km must be a number from 0.1 to 500/],
      [`${path}?km=25&add=${'1'.repeat(3_000)}`, /add/],
      [`${path}/suggest?km=25&n=0&for=youth`, /n must be a number from 1 to 20/],
      [`${path}/suggest?km=25&n=21&for=youth`, /n must be a number from 1 to 20/],
      [`${path}/suggest?km=25&n=3&for=children`, /for/],
      [`${path}/suggest?km=25&n=3&for=youth&province=IR-99`, /no province has the code IR-99/],
      [`${path}/suggest?km=25&n=3&for=youth&province=Tehran`, /province/],
    ];
    for (const [asked, reason] of cases) {
      const answer = await refusal(asked);
      expect(answer.status, asked.slice(0, 120)).toBe(400);
      expect(answer.message, asked.slice(0, 120)).toMatch(reason);
    }
    expect((await refusal(`/api/plan/00000000-0000-4000-8000-000000000000?km=25`)).status).toBe(404);
  });

  it('answers many plans and suggestions asked at once alike', async () => {
    const query = `km=25&add=${TOWNS.slice(0, 3).join(';')}&close=${locations
      .slice(0, 5)
      .map((l) => l.guid)
      .join(',')}`;
    const answers = await Promise.all(Array.from({ length: 16 }, () => plan(query)));
    expect(new Set(answers.map((a) => JSON.stringify(a))).size).toBe(1);
    const suggested = await Promise.all(Array.from({ length: 8 }, () => suggest('km=25&n=4&for=population')));
    expect(new Set(suggested.map((a) => JSON.stringify(a))).size).toBe(1);
  });

  // Last: it imports, moving the dataset on.
  it('closes all twenty locations that share one point', async () => {
    const guids = Array.from({ length: 20 }, (_, i) => `C0000000-0000-4000-8000-0000000D${String(i).padStart(4, '0')}`);
    await reimportType(
      server,
      'Centers',
      (rows) => [
        ...rows,
        ...guids.map((guid, i) => ({ ...rows[0]!, Guid: guid, NameMakanAmoozeshi: `کارگاه هم‌جا ${i}` })),
      ],
      'plan-shared-point',
    );
    await api.json('/api/meta');
    const answer = await plan(`km=25&close=${guids.join(',')}`);
    expect(answer.After).toEqual(answer.Before);
  });
});
