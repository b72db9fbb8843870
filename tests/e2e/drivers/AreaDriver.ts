/** Drives drawing an area on the map: the button, clicks on the map as corners, the panel's buttons. */
import type { Page, Request } from 'playwright-core';
import { fa } from '../../../src/i18n/fa';
// Counts are written in the page's digits (Persian ones on a Persian page): folded to ASCII to be read.
import { foldText } from '../../../domain/text';

export class AreaDriver {
  constructor(readonly page: Page) {}

  panel() {
    return this.page.getByTestId('area-draw-panel');
  }

  async start(): Promise<void> {
    await this.page.getByTestId('draw-area').click();
    await this.panel().waitFor();
  }

  /** Clicks the map at page points, one corner each, waiting for each to be counted. */
  async clickCorners(points: readonly { x: number; y: number }[]): Promise<void> {
    for (const point of points) {
      const before = await this.cornerCount();
      await this.page.mouse.click(point.x, point.y);
      await this.page
        .waitForFunction(
          ([selector, text]) => document.querySelector(selector)?.textContent !== text,
          ['[data-testid="area-vertices"]', fa.area.vertices(String(before))] as const,
          { timeout: 5_000 },
        )
        .catch(() => undefined); // a refused corner changes nothing; the caller checks the refusal
    }
  }

  async cornerCount(): Promise<number> {
    const text = await this.panel().getByTestId('area-vertices').innerText();
    return Number(foldText(text).replace(/\D/g, ''));
  }

  refusal() {
    return this.panel().getByTestId('area-refusal');
  }

  button(name: string) {
    return this.panel().getByRole('button', { name, exact: true });
  }

  /** Finishes, and returns the request the app made for what is inside. */
  async finish(): Promise<Request> {
    const [request] = await Promise.all([
      this.page.waitForRequest((r) => r.method() === 'POST' && r.url().includes('/api/area/')),
      this.button(fa.area.finish).click(),
    ]);
    return request;
  }

  answer() {
    return this.panel().getByTestId('area-answer');
  }
}
