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

  /**
   * The names' boxes as drawn (their ink, measured by the browser), each point's dot, and the plot's own area
   * (the chart's grid): what must not overlap, and what they must stay inside.
   */
  async nameLayout(): Promise<{
    names: { text: string; left: number; top: number; right: number; bottom: number }[];
    dots: { code: string; left: number; top: number; right: number; bottom: number }[];
    plot: { left: number; top: number; right: number; bottom: number };
    captions: { left: number; top: number; right: number; bottom: number }[];
  }> {
    return this.card()
      .locator('[data-testid="quadrant-chart"]')
      .evaluate((chart) => {
        const boxOf = (el: Element) => {
          const r = el.getBoundingClientRect();
          return { left: r.left, top: r.top, right: r.right, bottom: r.bottom };
        };
        // The shaded corner and the dashed lines are drawn over the plot's whole inner area.
        const lines = [...chart.querySelectorAll('g[aria-hidden="true"] line')].map(boxOf);
        const plot = {
          left: Math.min(...lines.map((l) => l.left)),
          right: Math.max(...lines.map((l) => l.right)),
          top: Math.min(...lines.map((l) => l.top)),
          bottom: Math.max(...lines.map((l) => l.bottom)),
        };
        return {
          names: [...chart.querySelectorAll('.quadrant-point text')].map((el) => ({
            text: el.textContent ?? '',
            ...boxOf(el),
          })),
          dots: [...chart.querySelectorAll('.quadrant-point')].map((el) => ({
            code: el.getAttribute('data-code') ?? '',
            ...boxOf(el.querySelector('circle')!),
          })),
          plot,
          captions: [...chart.querySelectorAll('g[aria-hidden="true"] text')].map(boxOf),
        };
      });
  }

  async chooseLevel(word: string): Promise<void> {
    await this.page.getByTestId('equity-level').getByText(word, { exact: true }).click();
  }

  countyRows() {
    return this.page.locator('[data-testid="equity-counties"] tbody tr');
  }
}
