/** Drives a question asked in everyday words: the search box's "Ask" option, the answer's chips and its list. */
import type { Page } from 'playwright-core';
import type { AskDroppable } from '../../../domain/ask/parts';
import { fa } from '../../../src/i18n/fa';
import type { Words } from '../../../src/i18n/wordsShape';
import { FindDriver } from './FindDriver';

export class AskDriver {
  constructor(
    readonly page: Page,
    readonly words: Pick<Words, 'find' | 'nearMe' | 'ask'> = fa,
  ) {}

  /** Types the question in the toolbar's search and chooses to ask it. */
  async ask(question: string): Promise<void> {
    const find = new FindDriver(this.page, this.words);
    const opener = this.page.getByTestId('search-open');
    if (await opener.isVisible()) await opener.click();
    await find.input().click();
    await find.input().pressSequentially(question, { delay: 10 });
    await this.page.getByTestId('search-ask').click();
  }

  /** Waits until the answer of the question in the address is shown (not one still loading). */
  async waitAnswered(): Promise<void> {
    await this.page.locator('[data-testid="ask-chips"]').waitFor();
    await this.page.waitForFunction(
      () => document.querySelector('.mantine-Drawer-body [data-state]')?.getAttribute('data-state') === 'shown',
    );
  }

  /** The chips shown, by the part each stands for. */
  async chips(): Promise<Record<string, string>> {
    const chips = this.page.locator('[data-testid="ask-chips"] [data-part]');
    const entries: [string, string][] = [];
    for (const chip of await chips.all())
      entries.push([(await chip.getAttribute('data-part'))!, (await chip.innerText()).trim()]);
    return Object.fromEntries(entries);
  }

  async removeChip(part: AskDroppable): Promise<void> {
    await this.page.locator(`[data-testid="ask-chips"] [data-part="${part}"] button`).click();
  }

  items() {
    return this.page.locator('[data-testid="ask-list"] li');
  }

  /** Each listed location's gender value (whom it admits), in the list's order. */
  async genders(): Promise<string[]> {
    return this.items().evaluateAll((items) => items.map((item) => item.getAttribute('data-gender') ?? ''));
  }

  /** Each listed location's distance in kilometres, in the list's order. */
  async distances(): Promise<number[]> {
    return this.items().evaluateAll((items) => items.map((item) => Number(item.getAttribute('data-distance'))));
  }

  async names(): Promise<string[]> {
    return this.items().locator('.ask-name').allInnerTexts();
  }
}
