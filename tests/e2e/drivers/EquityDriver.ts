/** Drives the statistics' "need against supply" card: its quadrant chart, its levels and its county table. */
import type { Page } from 'playwright-core';

export class EquityDriver {
  constructor(readonly page: Page) {}

  card() {
    return this.page.getByTestId('equity-card');
  }

  sentence() {
    return this.page.getByTestId('equity-card-summary');
  }

  points() {
    return this.page.locator('[data-testid="quadrant-chart"] .quadrant-point');
  }

  /** The one point the Tab key reaches. */
  tabStop() {
    return this.page.locator('[data-testid="quadrant-chart"] .quadrant-point[tabindex="0"]');
  }

  /** The code of the point that has the keyboard's focus, or null. */
  async focusedCode(): Promise<string | null> {
    return this.page.evaluate(() => document.activeElement?.getAttribute('data-code') ?? null);
  }

  /** Each point's code with its centre on the page. */
  async drawnPoints(): Promise<{ code: string; x: number; y: number }[]> {
    return this.points().evaluateAll((points) =>
      points.map((point) => {
        const box = point.querySelector('circle')!.getBoundingClientRect();
        return { code: point.getAttribute('data-code')!, x: box.x + box.width / 2, y: box.y + box.height / 2 };
      }),
    );
  }

  /** The names written beside the points. */
  async namesDrawn(): Promise<string[]> {
    return this.points().locator('text').allTextContents();
  }

  async chooseLevel(word: string): Promise<void> {
    await this.page.getByTestId('equity-level').getByText(word, { exact: true }).click();
  }

  countyRows() {
    return this.page.locator('[data-testid="equity-counties"] tbody tr');
  }
}
