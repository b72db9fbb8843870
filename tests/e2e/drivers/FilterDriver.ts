/** Drives the filter panel of the tab bar. */
import type { Page } from 'playwright-core';
import type { FacetKey } from '../../../domain/filters';
import { fa } from '../../../src/i18n/fa';

export class FilterDriver {
  constructor(readonly page: Page) {}

  button() {
    return this.page.locator('.filter-button');
  }

  /** What the button says to a screen reader (on a phone the word is hidden and only the icon and count show). */
  async buttonName(): Promise<string> {
    return ((await this.button().textContent()) ?? '').replace(/\s+/g, ' ').trim();
  }

  panel() {
    return this.page.getByRole('dialog', { name: /^فیلتر / });
  }

  /** Opens the panel and waits for its values. */
  async open(): Promise<void> {
    await this.button().click();
    await this.panel().getByRole('group').first().waitFor();
  }

  group(facet: FacetKey) {
    return this.panel().getByRole('group', { name: fa.filters.facet[facet] });
  }

  /** The chips of a filter as shown: "value (count)". */
  async chips(facet: FacetKey): Promise<string[]> {
    return this.group(facet).locator('label').allInnerTexts();
  }

  /** Checks or unchecks a value's chip, and waits until the address says so. */
  async toggle(facet: FacetKey, value: string): Promise<void> {
    const before = this.page.url();
    await this.group(facet)
      .locator('label', { hasText: `${value} (` })
      .click();
    await this.page.waitForFunction((url) => window.location.href !== url, before);
  }

  /** Chooses who the centres are open to ("open to women": women's and mixed), and waits for the address. */
  async chooseAudience(name: string): Promise<void> {
    const before = this.page.url();
    await this.panel().getByTestId('audience').getByText(name, { exact: true }).click();
    await this.page.waitForFunction((url) => window.location.href !== url, before);
  }

  async close(): Promise<void> {
    await this.page.keyboard.press('Escape');
    await this.panel().waitFor({ state: 'detached' });
  }

  /** The filters in the address. */
  addressValues(facet: FacetKey): string[] {
    return new URL(this.page.url()).searchParams.getAll(facet);
  }
}
