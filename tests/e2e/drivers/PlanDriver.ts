/**
 * Drives a what-if plan as an analyst does: the statistics' card (start, a town added or removed by keyboard
 * alone, its sentence and tables, its files), the map's bar (adding sites by clicks) and a location's detail
 * (closing it), and reads the plan back from the address.
 */
import type { Page } from 'playwright-core';
import { planOfSearch, type WhatIfPlan } from '../../../src/url/whatIfPlan';

export class PlanDriver {
  constructor(readonly page: Page) {}

  card() {
    return this.page.getByTestId('plan-card');
  }

  bar() {
    return this.page.getByTestId('plan-bar');
  }

  sentence() {
    return this.page.getByTestId('plan-sentence');
  }

  siteItems() {
    return this.page.locator('[data-testid="plan-sites"] li');
  }

  closedItems() {
    return this.page.locator('[data-testid="plan-closed"] li');
  }

  /** The plan the address holds now. */
  plan(): WhatIfPlan | null {
    return planOfSearch(new URL(this.page.url()).search);
  }

  /** A table of the card (`plan-nation`, `plan-counties`): each row's cells as shown. */
  async table(testId: 'plan-nation' | 'plan-counties'): Promise<string[][]> {
    return this.page
      .locator(`[data-testid="${testId}"] tbody tr`)
      .evaluateAll((rows) =>
        rows.map((row) => [...row.querySelectorAll('th, td')].map((cell) => (cell as HTMLElement).innerText.trim())),
      );
  }

  /** A table's heading rows as drawn (each row's texts), and how tall the heading stands, in px. */
  async headings(testId: 'plan-nation' | 'plan-counties'): Promise<{ rows: string[][]; height: number }> {
    return this.page.locator(`[data-testid="${testId}"] thead`).evaluate((thead: HTMLTableSectionElement) => ({
      rows: [...thead.rows].map((row) => [...row.cells].map((cell) => cell.innerText.trim())),
      height: thead.getBoundingClientRect().height,
    }));
  }

  /**
   * Presses Tab until the focused element has this name (its aria-label, its label's text or its own); fails
   * after `limit`.
   */
  async tabTo(name: string, limit = 40): Promise<void> {
    const passed: string[] = [];
    for (let i = 0; i < limit; i++) {
      await this.page.keyboard.press('Tab');
      const focused = await this.page.evaluate(() => {
        const el = document.activeElement as HTMLInputElement | null;
        if (!el) return '';
        return (el.getAttribute('aria-label') ?? el.labels?.[0]?.innerText ?? el.innerText ?? '').trim();
      });
      if (focused === name) return;
      passed.push(focused);
    }
    throw new Error(`no element named “${name}” within ${limit} presses of Tab, past: ${passed.join(' | ')}`);
  }

  /**
   * Adds a site at a town by keyboard alone: from the card's chosen distance (where a visitor tabbing through the
   * card has come), Tab to "add a site at a town" and press Enter (or, the search being open from a town added
   * before, Tab to its box and select what it holds), type the name, Tab to the town found, Enter.
   */
  async addTownByKeyboard(words: { open: string; box: string }, typed: string, townShown: string): Promise<void> {
    await this.page.getByTestId('plan-km').locator('input:checked').focus();
    if (await this.page.getByTestId('plan-town').isVisible()) {
      await this.tabTo(words.open);
      await this.page.keyboard.press('Enter');
    } else {
      await this.tabTo(words.box);
      await this.page.keyboard.press('ControlOrMeta+A');
    }
    await this.page.keyboard.type(typed);
    await this.page.getByRole('button', { name: townShown, exact: true }).waitFor();
    await this.tabTo(townShown);
    await this.page.keyboard.press('Enter');
  }
}
