/** Drives the statistics' "suggested sites" card: its choices, its sentence and its ranked table. */
import type { Page } from 'playwright-core';

export class SuggestDriver {
  constructor(readonly page: Page) {}

  card() {
    return this.page.getByTestId('suggest-card');
  }

  sentence() {
    return this.page.getByTestId('suggest-card-summary');
  }

  rows() {
    return this.page.locator('[data-testid="suggest-table"] tbody tr');
  }

  /** Each row's cells as shown. */
  async table(): Promise<string[][]> {
    return this.rows().evaluateAll((rows) =>
      rows.map((row) => [...row.querySelectorAll('th, td')].map((cell) => (cell as HTMLElement).innerText.trim())),
    );
  }

  /** Chooses an option of one of the card's chip groups by its label, as a visitor clicks it. */
  async choose(group: 'suggest-for' | 'suggest-km' | 'suggest-n', label: string): Promise<void> {
    await this.page.getByTestId(group).getByText(label, { exact: true }).click();
  }

  /** Chooses where, as a visitor does: opens the box by its name and clicks the province's. */
  async chooseProvince(boxName: string, province: string): Promise<void> {
    await this.page.getByRole('combobox', { name: boxName, exact: true }).click();
    await this.page.getByRole('option', { name: province, exact: true }).click();
  }
}
