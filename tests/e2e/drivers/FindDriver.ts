/** Drives finding a place: the toolbar search, "near me", the marker list's filter and the whole-country button. */
import type { BrowserContext, Page } from 'playwright-core';
import { fa } from '../../../src/i18n/fa';
import type { Words } from '../../../src/i18n/wordsShape';

export class FindDriver {
  /** `words`: the page's language (Persian unless the page is in another). */
  constructor(
    readonly page: Page,
    readonly words: Pick<Words, 'find' | 'nearMe'> = fa,
  ) {}

  input() {
    return this.page.getByRole('combobox', { name: this.words.find.label });
  }

  /** Types as a person does (on phones the field first opens behind its button). */
  async searchFor(text: string): Promise<void> {
    const opener = this.page.getByTestId('search-open');
    if (await opener.isVisible()) await opener.click();
    await this.input().click();
    await this.input().pressSequentially(text, { delay: 20 });
    await this.page.waitForFunction(
      () => document.querySelector('[data-testid="search-input"]')?.getAttribute('data-state') === '"shown"',
    );
  }

  async resultNames(): Promise<string[]> {
    return this.page.getByRole('option').locator('p:first-child').allInnerTexts();
  }

  /** The places (towns, provinces) the search offers, as their options read. */
  placeOptions() {
    return this.page.locator('[role="option"][data-kind]');
  }

  /** Chooses the town or province of this name among the search's places. */
  async choosePlace(name: string, kind: 'city' | 'province' = 'city'): Promise<void> {
    await this.page.locator(`[role="option"][data-kind="${kind}"]`).filter({ hasText: name }).first().click();
  }

  /** The near-me panel's heading: whose nearest it lists. */
  nearbyTitle() {
    return this.page.locator('.mantine-Drawer-title');
  }

  /** "Choose my town" in the near-me panel: types the name, then picks the place. */
  async chooseTown(text: string, name: string): Promise<void> {
    await this.page.getByTestId('choose-town').click();
    const picker = this.page.getByTestId('choose-town-picker');
    await picker.getByRole('textbox').pressSequentially(text, { delay: 20 });
    await picker.getByRole('button', { name, exact: true }).first().click();
  }

  async chooseFirstByKeyboard(): Promise<void> {
    await this.input().press('ArrowDown');
    await this.input().press('Enter');
  }

  async allowPosition(context: BrowserContext, latitude: number, longitude: number): Promise<void> {
    await context.grantPermissions(['geolocation']);
    await context.setGeolocation({ latitude, longitude, accuracy: 30 });
  }

  /** Opens "near me" and waits until its panel has finished sliding in (colours are measured fully opaque). */
  async nearMe(): Promise<void> {
    await this.page.getByTestId('near-me').click();
    await this.page.waitForFunction(() => {
      const panel = document.querySelector('.mantine-Drawer-content');
      return (
        panel !== null &&
        getComputedStyle(panel).opacity === '1' &&
        ['none', 'matrix(1, 0, 0, 1, 0, 0)'].includes(getComputedStyle(panel).transform)
      );
    });
  }

  nearbyList() {
    return this.page.getByTestId('near-me-list');
  }

  /** The types a trade spanning several is taught at: the visitor may narrow the list to one. */
  taughtAt() {
    return this.page.getByRole('combobox', { name: this.words.nearMe.taughtAt });
  }

  async narrowTo(typeId: string): Promise<void> {
    await this.taughtAt().selectOption(typeId);
  }

  async nearbyDistances(): Promise<number[]> {
    return this.nearbyList()
      .locator('li')
      .evaluateAll((items) => items.map((item) => Number((item as HTMLElement).dataset['distance'])));
  }

  nearMeError() {
    return this.page.getByTestId('near-me-error');
  }

  async wholeCountry(): Promise<void> {
    await this.page.getByTestId('whole-country').click();
  }
}
