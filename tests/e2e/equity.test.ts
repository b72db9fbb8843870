/**
 * Need against supply, walked as an analyst does at 1280 and 375 px, in Persian and English: the quadrant chart of the provinces (drawn where the server's figures put them, every
 * point reached and chosen by keyboard), the sentence naming those most in need, the 429 counties as a table
 * and a file, and as circles on the map; then where the next sites would reach the most people, as the server
 * chooses them; then a what-if plan walked from the card to the map and back; axe on each.
 */
import { describe, expect, it } from 'vitest';
import type { EquityRow } from '../../domain/equity';
import type { MapLocation } from '../../domain/gateway';
import type { PlanAnswer, SuggestAnswer } from '../../domain/plan';
import { typeByRoute } from '../../domain/locationTypes';
import { provinceByEnName } from '../../domain/provinces';
import { en } from '../../src/i18n/en';
import { fa } from '../../src/i18n/fa';
import { expectAccessible } from './drivers/accessibility';
import { EquityDriver } from './drivers/EquityDriver';
import { countInk, type Ink } from './drivers/mapInk';
import { StatsDriver } from './drivers/StatsDriver';
import { SuggestDriver } from './drivers/SuggestDriver';
import { PlanDriver } from './drivers/PlanDriver';
import { paramOfPlan } from '../../src/url/whatIfPlan';
import { ARTIFACTS, DESKTOP, PHONE, useBrowserApp, type Viewport } from './fixture';

const env = useBrowserApp({ points: 6000 });
const centers = typeByRoute('Centers')!;
const guilds = typeByRoute('Guilds')!;

async function api<T>(path: string): Promise<T> {
  return (await (await fetch(`${env.baseUrl}/api/${path}`)).json()) as T;
}

/** The suggested sites' outline (src/map/SuggestLayer.tsx), far from the basemap's water and every other layer. */
const SITE_INK: Ink = { name: 'site teal', matches: (r, g, b) => g - r > 70 && b - r > 90 && b >= g };

/** A plan's new sites (src/map/PlanLayer.tsx): violet, blue well above green, red between. */
const PLAN_INK: Ink = { name: 'plan violet', matches: (r, g, b) => b - g > 100 && r - g > 20 && b > 180 };

/** Wide enough for the sidebar to float open over the map, narrow enough that a bar centred on the map meets it. */
const NARROW_DESKTOP = { width: 900, height: 800 };
/**
 * The plan's county table's heading at 375 px, at most: 95 px drawn; the six headings written out stood some 190 px,
 * and grouped with their short names wrapped, 138.
 */
const HEADING_AT_MOST_PX = 120;

const byNeed = (rows: readonly EquityRow[]) => [...rows].sort((a, b) => a.NeedRank - b.NeedRank);
/** The digits a page writes, folded back to ASCII to compare with the server's numbers. */
const ascii = (text: string) => text.replace(/[۰-۹]/g, (d) => String(d.charCodeAt(0) - 0x06f0));

/** Both widths and both languages, each language at one width (the other pairs add time, not cases). */
const PAGES: [string, typeof fa | typeof en, string, Viewport][] = [
  ['Persian at 1280 px', fa, '', DESKTOP],
  ['English at 375 px', en, '&lang=en', PHONE],
];

describe('need against supply', () => {
  it.each(PAGES)(
    '%s: the quadrant chart, its sentence, a point chosen by keyboard and the county table',
    async (label, words, lang, viewport) => {
      const persian = words === fa;
      const nameOf = (row: EquityRow) => (persian ? row.Name : row.EnName);
      const title = persian ? centers.titleFa : centers.titleEn;
      const [provinces, counties] = await Promise.all([
        api<EquityRow[]>(`equity/${centers.typeId}?level=province&km=25`),
        api<EquityRow[]>(`equity/${centers.typeId}?level=county&km=25`),
      ]);
      const ranked = byNeed(provinces);
      await env.withApp(async ({ app, page }) => {
        await app.open(`/Centers?tab=stats${lang}`);
        const stats = new StatsDriver(page);
        await stats.waitReady();
        const equity = new EquityDriver(page);
        // The sentence names the three provinces the server ranks most in need, in the page's language.
        await expect
          .poll(() => equity.sentence().innerText())
          .toBe(words.equity.sentence(ranked.slice(0, 3).map(nameOf).join(words.listSeparator), title));
        // Every province a point, drawn where its figures put it: more need higher, more supply further right.
        await expect.poll(() => equity.points().count()).toBe(31);
        const drawn = new Map((await equity.drawnPoints()).map((p) => [p.code, p]));
        const at = (row: EquityRow) => drawn.get(row.Code)!;
        const neediest = [...provinces].sort((a, b) => b.Need - a.Need)[0]!;
        const best = [...provinces].sort((a, b) => b.PerYouth100k - a.PerYouth100k)[0]!;
        expect(Math.min(...provinces.map((r) => at(r).y))).toBeCloseTo(at(neediest).y, 0);
        expect(Math.max(...provinces.map((r) => at(r).x))).toBeCloseTo(at(best).x, 0);
        // Named in the page's language, the most in need first: as many as fit, no name over another or over a
        // point, none cut at the plot's edges (the crowded high-need corner's names overlapped and ran off).
        const names = await equity.namesDrawn();
        // On a phone a long name may find no room (it is said below the chart on focus and hover).
        const topNamed = ranked.slice(0, 5).filter((row) => names.includes(nameOf(row))).length;
        expect(topNamed).toBeGreaterThanOrEqual(viewport === DESKTOP ? 5 : 3);
        expect(names.length).toBeGreaterThanOrEqual(viewport === DESKTOP ? 20 : 8);
        const layout = await equity.nameLayout();
        const overlap = (a: typeof layout.plot, b: typeof layout.plot) =>
          a.left < b.right - 0.5 && b.left < a.right - 0.5 && a.top < b.bottom - 0.5 && b.top < a.bottom - 0.5;
        for (const [i, name] of layout.names.entries()) {
          expect(name.left, `${name.text} cut at the start`).toBeGreaterThanOrEqual(layout.plot.left - 1);
          expect(name.right, `${name.text} cut at the end`).toBeLessThanOrEqual(layout.plot.right + 1);
          expect(name.top, `${name.text} cut at the top`).toBeGreaterThanOrEqual(layout.plot.top - 1);
          for (const other of layout.names.slice(i + 1))
            expect(overlap(name, other), `${name.text} over ${other.text}`).toBe(false);
          for (const dot of layout.dots) expect(overlap(name, dot), `${name.text} over a point`).toBe(false);
          for (const caption of layout.captions)
            expect(overlap(name, caption), `${name.text} over a caption`).toBe(false);
        }
        // One tab stop, on the province most in need; arrows walk the ranks, End the last; Enter chooses it.
        await expect.poll(() => equity.tabStop().count()).toBe(1);
        await equity.tabStop().focus();
        expect(await equity.focusedCode()).toBe(ranked[0]!.Code);
        await page.keyboard.press('ArrowRight');
        expect(await equity.focusedCode()).toBe(ranked[1]!.Code);
        const second = ranked[1]!;
        await expect
          .poll(async () => ascii(await page.getByTestId('quadrant-described').innerText()))
          .toContain(ascii(`${nameOf(second)}`));
        expect(await equity.tabStop().getAttribute('data-code')).toBe(second.Code);
        await page.keyboard.press('End');
        const last = ranked[30]!;
        expect(await equity.focusedCode()).toBe(last.Code);
        await page.keyboard.press('Enter');
        // The tab now shows that province (its pie, its name in the province box).
        const provinceLabel = persian ? provinceByEnName(last.Province)!.name_fa : last.Province;
        await expect
          .poll(() => page.getByRole('combobox', { name: words.stats.province, exact: true }).inputValue())
          .toBe(provinceLabel);
        // ...and opens its list of locations, as the map chart's Enter does; Escape brings the focus back.
        await expect
          .poll(() => stats.listDialog().getByRole('heading').first().innerText())
          .toBe(words.stats.listTitle(title, provinceLabel));
        await page.keyboard.press('Escape');
        await stats.listDialog().waitFor({ state: 'detached' });
        await expect.poll(() => equity.focusedCode()).toBe(last.Code);
        await equity.card().scrollIntoViewIfNeeded();
        await expectAccessible(page, `the need-against-supply chart, ${label}`);
        await equity.card().screenshot({ path: `${ARTIFACTS}/equity-${viewport.width}${lang ? '-en' : ''}.png` });
        // The counties: a ranked table of all 429, the sentence naming five with their provinces.
        await equity.chooseLevel(words.equity.levels.county);
        await expect.poll(() => equity.countyRows().count()).toBe(429);
        const countiesRanked = byNeed(counties);
        expect(await equity.countyRows().first().locator('th').innerText()).toBe(nameOf(countiesRanked[0]!));
        const provinceName = (row: EquityRow) => (persian ? provinceByEnName(row.Province)!.name_fa : row.Province);
        await expect
          .poll(() => equity.sentence().innerText())
          .toBe(
            words.equity.countySentence(
              countiesRanked
                .slice(0, 5)
                .map((c) => `${nameOf(c)} (${provinceName(c)})`)
                .join(words.listSeparator),
              title,
            ),
          );
        await expectAccessible(page, `the county table, ${label}`);
      }, viewport);
    },
  );

  it.each(PAGES)(
    '%s: suggested sites for those aged 15-29, then for women in one province, as the server chooses them',
    async (label, words, lang, viewport) => {
      const persian = words === fa;
      const siteName = (site: SuggestAnswer['Sites'][number]) => (persian ? site.Name : site.EnName);
      const digits = (text: string) => ascii(text).replace(/\D/g, '');
      const [youth, women] = await Promise.all([
        api<SuggestAnswer>(`plan/${centers.typeId}/suggest?km=25&n=5&for=youth`),
        api<SuggestAnswer>(`plan/${centers.typeId}/suggest?km=25&n=5&for=women&province=IR-08`),
      ]);
      expect(youth.Sites.length).toBeGreaterThan(0);
      expect(women.Sites.length).toBeGreaterThan(0);
      await env.withApp(async ({ app, page }) => {
        await app.open(`/Centers?tab=stats${lang}`);
        await new StatsDriver(page).waitReady();
        const suggest = new SuggestDriver(page);
        await suggest.card().scrollIntoViewIfNeeded();
        // The table ranks the server's sites with what each adds; the sentence names them and their sum.
        await expect.poll(() => suggest.rows().count()).toBe(youth.Sites.length);
        const rows = await suggest.table();
        expect(rows.map((row) => row[1])).toEqual(youth.Sites.map(siteName));
        expect(rows.map((row) => digits(row[3]!))).toEqual(youth.Sites.map((s) => String(s.Gain.Youth)));
        const sentence = await suggest.sentence().innerText();
        for (const site of youth.Sites) expect(sentence).toContain(siteName(site));
        expect(digits(sentence)).toContain(String(youth.Sites.reduce((sum, s) => sum + s.Gain.Youth, 0)));
        expect(sentence).toContain(words.plan.whom.youth);
        await expectAccessible(page, `suggested sites, ${label}`);
        await suggest.card().screenshot({ path: `${ARTIFACTS}/suggest-${viewport.width}${lang ? '-en' : ''}.png` });
        // Into a what-if plan: its sites, and its figures the suggestion's own (greedy's After is the plan's).
        await suggest.card().getByTestId('suggest-to-plan').click();
        const plan = new PlanDriver(page);
        await expect
          .poll(() => plan.plan()?.add)
          .toEqual(youth.Sites.map((s) => ({ lon: +s.Lon.toFixed(5), lat: +s.Lat.toFixed(5) })));
        await expect
          .poll(async () => (await plan.table('plan-nation')).map((row) => digits(row[2]!))[1])
          .toBe(String(youth.After.YouthFar));
        await page.getByTestId('plan-end').click();
        // For women, in one province: its own sites, each in it.
        await suggest.choose('suggest-for', words.plan.objectives.women);
        await suggest.chooseProvince(words.plan.where, persian ? 'کرمان' : 'Kerman');
        await expect.poll(async () => (await suggest.table()).map((row) => row[1])).toEqual(women.Sites.map(siteName));
        const provinceShown = persian ? provinceByEnName(women.Sites[0]!.Province)!.name_fa : women.Sites[0]!.Province;
        expect(new Set((await suggest.table()).map((row) => row[2]))).toEqual(new Set([provinceShown]));
        expect(await suggest.sentence().innerText()).toContain(words.plan.whom.women);
        await expectAccessible(page, `suggested sites in a province, ${label}`);
        // On the map: each site's reach drawn in its own teal, the bar saying what it is; hidden again.
        await suggest.card().getByTestId('suggest-on-map').click();
        const bar = page.getByTestId('suggest-bar');
        await expect.poll(() => bar.getAttribute('data-drawn')).toBe(String(women.Sites.length));
        expect(new URL(page.url()).searchParams.get('suggestIn')).toBe('IR-08');
        await expect.poll(async () => (await countInk(app.map(), SITE_INK)).pixels).toBeGreaterThan(30);
        await page.screenshot({ path: `${ARTIFACTS}/suggest-map-${viewport.width}${lang ? '-en' : ''}.png` });
        await expectAccessible(page, `suggested sites on the map, ${label}`);
        await page.getByRole('button', { name: words.plan.hide }).click();
        await bar.waitFor({ state: 'detached' });
        await expect.poll(async () => (await countInk(app.map(), SITE_INK)).pixels).toBe(0);
      }, viewport);
    },
  );

  // The measure per 100,000 aged 15-29 is walked with the other measures in stats.test.ts.
  it('the counties at another distance as a file, and as circles at their seats on the map', async () => {
    const counties = await api<EquityRow[]>(`equity/${centers.typeId}?level=county&km=10`);
    await env.withApp(async ({ app, page }) => {
      await app.open('/Centers?tab=stats');
      const stats = new StatsDriver(page);
      await stats.waitReady();
      const equity = new EquityDriver(page);
      await equity.chooseLevel(fa.equity.levels.county);
      await page.getByTestId('equity-km').getByText(fa.coverage.km('۱۰'), { exact: true }).click();
      await expect
        .poll(async () => equity.countyRows().first().locator('th').innerText())
        .toBe(byNeed(counties)[0]!.Name);
      // The file: every county, most in need first, with its census figures in ASCII digits.
      const file = await stats.exportChart(fa.equity.heading, fa.stats.exportCsv);
      expect(file.name).toBe('need-Centers-county-10km.csv');
      const lines = file.text.replace('\uFEFF', '').trim().split('\r\n');
      expect(lines).toHaveLength(430);
      expect(lines[0]).toContain(fa.equity.rank);
      expect(lines[0]).toContain(fa.equity.far('10'));
      const first = byNeed(counties)[0]!;
      expect(lines[1]).toContain(`${first.Name},${first.EnName},${first.Code}`);
      expect(lines[1]).toContain(`,${first.Youth},`);
      // To the map: each county with a seat a circle there, redder the more in need; the bar says how many.
      await page.getByTestId('equity-on-map').click();
      await expect.poll(() => new URL(page.url()).searchParams.get('need')).toBe('10');
      const seated = counties.filter((c) => c.Seated).length;
      await expect
        .poll(() => page.getByTestId('need-bar').innerText())
        .toBe(fa.equity.onMap(new Intl.NumberFormat('fa-IR').format(seated), centers.titleFa));
      await app.waitForMap('settled');
      // Whole beside the open sidebar, not cut off under it.
      const bar = (await page.getByTestId('need-bar').boundingBox())!;
      const sidebar = (await page.locator('#sidebar').boundingBox())!;
      expect(await page.locator('#sidebar').getAttribute('data-covers-map')).toBe('true');
      expect(bar.x + bar.width).toBeLessThanOrEqual(sidebar.x + 1);
      const NEED_INK: Ink = { name: 'need red', matches: (r, g, b) => r > 150 && r - g > 60 && r - b > 60 && g < 150 };
      await expect.poll(async () => (await countInk(app.map(), NEED_INK)).pixels).toBeGreaterThan(200);
      await expectAccessible(page, 'the counties on the map');
      await page.screenshot({ path: `${ARTIFACTS}/equity-map-900.png` });
      await page.getByRole('button', { name: fa.equity.hide }).click();
      await page.getByTestId('need-bar').waitFor({ state: 'detached' });
      await expect.poll(async () => (await countInk(app.map(), NEED_INK)).pixels).toBe(0);
    }, NARROW_DESKTOP);
  });

  it.each(PAGES)(
    '%s: a what-if plan: a town added and removed by keyboard, a site by a click, a workshop made a centre, a closure from a detail, the link reopened',
    async (label, words, lang, viewport) => {
      const persian = words === fa;
      const digits = (text: string) => ascii(text).replace(/\D/g, '');
      const fmt = (n: number) => new Intl.NumberFormat(persian ? 'fa-IR' : 'en-US').format(n);
      const town = persian ? 'بجنورد' : 'Bojnurd';
      const townBox = { open: words.whatIf.addTown, box: words.whatIf.townLabel };
      const inEnglish = lang ? `${lang}` : '';
      await env.withApp(async ({ app, page }) => {
        await app.open(`/Centers?tab=stats${inEnglish}`);
        await new StatsDriver(page).waitReady();
        const plan = new PlanDriver(page);
        await plan.card().scrollIntoViewIfNeeded();
        await plan.card().getByTestId('plan-start').click();
        await expect.poll(() => plan.plan()).toEqual({ km: 25, objective: 'youth', add: [], close: [] });
        // Keyboard alone: a site at a town, found by its name, then removed, then added again.
        await plan.addTownByKeyboard(townBox, 'بجنورد', town);
        await expect.poll(() => plan.plan()?.add).toEqual([{ lon: 57.33333, lat: 37.475 }]);
        // Named once the server has placed it (after the town nearest it).
        await expect.poll(() => plan.siteItems().innerText()).toContain(town);
        await plan.tabTo(words.whatIf.removeSite(town));
        await page.keyboard.press('Enter');
        await expect.poll(() => plan.plan()?.add).toEqual([]);
        await plan.addTownByKeyboard(townBox, 'بجنورد', town);
        await expect.poll(() => plan.plan()?.add.length).toBe(1);
        // The sentence and the county table say what the server works out for the same plan.
        const one = await api<PlanAnswer>(`plan/${centers.typeId}?km=25&add=57.33333,37.475`);
        const site = one.Sites[0]!;
        expect(site.Gain.Youth).toBeGreaterThan(0);
        const county = one.Counties.find((c) => c.Code === site.County)!;
        // A county is named in the page's language, as the equity table names it (Bojnurd on an English page).
        const countyName = persian ? county.Name : county.EnName;
        if (!persian) expect(county.EnName).not.toBe(county.Name);
        await expect.poll(() => plan.sentence().innerText()).toContain(town);
        const sentence = await plan.sentence().innerText();
        expect(digits(sentence)).toContain(String(site.Gain.Youth));
        expect(sentence).toContain(countyName);
        expect(sentence).toContain(
          words.whatIf.moves(countyName, fmt(county.NeedRankBefore), fmt(county.NeedRankAfter)),
        );
        const counties = await plan.table('plan-counties');
        expect(counties[0]!.slice(0, 1)).toEqual([countyName]);
        expect(counties[0]!.slice(2).map(digits)).toEqual(
          [county.Before.YouthFar, county.After.YouthFar, county.NeedRankBefore, county.NeedRankAfter].map(String),
        );
        // Far now and with the plan under one heading, the need ranks under another: at 375 px the six headings
        // written out stood up to seven lines tall.
        const headings = await plan.headings('plan-counties');
        expect(headings.rows).toEqual([
          [words.whatIf.county, words.stats.province, words.whatIf.farOf(words.plan.whom.youth), words.whatIf.needRank],
          [words.whatIf.now, words.whatIf.withPlan, words.whatIf.now, words.whatIf.withPlan],
        ]);
        expect(headings.height).toBeLessThan(HEADING_AT_MOST_PX);
        const nation = await plan.table('plan-nation');
        expect(nation.map((row) => digits(row[2]!))).toEqual(
          [one.After.PopulationFar, one.After.YouthFar, one.After.WomenFar].map(String),
        );
        // Each change of the plan is asked once, though the map (kept under the tab) draws the same plan.
        const planAsks = app.apiRequests
          .map((r) => new URL(r.url()))
          .filter((u) => u.pathname.startsWith('/api/plan/'))
          .map(String);
        expect(planAsks.length).toBeGreaterThan(0);
        expect(planAsks.filter((u, i) => u === planAsks[i - 1])).toEqual([]);
        await expectAccessible(page, `the plan's card, ${label}`);
        await plan.card().screenshot({ path: `${ARTIFACTS}/plan-card-${viewport.width}${lang ? '-en' : ''}.png` });
        await page.getByTestId('plan-counties').scrollIntoViewIfNeeded();
        await page.screenshot({ path: `${ARTIFACTS}/plan-tables-${viewport.width}${lang ? '-en' : ''}.png` });

        // On the map: the site drawn in violet; a second added by a click.
        await plan.card().getByTestId('plan-on-map').click();
        await expect.poll(() => plan.bar().getAttribute('data-drawn')).toBe('1');
        await app.waitForMap('settled');
        await expect.poll(async () => (await countInk(app.map(), PLAN_INK)).pixels).toBeGreaterThan(20);
        await plan.bar().getByTestId('plan-add-by-click').click();
        // The map says it takes points now: its cursor is a crosshair.
        await page.waitForFunction(() =>
          [...document.querySelectorAll('[data-testid="map"] canvas')].some(
            (canvas) => getComputedStyle(canvas).cursor === 'crosshair',
          ),
        );
        // In the Persian Gulf, outside Iran: refused at once, with the reason (the server would refuse the plan).
        const gulf = await app.pagePointOf(27.0, 51.5);
        await page.mouse.click(gulf.x, gulf.y);
        await expect.poll(() => plan.bar().getByTestId('plan-outside').innerText()).toBe(words.whatIf.outside);
        expect(plan.plan()!.add).toHaveLength(1);
        // At the map's centre: inside Iran at the country's view at either width, clear of the bars at its edges.
        const box = (await app.map().boundingBox())!;
        const centre = await app.mapState();
        await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
        await expect.poll(() => plan.bar().getAttribute('data-drawn')).toBe('2');
        const added = plan.plan()!.add[1]!;
        expect(Math.abs(added.lon - centre.longitude) + Math.abs(added.lat - centre.latitude)).toBeLessThan(0.1);
        await plan.bar().getByTestId('plan-add-by-click').click();
        await expectAccessible(page, `the plan on the map, ${label}`);

        const planLink = (view: string, also = '') =>
          `/Centers?${view}&plan=${encodeURIComponent(paramOfPlan(plan.plan()!))}${also}${inEnglish}`;
        const sites = persian ? 3 : 2;
        if (persian) {
          // With the guilds' workshops shown, one of them becomes a centre in the plan ("turn this workshop into a
          // centre"), from its detail; the view is close on it, clear of every other pin.
          const workshop = (await api<MapLocation[]>(`Map/BindByOrglocationTypeID/${guilds.typeId}`))[0]!;
          await app.open(planLink(`lat=${workshop.Lat}&lng=${workshop.Long}&z=14`, '&also=Guilds'));
          await expect.poll(() => plan.bar().getAttribute('data-drawn')).toBe('2');
          await app.waitForMap('settled');
          // An added type's locations are dots.
          await app.clickDotAt(workshop.Lat, workshop.Long);
          await page.getByTestId('plan-open-here').click();
          await expect.poll(() => plan.plan()?.add.length).toBe(3);
          expect(plan.plan()!.add[2]).toEqual({ lon: +workshop.Long.toFixed(5), lat: +workshop.Lat.toFixed(5) });
          await page.keyboard.press('Escape');
          await page.getByTestId('detail').waitFor({ state: 'detached' });
          await expect.poll(() => plan.plan()?.add.length).toBe(3);
        }
        // The link reopened, closer to Tehran: the plan as it was; a centre closed from its detail, struck through.
        await app.open(planLink('lat=35.70000&lng=51.40000&z=10'));
        await expect.poll(() => plan.bar().getAttribute('data-drawn')).toBe(String(sites));
        await app.waitForMap('settled', (s) => s.markers > 0);
        await app.openMarkerList();
        await page.locator('.marker-list-item').first().click();
        const close = page.getByTestId('plan-close');
        await close.click();
        await expect.poll(() => close.getAttribute('aria-pressed')).toBe('true');
        await expectAccessible(page, `a location's detail in a plan, ${label}`);
        await page.keyboard.press('Escape');
        await page.getByTestId('detail').waitFor({ state: 'detached' });
        await expect.poll(() => plan.plan()?.close.length).toBe(1);
        await expect.poll(() => plan.bar().getAttribute('data-drawn')).toBe(String(sites + 1));
        const both = plan.plan()!;
        const answer = await api<PlanAnswer>(
          `plan/${centers.typeId}?km=25&add=${both.add.map((p) => `${p.lon},${p.lat}`).join(';')}&close=${both.close[0]}`,
        );
        const closed = answer.Closed[0]!;
        // Picking: the closed location's mark, over its pin, says so.
        await page.keyboard.press('Escape');
        await app.waitForMap('settled');
        const at = await app.pagePointOf(closed.Lat, closed.Lon);
        // The mark sits on the pin's body, above its tip (the location).
        await expect.poll(() => app.tooltipAt({ x: at.x, y: at.y - 18 })).toBe(words.whatIf.closedTooltip(closed.Name));
        await page.screenshot({ path: `${ARTIFACTS}/plan-map-${viewport.width}${lang ? '-en' : ''}.png` });

        // Back to the figures: the closure listed and counted, the files whole.
        await plan.bar().getByTestId('plan-figures').click();
        await new StatsDriver(page).waitReady();
        await expect.poll(() => plan.closedItems().count()).toBe(1);
        await expect.poll(() => plan.closedItems().innerText()).toContain(closed.Name);
        await expect.poll(() => plan.sentence().innerText()).toContain(closed.Name);
        const file = await new StatsDriver(page).exportChart(
          words.whatIf.heading,
          words.stats.exportCsv,
          words.stats.export,
        );
        expect(file.name).toBe('plan-Centers-25km.csv');
        const lines = file.text.replace('\uFEFF', '').trim().split('\r\n');
        expect(lines).toHaveLength(1 + 1 + 31 + 429);
        expect(lines[1]).toBe(
          `country,IR,ایران,Iran,,${[answer.Before.PopulationTotal, answer.Before.PopulationFar, answer.After.PopulationFar].join(',')},` +
            `${[answer.Before.YouthTotal, answer.Before.YouthFar, answer.After.YouthFar].join(',')},` +
            `${[answer.Before.WomenTotal, answer.Before.WomenFar, answer.After.WomenFar].join(',')},,,25`,
        );
        // Its picture is the plan's chart (not a control's icon before it), captioned with the plan.
        const svg = await new StatsDriver(page).exportChart(
          words.whatIf.heading,
          words.stats.exportSvg,
          words.stats.export,
        );
        expect(svg.text).toContain(words.whatIf.chartCaption(fmt(25)));
        expect(svg.text).toContain(words.whatIf.captionLine(fmt(sites), fmt(1), fmt(25)));
        const [geojson] = await Promise.all([
          page.waitForEvent('download'),
          plan.card().getByTestId('plan-geojson').click(),
        ]);
        const { readFileSync } = await import('node:fs');
        const features = (
          JSON.parse(readFileSync(await geojson.path(), 'utf8')) as { features: { properties: { change: string } }[] }
        ).features;
        expect(features.map((f) => f.properties.change)).toEqual([...Array<string>(sites).fill('open'), 'close']);
      }, viewport);
    },
  );
});
