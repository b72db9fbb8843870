import { describe, expect, it } from 'vitest';
import { readFileSync, writeFileSync } from 'node:fs';
import { circleRing } from '../../domain/area';
import type { AreaAnswer } from '../../domain/wire/answers';
import type { CompareAnswer } from '../../domain/compare';
import type { Place } from '../../domain/places';
import { ApiClient } from '../support/testServer';
import { FindDriver } from './drivers/FindDriver';
import type { CoverageAnswer } from '../../domain/coverage';
import type { ChartRow, PiePoint } from '../../domain/gateway';
import { typeByRoute } from '../../domain/locationTypes';
import { CENSUS_TOTAL, CENSUS_YOUTH_TOTAL, populationOf, youthOf } from '../../domain/population';
import { PROVINCES, provinceByEnName } from '../../domain/provinces';
import { formatRate } from '../../src/stats/measure';
import { expectAccessible } from './drivers/accessibility';
import { countInk, type Ink } from './drivers/mapInk';
import { PNG } from 'pngjs';
import { IRAN_BOUNDS } from '../../src/map/mapConstants';
import { ARTIFACTS, PHONE, useBrowserApp } from './fixture';
import { StatsDriver } from './drivers/StatsDriver';
import { fa } from '../../src/i18n/fa';
import { formatCount, formatShare } from '../../src/i18n/format';

const env = useBrowserApp({ points: 6000 });
const academy = typeByRoute('Academy')!;

const totalOf = (rows: readonly ChartRow[]) => rows.reduce((s, r) => s + r.Count, 0);

async function api<T>(path: string): Promise<T> {
  return (await (await fetch(`${env.baseUrl}/api/${path}`)).json()) as T;
}

describe('statistics tab', () => {
  it('shows the total of the API counts, three charts and the dropdown with All first', async () => {
    const rows = await api<ChartRow[]>(`TVTOBase/OrglocationChartData/${academy.typeId}`);
    const total = rows.reduce((s, r) => s + r.Count, 0);
    await env.withApp(async ({ app, page }) => {
      await app.open('/Academy');
      await app.tab(fa.tabStats).click();
      const stats = new StatsDriver(page);
      await stats.waitReady();
      expect(await stats.totalText()).toBe(`تعداد کل مراکز: ${formatCount(total)}`);
      for (const card of ['column-card', 'map-card', 'pie-card'] as const) await stats.chartSvg(card).waitFor();
      expect(await page.locator('[data-testid="column-chart"] [aria-label]').count()).toBeGreaterThanOrEqual(31);
      expect(await page.locator('[data-testid="province-map"] svg path').count()).toBe(31);
      expect(await page.locator('[data-testid="pie-chart"] text', { hasText: /٪$/ }).count()).toBeGreaterThan(0);
      const options = await stats.openProvinceSelect();
      expect(options[0]).toBe(fa.stats.all);
      expect(options).toHaveLength(32);
      // The provinces in Persian alphabetical order, not their codes' (آذربایجان شرقی first, یزد last).
      const names = options.slice(1);
      expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'fa')));
      // Opened, the box is empty: a name typed is looked up alone, not appended to «همه».
      const box = page.getByRole('combobox', { name: fa.stats.province, exact: true });
      expect(await box.inputValue()).toBe('');
      await box.pressSequentially('فارس');
      expect(await page.getByRole('option').allInnerTexts()).toEqual(['فارس']);
      await page.keyboard.press('Escape');
      expect(await box.inputValue()).toBe(fa.stats.all);
      await page.screenshot({ path: `${ARTIFACTS}/stats-1280.png`, fullPage: true });
    });
  });

  it('choosing a province refetches the pie for it and highlights it', async () => {
    await env.withApp(async ({ app, page }) => {
      await app.open('/Academy?tab=stats');
      const stats = new StatsDriver(page);
      await stats.waitReady();
      await stats.chooseProvince('فارس');
      await stats.waitReady();
      expect(app.apiRequests.some((r) => r.url().endsWith(`/OrglocationPie/${academy.typeId}/Fars`))).toBe(true);
      expect(await page.getByTestId('pie-card').getByRole('heading').innerText()).toContain('فارس');
      // Nivo animates the colour change; wait for the highlight to settle.
      await expect
        .poll(() => stats.column('فارس').getAttribute('fill'), { timeout: 10_000 })
        .toMatch(/^(#e8590c|rgba\(232, 89, 12, 1\))$/);
      expect(await stats.column('تهران').getAttribute('fill')).toMatch(/^(#0b6e4f|rgba\(11, 110, 79, 1\))$/);
    });
  });

  it('clicking a column opens the list for that province; typing filters as specified; close closes', async () => {
    const names = await api<string[]>(`TVTOBase/OrglocationByTypeAndOstan/${academy.typeId}/Tehran`);
    await env.withApp(async ({ app, page }) => {
      await app.open('/Academy?tab=stats');
      const stats = new StatsDriver(page);
      await stats.waitReady();
      await stats.column('تهران').click();
      const dialog = stats.listDialog();
      await stats.waitForWholeList();
      expect(await dialog.getByRole('heading').innerText()).toContain('تهران');
      expect(await stats.listCount()).toBe(names.length);
      // Virtualised: far fewer rows in the DOM than names.
      expect(await dialog.getByRole('listitem').count()).toBeLessThan(Math.min(names.length, 80));

      const matching = (text: string) => names.filter((n) => n.includes(text)).length;
      await stats.type('نوین');
      await stats.waitForCount(matching('نوین'));
      // Back to two characters: the list narrows to "نو".
      await stats.backspace(2);
      await stats.waitForCount(matching('نو'));
      // One character leaves the list as it is.
      await stats.backspace(1);
      await stats.waitForFilterText('ن');
      expect(await stats.listCount()).toBe(matching('نو'));
      // An empty box brings back the full list.
      await stats.backspace(1);
      await stats.waitForCount(names.length);
      // Case-sensitive: names hold "ICDL", never "icdl".
      await stats.type('icdl');
      await stats.waitForCount(0);
      expect(await dialog.getByText(fa.stats.noMatch).count()).toBe(1);
      await page.screenshot({ path: `${ARTIFACTS}/list-1280.png` });
      await dialog.getByRole('button', { name: fa.close }).click();
      await dialog.waitFor({ state: 'detached' });
    });
  });

  it('clicking a map region opens the list for that province', async () => {
    const fars = PROVINCES.findIndex((p) => p.name_en === 'Fars');
    const names = await api<string[]>(`TVTOBase/OrglocationByTypeAndOstan/${academy.typeId}/Fars`);
    await env.withApp(async ({ app, page }) => {
      await app.open('/Academy?tab=stats');
      const stats = new StatsDriver(page);
      await stats.waitReady();
      await stats.region(fars).click();
      await stats.waitForWholeList();
      expect(await stats.listDialog().getByRole('heading').innerText()).toContain('فارس');
      expect(await stats.listCount()).toBe(names.length);
    });
  });

  it('exports PNG, SVG and CSV files that say what they show: title, type, filters, dates, legend and source', async () => {
    await env.withApp(async ({ app, page }) => {
      await app.open('/Academy?tab=stats&gender=%D8%B2%D9%86%D8%A7%D9%86%D9%87');
      const stats = new StatsDriver(page);
      await stats.waitReady();
      // The page's first PNG, of the column chart: its words are drawn (the first once came out with none).
      const column = page.getByTestId('column-card').locator('.chart-drawing svg').first();
      const chartBox = (await column.boundingBox())!;
      const png = await stats.exportChart(fa.stats.columnTitle, fa.stats.exportPng);
      expect(png.name).toMatch(/\.png$/);
      const picture = PNG.sync.read(png.bytes);
      // Drawn at twice the size, with a caption above the chart and the sources below it.
      expect(picture.height / 2).toBeGreaterThan(chartBox.height + 60);
      const darkIn = (top: number, bottom: number) => {
        let dark = 0;
        for (let y = Math.round(top * 2); y < Math.round(bottom * 2); y++)
          for (let x = 0; x < picture.width; x++) {
            const at = (y * picture.width + x) * 4;
            if (picture.data[at]! < 90 && picture.data[at + 1]! < 90 && picture.data[at + 2]! < 90) dark++;
          }
        return dark;
      };
      writeFileSync(`${ARTIFACTS}/export-column.png`, png.bytes);
      expect(darkIn(0, 30), 'the title drawn').toBeGreaterThan(300);
      // The chart's own words (the province names along its axis) are drawn too, not only the caption's.
      expect(darkIn(30, picture.height / 2), "the chart's words").toBeGreaterThan(3000);

      // Its SVG names the type, the filter, the dates and the source; the map's carries its legend.
      const svg = await stats.exportChart(fa.stats.mapTitle, fa.stats.exportSvg);
      expect(svg.text).toContain('<svg');
      expect(svg.text).toContain(`${academy.titleFa}: ${fa.stats.mapTitle}`);
      expect(svg.text).toContain('زنانه');
      expect(svg.text).toContain(fa.stats.exportSource);
      expect(svg.text).toContain('آخرین به‌روزرسانی داده‌ها');
      expect(svg.text).toContain(fa.stats.legendNone);
      expect(svg.text).toContain(fa.stats.bucketLabels[0]);
      const columnSvg = await stats.exportChart(fa.stats.columnTitle, fa.stats.exportSvg);
      expect(columnSvg.text).toContain('تهران');
      const csv = await stats.exportChart('نقشه پراکندگی استانی', fa.stats.exportCsv);
      expect(csv.text.split('\r\n').filter(Boolean)).toHaveLength(32);
      // Each column says which name it holds (the English page's header once read "Province,Province,Count").
      const header = csv.text.replace('\uFEFF', '').split('\r\n')[0]!.split(',');
      expect(header.slice(0, 2)).toEqual([fa.stats.provinceFaColumn, fa.stats.provinceEnColumn]);
      expect(new Set(header).size).toBe(header.length);
    });
  });

  it('per capita: the switch ranks provinces by locations per 100,000 people, says its census, and stays in the link', async () => {
    const rows = await api<ChartRow[]>(`TVTOBase/OrglocationChartData/${academy.typeId}`);
    // The province with the most per person, worked out here from the census figures.
    const rate = (r: ChartRow) => (r.Count * 100_000) / populationOf(provinceByEnName(r.LocationEnName)!.iso_3166_2)!;
    const top = [...rows].sort((a, b) => rate(b) - rate(a))[0]!;
    await env.withApp(async ({ app, page }) => {
      await app.open('/Academy?tab=stats');
      const stats = new StatsDriver(page);
      await stats.waitReady();
      await page.getByTestId('measure-switch').getByText(fa.perCapita.rate.short, { exact: true }).click();
      await expect.poll(() => new URL(page.url()).searchParams.get('measure')).toBe('rate');
      // The sentence under the columns names the highest rate, and its source.
      const summary = page.getByTestId('column-card-summary');
      await expect.poll(() => summary.innerText()).toContain(fa.summary.highest(top.OstanName, formatRate(rate(top))));
      expect(await summary.innerText()).toContain(fa.perCapita.source);
      expect(await stats.totalText()).toContain(fa.perCapita.rate.total(''));
      // The rightmost column (the axis side) is the highest rate, once the columns have slid to their new
      // places (they move in an animation after the summary has changed), and the axis says what it counts.
      const rightmost = async () => {
        const columns = await page
          .locator('[data-testid="column-chart"] g[data-province]')
          .evaluateAll((groups) =>
            groups.map((g) => ({ name: g.getAttribute('data-province'), x: g.getBoundingClientRect().x })),
          );
        return columns.sort((a, b) => b.x - a.x)[0]!.name;
      };
      await expect.poll(rightmost).toBe(top.OstanName);
      expect(await page.getByTestId('column-chart').innerText()).toContain(fa.perCapita.rate.label);
      // The map's legend ranges are rates, up to the highest.
      expect(await page.locator('[data-testid="map-card"] .map-legend').innerText()).toContain(formatRate(rate(top)));
      // The column card says what it ranks by.
      const csv = await stats.exportChart(fa.stats.rateByProvince(fa.perCapita.rate.short), fa.stats.exportCsv);
      expect(csv.name).toContain('per-100k');
      expect(csv.text.split('\r\n')[0]).toContain(fa.perCapita.rate.label);
      // The pie of all Iran: each slice labelled with its rate against the country's census population.
      const pie = await api<PiePoint[]>(`TVTOBase/OrglocationPie/${academy.typeId}/All`);
      const largest = [...pie].sort((a, b) => b.Count - a.Count)[0]!;
      const largestRate = formatRate((largest.Count * 100_000) / CENSUS_TOTAL);
      await expect
        .poll(() => page.locator('[data-testid="pie-chart"] text', { hasText: largestRate }).count())
        .toBeGreaterThan(0);
      expect(await page.getByTestId('pie-per-capita').innerText()).toContain(formatCount(CENSUS_TOTAL));
      expect(await page.getByTestId('pie-card-summary').innerText()).toContain(fa.perCapita.rate.largest(largestRate));
      const pieCsv = await stats.exportChart(`${fa.stats.pieTitle} (${fa.stats.all})`, fa.stats.exportCsv);
      expect(pieCsv.name).toContain('per-100k');
      // The file keeps ASCII digits.
      expect(pieCsv.text).toContain(((largest.Count * 100_000) / CENSUS_TOTAL).toFixed(2));
      await expectAccessible(page, 'the statistics per capita');
      await page.screenshot({ path: `${ARTIFACTS}/stats-per-capita-1280.png`, fullPage: true });
      // A second visit from the link shows the same.
      await page.reload();
      await stats.waitReady();
      await expect.poll(() => summary.innerText()).toContain(formatRate(rate(top)));
      // Per 100,000 aged 15-29: the organisation's own public, in the link, the sentence, the axis and the file.
      const youthRate = (r: ChartRow) => (r.Count * 100_000) / youthOf(provinceByEnName(r.LocationEnName)!.iso_3166_2)!;
      const topYoung = [...rows].sort((a, b) => youthRate(b) - youthRate(a))[0]!;
      await page.getByTestId('measure-switch').getByText(fa.perCapita.youth.short, { exact: true }).click();
      await expect.poll(() => new URL(page.url()).searchParams.get('measure')).toBe('youth');
      await expect
        .poll(() => summary.innerText())
        .toContain(fa.summary.highest(topYoung.OstanName, formatRate(youthRate(topYoung))));
      expect(await summary.innerText()).toContain(
        fa.perCapita.youth.country(formatRate((totalOf(rows) * 100_000) / CENSUS_YOUTH_TOTAL)),
      );
      expect(await stats.totalText()).toContain(
        fa.perCapita.youth.total(formatRate((totalOf(rows) * 100_000) / CENSUS_YOUTH_TOTAL)),
      );
      expect(await page.getByTestId('column-chart').innerText()).toContain(fa.perCapita.youth.label);
      expect(await stats.textCutOff()).toEqual([]);
      const youthCsv = await stats.exportChart(fa.stats.rateByProvince(fa.perCapita.youth.short), fa.stats.exportCsv);
      expect(youthCsv.name).toContain('per-100k-aged-15-29');
      expect(youthCsv.text.split('\r\n')[0]).toContain(fa.perCapita.youth.people);
      await expectAccessible(page, 'the statistics per 100,000 aged 15-29');
    });
  });

  it('the map chart is one tab stop: arrows walk the provinces aloud, Enter opens the list, focus comes back', async () => {
    const rows = await api<ChartRow[]>(`TVTOBase/OrglocationChartData/${academy.typeId}`);
    await env.withApp(async ({ app, page }) => {
      await app.open('/Academy?tab=stats');
      const stats = new StatsDriver(page);
      await stats.waitReady();
      const map = page.getByTestId('province-map');
      await map.focus();
      const announced = page.getByTestId('province-map-announcement');
      const heard: string[] = [];
      for (let i = 0; i < 3; i++) {
        await page.keyboard.press('ArrowLeft');
        await expect.poll(() => announced.innerText()).not.toBe(heard.at(-1) ?? '');
        heard.push(await announced.innerText());
      }
      // Each step a different province, announced with its count as the chart data has it.
      expect(new Set(heard).size).toBe(3);
      const [name, count] = heard.at(-1)!.split(': ') as [string, string];
      const row = rows.find((r) => r.OstanName === name)!;
      expect(count).toBe(formatCount(row.Count));
      // Back one step, then the list of the province reached.
      await page.keyboard.press('ArrowRight');
      await expect.poll(() => announced.innerText()).toBe(heard[1]);
      await page.keyboard.press('Enter');
      await stats.listDialog().waitFor();
      expect(await stats.listDialog().getByRole('heading').first().innerText()).toContain(heard[1]!.split(': ')[0]);
      await page.keyboard.press('Escape');
      await stats.listDialog().waitFor({ state: 'detached' });
      await expect
        .poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-testid')))
        .toBe('province-map');
    });
  });

  it('coverage: who lives farther than a distance from the nearest academy, as the server counts, per distance', async () => {
    const coverage = (km: number) => api<CoverageAnswer>(`coverage/${academy.typeId}?km=${km}`);
    const sentenceOf = (a: CoverageAnswer) =>
      fa.coverage.sentence(
        formatCount(a.PopulationFar),
        formatShare(a.PopulationFar, a.PopulationTotal),
        formatCount(a.PopulationTotal),
        formatCount(a.Km),
        academy.titleFa,
      );
    await env.withApp(async ({ app, page }) => {
      await app.open('/Academy?tab=stats');
      const stats = new StatsDriver(page);
      await stats.waitReady();
      const summary = page.getByTestId('coverage-card-summary');
      await expect.poll(() => summary.innerText()).toBe(sentenceOf(await coverage(25)));
      await page
        .getByTestId('coverage-km')
        .getByText(fa.coverage.km(formatCount(5)), { exact: true })
        .click();
      const near = await coverage(5);
      await expect.poll(() => summary.innerText()).toBe(sentenceOf(near));
      // The provinces coloured by their share far away: the map is drawn, its 31 provinces.
      await expect.poll(() => page.locator('[data-testid="coverage-map"] svg path').count()).toBe(31);
      // Named in Persian on the Persian page where the gazetteer knows the town (GeoNames names are Latin).
      const first = near.Settlements[0]!;
      const farText = await page.getByTestId('coverage-far-places').innerText();
      expect(farText).toContain(first.NameFa ?? first.Name);
      expect(near.Settlements.slice(0, 8).filter((s) => s.NameFa).length).toBeGreaterThan(0);
      for (const s of near.Settlements.slice(0, 8))
        if (s.NameFa && s.NameFa !== s.Name) expect(farText).not.toContain(s.Name);
      // Every resident of the census is counted, and the shares far of the young and of women are said too.
      expect(near.PopulationTotal).toBe(CENSUS_TOTAL);
      expect(await page.getByTestId('coverage-for-whom').innerText()).toBe(
        fa.coverage.forWhom(formatShare(near.YouthFar, near.YouthTotal), formatShare(near.WomenFar, near.WomenTotal)),
      );
      // The worst class (most people far away) is painted the warm end of the scale, not the reassuring green.
      const legend = page.getByTestId('coverage-card').locator('.map-legend li[data-color]');
      expect(await legend.last().getAttribute('data-color')).toBe('#f08c00');
      expect(await legend.first().getAttribute('data-color')).toBe('#2b8a3e');
      await page.getByTestId('coverage-card').scrollIntoViewIfNeeded();
      await expectAccessible(page, 'the coverage card');
      await page.getByTestId('coverage-card').screenshot({ path: `${ARTIFACTS}/coverage-1280.png` });
      // To the map: the places farther than 5 km drawn there (their orange in the pixels), said in a bar.
      await page.getByTestId('coverage-on-map').click();
      await expect.poll(() => new URL(page.url()).searchParams.get('cover')).toBe('5');
      await page.getByTestId('cover-bar').waitFor();
      await expect
        .poll(() => page.getByTestId('cover-bar').innerText())
        .toContain(fa.coverage.onMap(formatCount(near.Settlements.length), formatCount(5), academy.titleFa));
      // The map first shown here frames the whole country, clear of the sidebar, not zoom 6 over its middle.
      await app.waitForMap('settled', (s) => s.zoom <= 6.01);
      const [west, , east] = IRAN_BOUNDS;
      const mapBox = (await app.map().boundingBox())!;
      const sidebar = (await page.locator('#sidebar').boundingBox())!;
      // Polled: the map is first shown at its start over Tehran, then glides to the country.
      await expect
        .poll(async () => {
          const [w, e] = [await app.pagePointOf(32, west), await app.pagePointOf(32, east)];
          return w.x >= mapBox.x - 1 && e.x <= sidebar.x + 1;
        })
        .toBe(true);
      const FAR_INK: Ink = { name: 'far orange', matches: (r, g, b) => r > 200 && g > 60 && g < 110 && b < 50 };
      await expect.poll(async () => (await countInk(app.map(), FAR_INK)).pixels).toBeGreaterThan(30);
      // The place farthest from any academy (no bubble over it), pointed at: its tooltip names it in Persian words.
      const largest = [...near.Settlements].sort((a, b) => (b.NearestKm ?? 0) - (a.NearestKm ?? 0))[0]!;
      const at = await app.pagePointOf(largest.Lat, largest.Long);
      await expect.poll(() => app.tooltipAt(at)).toContain(largest.NameFa ?? largest.Name);
      await page.screenshot({ path: `${ARTIFACTS}/coverage-map-1280.png` });
      await page.getByRole('button', { name: fa.coverage.hide }).click();
      await page.getByTestId('cover-bar').waitFor({ state: 'detached' });
      await expect.poll(async () => (await countInk(app.map(), FAR_INK)).pixels).toBe(0);
    });
  });

  it('provinces side by side: each type in each chosen province, as the server counts, chosen and kept in the link', async () => {
    const answer = await api<CompareAnswer>('compare?ostan=Tehran&ostan=Fars&ostan=Semnan');
    await env.withApp(async ({ app, page }) => {
      await app.open('/Academy?tab=stats&compare=Tehran,Fars');
      const stats = new StatsDriver(page);
      await stats.waitReady();
      const table = page.getByTestId('compare-table');
      await table.waitFor();
      // A third province chosen by typing part of its name.
      await page.getByRole('combobox', { name: fa.compare.choose }).fill('سمنا');
      await page.getByRole('option', { name: 'سمنان' }).click();
      await expect.poll(() => new URL(page.url()).searchParams.get('compare')).toBe('Tehran,Fars,Semnan');
      await expect.poll(() => table.locator('thead th').count()).toBe(4);
      const academies = answer.Types.find((t) => t.Route === 'Academy')!;
      const row = table.locator('tbody tr', {
        has: page.getByRole('rowheader', { name: academy.titleFa, exact: true }),
      });
      const cells = await row.locator('td').allInnerTexts();
      academies.Cells.forEach((cell, i) => {
        expect(cells[i]).toContain(formatCount(cell.Count));
        expect(cells[i]).toContain(fa.compare.rank(formatCount(cell.Rank), formatCount(31)));
      });
      await page.getByTestId('compare-card').scrollIntoViewIfNeeded();
      await expectAccessible(page, 'provinces side by side');
      await page.getByTestId('compare-card').screenshot({ path: `${ARTIFACTS}/compare-1280.png` });
    });
  });

  it('inside an area: the academies within 25 km of a town chosen by name, as the server counts, with files', async () => {
    const [town] = await api<Place[]>(`places?q=${encodeURIComponent('شیراز')}`);
    const answer = (await (
      await new ApiClient(env.baseUrl).post(`/api/area/${academy.typeId}`, {
        Polygon: circleRing(town!.Lat, town!.Long, 25),
      })
    ).json()) as AreaAnswer;
    expect(answer.Count).toBeGreaterThan(0);
    await env.withApp(async ({ app, page }) => {
      await app.open('/Academy?tab=stats');
      const stats = new StatsDriver(page);
      await stats.waitReady();
      const card = page.getByTestId('area-card');
      await card.scrollIntoViewIfNeeded();
      await new FindDriver(page).chooseTown('شیراز', town!.Name);
      const shown = card.getByTestId('area-answer');
      await expect
        .poll(() => shown.innerText())
        .toContain(
          fa.area.count(fa.area.around(formatCount(25), town!.Name), formatCount(answer.Count), academy.titleFa),
        );
      expect(await card.getByTestId('area-names').innerText()).toContain(answer.Names[0]);
      const [file] = await Promise.all([
        page.waitForEvent('download'),
        card.getByRole('button', { name: fa.area.csv }).click(),
      ]);
      const rows = readFileSync((await file.path())!, 'utf8')
        .trim()
        .split('\r\n');
      expect(rows).toHaveLength(answer.Count + 1);
      await expectAccessible(page, 'inside an area');
      await card.screenshot({ path: `${ARTIFACTS}/area-1280.png` });
    });
  });

  it('a failing chart call shows a Persian error with a retry', async () => {
    await env.withApp(async ({ app, page, problems }) => {
      problems.expect(/http 500: GET .*OrglocationChartData/);
      problems.expect(/console.error: Failed to load resource: the server responded with a status of 500/);
      await page.route('**/api/TVTOBase/OrglocationChartData/**', (route) =>
        route.fulfill({ status: 500, body: '{"error":"internal","message":"x"}' }),
      );
      // Opened from the map: a page opened on the statistics comes with their first figures (serverPages.test.ts).
      await app.open('/Academy');
      await app.waitForMap('settled');
      await app.tab(fa.tabStats).click();
      const error = page.getByTestId('stats-error');
      await error.waitFor();
      expect(await error.innerText()).toContain(fa.errors.server);
      await page.unroute('**/api/TVTOBase/OrglocationChartData/**');
      await error.getByRole('button', { name: fa.retry }).click();
      await new StatsDriver(page).waitReady();
    });
  });

  it('a failing list of names shows a Persian error with a retry, then the list', async () => {
    const names = await api<string[]>(`TVTOBase/OrglocationByTypeAndOstan/${academy.typeId}/Tehran`);
    await env.withApp(async ({ app, page, problems }) => {
      problems.expect(/http 500: GET .*OrglocationByTypeAndOstan/);
      problems.expect(/console.error: Failed to load resource: the server responded with a status of 500/);
      const route = '**/api/TVTOBase/OrglocationByTypeAndOstan/**';
      await page.route(route, (r) => r.fulfill({ status: 500, body: '{"error":"internal","message":"x"}' }));
      await app.open('/Academy?tab=stats');
      const stats = new StatsDriver(page);
      await stats.waitReady();
      await stats.column('تهران').click();
      const error = stats.listDialog().getByRole('alert');
      await error.waitFor();
      expect(await error.innerText()).toContain(fa.errors.server);
      await page.unroute(route);
      await error.getByRole('button', { name: fa.retry }).click();
      await stats.waitForWholeList();
      expect(await stats.listCount()).toBe(names.length);
    });
  });

  it('a list cut off midway says so in Persian with a retry, then shows the whole list', async () => {
    const names = await api<string[]>(`TVTOBase/OrglocationByTypeAndOstan/${academy.typeId}/Tehran`);
    await env.withApp(async ({ app, page }) => {
      const route = '**/api/TVTOBase/OrglocationByTypeAndOstan/**';
      const cut = JSON.stringify(names).slice(0, -10);
      await page.route(route, (r) => r.fulfill({ status: 200, contentType: 'application/json', body: cut }));
      await app.open('/Academy?tab=stats');
      const stats = new StatsDriver(page);
      await stats.waitReady();
      await stats.column('تهران').click();
      const error = stats.listDialog().getByRole('alert');
      await error.waitFor();
      expect(await error.innerText()).toContain(fa.errors.server);
      await page.unroute(route);
      await error.getByRole('button', { name: fa.retry }).click();
      await stats.waitForWholeList();
      expect(await stats.listCount()).toBe(names.length);
    });
  });

  it('reads well at 375 px', async () => {
    await env.withApp(async ({ app, page }) => {
      await app.open('/Academy?tab=stats');
      const stats = new StatsDriver(page);
      await stats.waitReady();
      const total = (await page.getByTestId('stats-total').boundingBox())!;
      expect(total.x).toBeGreaterThanOrEqual(0);
      expect(total.x + total.width).toBeLessThanOrEqual(375);
      await page.screenshot({ path: `${ARTIFACTS}/stats-375.png`, fullPage: true });
      await stats.column('تهران').scrollIntoViewIfNeeded();
      await stats.column('تهران').click();
      await stats.waitForWholeList();
      await page.screenshot({ path: `${ARTIFACTS}/list-375.png` });
    }, PHONE);
  });
});
