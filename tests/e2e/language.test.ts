/**
 * English and Persian, as a visitor walks them: a link with ?lang=en is English and left to right from the
 * first byte the server sends; the map, the statistics, a list dialog and the numbers (Latin digits) are in
 * English; the switch goes to Persian (Persian digits), which is remembered on the next page without ?lang.
 */
import { describe, expect, it } from 'vitest';
import type { ChartRow } from '../../domain/gateway';
import { typeByRoute } from '../../domain/locationTypes';
import { LANGUAGE_TABLE } from '../../domain/language';
import { en } from '../../src/i18n/en';
import { fa } from '../../src/i18n/fa';
import { expectAccessible } from './drivers/accessibility';
import { LanguageDriver } from './drivers/LanguageDriver';
import { StatsDriver } from './drivers/StatsDriver';
import { ARTIFACTS, DESKTOP, PHONE, useBrowserApp, type Viewport } from './fixture';

const env = useBrowserApp();
const academy = typeByRoute('Academy')!;
const LATIN_DIGIT = /[0-9]/;
const PERSIAN_DIGIT = /[۰-۹]/;

async function totalOf(route: string): Promise<number> {
  const rows = (await (
    await fetch(`${env.baseUrl}/api/TVTOBase/OrglocationChartData/${typeByRoute(route)!.typeId}`)
  ).json()) as ChartRow[];
  return rows.reduce((sum, r) => sum + r.Count, 0);
}

describe('languages', () => {
  it('the server sends each language with its lang and dir, by ?lang= first, then the remembered choice', async () => {
    const language = new LanguageDriver(null as never);
    expect(await language.sent(env.baseUrl, '/Centers')).toMatchObject({ lang: 'fa', dir: 'rtl' });
    const english = await language.sent(env.baseUrl, '/Centers?lang=en');
    expect(english).toMatchObject({ lang: 'en', dir: 'ltr' });
    expect(english.title).toMatch(/^TVTO centres: \d+ \| Locations data system/);
    expect(await language.sent(env.baseUrl, '/', 'makan-lang=en')).toMatchObject({ lang: 'en', dir: 'ltr' });
    expect(await language.sent(env.baseUrl, '/?lang=fa', 'makan-lang=en')).toMatchObject({ lang: 'fa', dir: 'rtl' });
    expect(await language.sent(env.baseUrl, '/?lang=xx', 'makan-lang=yy')).toMatchObject({ lang: 'fa', dir: 'rtl' });
  });

  it.each([
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as [string, Viewport][])(
    'at %s width, English from a link: left to right, English words and Latin digits; the switch to Persian is remembered',
    (_label, viewport) =>
      env.withApp(async ({ app, page }) => {
        const language = new LanguageDriver(page);
        const stats = new StatsDriver(page);
        const total = await totalOf('Academy');

        // Given a link in English
        await app.open('/Academy?lang=en&tab=stats');
        expect(await language.html()).toEqual({ lang: 'en', dir: 'ltr' });
        await stats.waitReady();
        // Then the statistics speak English, with Latin digits
        expect(await page.getByRole('tab', { name: en.tabStats }).getAttribute('aria-selected')).toBe('true');
        expect(await page.title()).toBe(`${academy.titleEn} | ${en.siteName}`);
        const totalText = await stats.totalText();
        expect(totalText).toContain(total.toLocaleString('en-US'));
        expect(totalText).not.toMatch(PERSIAN_DIGIT);
        const summary = await page.getByTestId('column-card-summary').innerText();
        expect(summary).toMatch(/^Highest: /);
        expect(summary).not.toMatch(PERSIAN_DIGIT);
        // The province dropdown names provinces in English
        const options = await stats.openProvinceSelect(en.stats.province);
        expect(options).toContain('Tehran');
        expect(options.join(' ')).not.toMatch(/[\u0600-\u06ff]/);
        await page.keyboard.press('Escape');
        // The count axis stands at the left, the largest province beside it: reading starts there.
        const columns = await page
          .locator('[data-testid="column-chart"] g[data-province]')
          .evaluateAll((groups) => groups.map((g) => g.getBoundingClientRect().x));
        const chart = (await page.getByTestId('column-chart').boundingBox())!;
        expect(Math.min(...columns) - chart.x).toBeLessThan(90);
        // Every province's name is whole under its column, the longest English ones included, and the axis's words.
        expect(await stats.textCutOff()).toEqual([]);
        await expectAccessible(page, 'the statistics in English');
        // And a province's list dialog opens in English
        await page.locator('[data-testid="column-chart"] g[data-province] rect').first().click();
        await stats.listDialog().waitFor();
        await stats.waitForWholeList();
        expect(await stats.listDialog().getByRole('heading').first().innerText()).toContain(academy.titleEn);
        await expectAccessible(page, 'a list dialog in English');
        await page.keyboard.press('Escape');
        await stats.listDialog().waitFor({ state: 'detached' });
        await page.screenshot({ path: `${ARTIFACTS}/stats-en-${viewport.width}.png`, fullPage: true });

        // When the map tab is shown, its toolbar and sidebar read left to right
        await page.getByRole('tab', { name: en.tabMap }).click();
        await app.waitForMap('settled');
        const menu = (await page.locator('.toolbar button').first().boundingBox())!;
        expect(menu.x).toBeLessThan(60);
        if (viewport.width > 768) {
          const sidebar = (await page.locator('#sidebar').boundingBox())!;
          expect(sidebar.x).toBeLessThan(5);
          expect(await page.locator('#sidebar a', { hasText: academy.titleEn }).count()).toBe(1);
        }
        await page.screenshot({ path: `${ARTIFACTS}/map-en-${viewport.width}.png` });
        // The type's title beside the tabs reads whole, on a phone too
        expect(await language.typeTitle()).toEqual({ text: academy.titleEn, cutOff: false });
        await expectAccessible(page, 'the map in English');

        // When the visitor switches to Persian
        await language.switchTo(LANGUAGE_TABLE.fa.ownName);
        expect(await language.html()).toEqual({ lang: 'fa', dir: 'rtl' });
        // Then a page opened later without ?lang stays Persian, with Persian digits
        await app.open('/Academy?tab=stats');
        expect(await language.html()).toEqual({ lang: 'fa', dir: 'rtl' });
        await stats.waitReady();
        const persianTotal = await stats.totalText();
        expect(persianTotal).toMatch(PERSIAN_DIGIT);
        expect(persianTotal).not.toMatch(LATIN_DIGIT);
        expect(await stats.textCutOff()).toEqual([]);
        expect(await page.getByRole('tab', { name: fa.tabStats }).getAttribute('aria-selected')).toBe('true');
        // And back to English, remembered the same way
        await language.switchTo(LANGUAGE_TABLE.en.ownName);
        await app.open('/Academy?tab=stats');
        expect(await language.html()).toEqual({ lang: 'en', dir: 'ltr' });
      }, viewport),
  );

  it("English throughout: the data's values, a town typed in English, the pie's words and the file's columns", () =>
    env.withApp(async ({ app, page }) => {
      await app.open('/Centers?lang=en&tab=stats');
      const stats = new StatsDriver(page);
      await stats.waitReady();
      // The pie names the data's genders in English, in its labels and its sentence.
      const pie = page.getByTestId('pie-card');
      await expect.poll(() => pie.innerText()).toContain("Women's");
      expect(await pie.innerText()).not.toMatch(/مردانه|زنانه|مختلط/);
      // The column chart's file says which name each province column holds.
      const csv = await stats.exportChart(en.stats.columnTitle, en.stats.exportCsv, en.stats.export);
      expect(csv.text.replace('\uFEFF', '').split('\r\n')[0]).toMatch(/^Province \(Persian\),Province \(English\),/);
      // The filters offer the values in English.
      await page.locator('.filter-button').click();
      const panel = page.getByRole('dialog', { name: /^Filter / });
      await panel.getByRole('group', { name: en.filters.facet.gender }).waitFor();
      expect(await panel.getByRole('group', { name: en.filters.facet.gender }).innerText()).toContain("Women's (");
      await page.keyboard.press('Escape');
      // The provinces compared, their types and genders, in English too.
      await app.open('/Centers?lang=en&tab=stats&compare=Tehran,Fars');
      await stats.waitReady();
      const compared = page.getByTestId('compare-table');
      await compared.waitFor();
      const table = await compared.innerText();
      expect(table).toContain('Fars');
      expect(table).toContain("Women's");
      expect(table).not.toMatch(/[\u0600-\u06FF]/);
      // A town typed in English is found, and named in English.
      await app.tab(en.tabMap).click();
      const opener = page.getByTestId('search-open');
      if (await opener.isVisible()) await opener.click();
      await page.getByRole('combobox', { name: en.find.label }).pressSequentially('Bojnurd', { delay: 20 });
      const option = page.locator('[role="option"][data-kind="city"]').first();
      await option.waitFor();
      expect(await option.innerText()).toContain('Bojnurd');
      await page.screenshot({ path: `${ARTIFACTS}/english-throughout.png` });
    }));
});
