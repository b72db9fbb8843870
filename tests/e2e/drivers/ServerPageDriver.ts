/** Drives the pages the server renders, as a visitor without JavaScript walks them (links and a plain form). */
import type { Page } from 'playwright-core';
import type { PageWords } from '../../../server/pages/pageWords';

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

  /** The form filled as a person fills it: what, near which town, for whom (the option's words); then sent. */
  async ask(fields: { text: string; near: string; audience: string }, words: PageWords): Promise<void> {
    await this.page.getByLabel(words.searchLabel).fill(fields.text);
    await this.page.getByLabel(words.nearLabel).fill(fields.near);
    await this.page.getByLabel(words.forLabel).selectOption({ label: fields.audience });
    await Promise.all([
      this.page.waitForNavigation(),
      this.page.getByRole('button', { name: words.searchButton }).click(),
    ]);
  }

  /** The names of a list of links (a province's list, the nearest, the matches): each row's first, its name. */
  async linksIn(selector: string): Promise<string[]> {
    return this.page.locator(`${selector} > li > a`).allInnerTexts();
  }

  /** Each row of a list as it reads (its name, then whom it admits, its distance and phone). */
  async rowsIn(selector: string): Promise<string[]> {
    return this.page.locator(`${selector} > li`).allInnerTexts();
  }

  async hrefsOf(selector: string): Promise<string[]> {
    return this.page.locator(selector).evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''));
  }
}
