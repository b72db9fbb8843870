/** Drives the pages the server renders, as a visitor without JavaScript walks them (links and a plain form). */
import type { Page } from 'playwright-core';

export class ServerPageDriver {
  constructor(
    readonly page: Page,
    private readonly baseUrl: string,
  ) {}

  async open(path: string): Promise<void> {
    await this.page.goto(this.baseUrl + path);
  }

  heading() {
    return this.page.locator('main h1');
  }

  total() {
    return this.page.locator('#ssr-total');
  }

  /** Follows the link with this name and waits for the next page. */
  async follow(name: string): Promise<void> {
    await Promise.all([
      this.page.waitForNavigation(),
      this.page.getByRole('link', { name, exact: true }).first().click(),
    ]);
  }

  /** Types into the search form and sends it. */
  async search(text: string, label: string): Promise<void> {
    await this.page.getByLabel(label).fill(text);
    await Promise.all([this.page.waitForNavigation(), this.page.getByLabel(label).press('Enter')]);
  }

  /** The names of a list of links (a province's list, the nearest, the matches). */
  async linksIn(selector: string): Promise<string[]> {
    return this.page.locator(`${selector} a`).allInnerTexts();
  }

  async hrefsOf(selector: string): Promise<string[]> {
    return this.page.locator(selector).evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''));
  }
}
