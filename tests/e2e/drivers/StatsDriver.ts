/** Drives the statistics tab and its list dialog. */
import { statSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { fa } from '../../../src/i18n/fa';
// Counts are written in the page's digits (Persian ones on a Persian page): folded to ASCII to be read.
import { foldText } from '../../../domain/text';

export class StatsDriver {
  constructor(readonly page: Page) {}

  root() {
    return this.page.getByTestId('stats');
  }

  async waitReady(): Promise<void> {
    await this.page.waitForFunction(() =>
      document.querySelector('[data-testid="stats"]')?.getAttribute('data-state')?.includes('"shown"'),
    );
  }

  async totalText(): Promise<string> {
    return this.page.getByTestId('stats-total').innerText();
  }

  chartSvg(testId: 'column-card' | 'map-card' | 'pie-card') {
    return this.page.getByTestId(testId).locator('svg').first();
  }

  /**
   * The column chart's words that reach past its own box, where the chart cuts them off: a province's name under
   * its column, a count on the axis, the axis's legend.
   */
  async textCutOff(): Promise<string[]> {
    return this.page
      .locator('[data-testid="column-chart"] svg')
      .first()
      .evaluate((svg) => {
        const box = svg.getBoundingClientRect();
        return [...svg.querySelectorAll('text')]
          .filter((text) => {
            const words = text.getBoundingClientRect();
            return (
              words.bottom > box.bottom + 0.5 ||
              words.top < box.top - 0.5 ||
              words.left < box.left - 0.5 ||
              words.right > box.right + 0.5
            );
          })
          .map((text) => text.textContent ?? '');
      });
  }

  column(provinceFa: string) {
    return this.page.locator(`[data-testid="column-chart"] g[data-province="${provinceFa}"] rect`);
  }

  /** Province paths are drawn in the order of the provinces GeoJSON (ISO code order). */
  region(index: number) {
    return this.page.locator('[data-testid="province-map"] svg path').nth(index);
  }

  /** `label`: the dropdown's name in the page's language. */
  async openProvinceSelect(label: string = fa.stats.province): Promise<string[]> {
    await this.page.getByRole('combobox', { name: label, exact: true }).click();
    const options = this.page.getByRole('option');
    await options.first().waitFor();
    return options.allInnerTexts();
  }

  async chooseProvince(labelFa: string): Promise<void> {
    await this.openProvinceSelect();
    await this.page.getByRole('option', { name: labelFa, exact: true }).click();
  }

  listDialog() {
    return this.page.getByRole('dialog');
  }

  /** Waits until the list dialog holds its whole list (a long one shows its first rows while the rest arrives). */
  async waitForWholeList(): Promise<void> {
    await this.listDialog().locator('[data-testid="list-count"][data-complete="true"]').waitFor();
  }

  async listCount(): Promise<number> {
    const text = await this.page.getByTestId('list-count').innerText();
    return Number(foldText(text).replace(/\D/g, ''));
  }

  searchBox() {
    return this.listDialog().getByPlaceholder(fa.search);
  }

  /** Typed key by key at the end of the box, as a person does: the filter runs on each key release. */
  async type(text: string): Promise<void> {
    await this.searchBox().press('End');
    await this.searchBox().pressSequentially(text);
  }

  async backspace(times: number): Promise<void> {
    for (let i = 0; i < times; i++) await this.searchBox().press('Backspace');
  }

  async waitForCount(count: number): Promise<void> {
    await this.page.waitForFunction((n) => {
      const text = document.querySelector('[data-testid="list-count"]')?.textContent ?? '';
      // Runs in the page: Persian digits folded to ASCII here, as foldText does.
      return Number(text.replace(/[۰-۹]/g, (d) => String(d.charCodeAt(0) - 0x06f0)).replace(/\D/g, '')) === n;
    }, count);
  }

  /** Waits until the list has processed the box's text (the machine acknowledges each key release). */
  async waitForFilterText(text: string): Promise<void> {
    await this.page.waitForFunction(
      (t) => document.querySelector('[data-testid="list-count"]')?.getAttribute('data-filter-text') === t,
      text,
    );
  }

  /** `exportWord`: the menu button's word in the page's language. */
  async exportChart(
    cardTitle: string,
    item: string,
    exportWord: string = fa.stats.export,
  ): Promise<{ name: string; size: number; text: string; bytes: Buffer }> {
    await this.page.getByRole('button', { name: `${exportWord}: ${cardTitle}` }).click();
    const [download] = await Promise.all([
      this.page.waitForEvent('download'),
      this.page.getByRole('menuitem', { name: item }).click(),
    ]);
    await this.page.getByRole('menu').waitFor({ state: 'detached' });
    const path = await download.path();
    const { readFileSync } = await import('node:fs');
    const bytes = readFileSync(path);
    return { name: download.suggestedFilename(), size: statSync(path).size, text: bytes.toString('utf8'), bytes };
  }
}
