/** The local inspector's panel (`?inspect=local`), as a developer uses it. */
import type { Page } from 'playwright-core';
import { fa } from '../../../src/i18n/fa';

const words = fa.inspector;

export class InspectorDriver {
  constructor(private readonly page: Page) {}

  panel() {
    return this.page.getByRole('complementary', { name: words.label });
  }

  toggle() {
    return this.panel().locator('.inspector-toggle');
  }

  async open(): Promise<void> {
    await this.toggle().click();
    await this.panel().locator('.inspector-panel').waitFor();
  }

  /** The live actors, each as its name and its state value (as JSON) as the list shows them. */
  async actors(): Promise<{ id: string; value: string }[]> {
    return this.panel()
      .locator('.inspector-actors button')
      .evaluateAll((buttons) =>
        buttons.map((b) => ({
          id: b.getAttribute('data-actor') ?? '',
          value: b.querySelector('code')?.textContent ?? '',
        })),
      );
  }

  async select(actor: string): Promise<void> {
    await this.panel().locator(`.inspector-actors button[data-actor="${actor}"]`).click();
    await this.panel().locator('#inspector-detail-title', { hasText: actor }).waitFor();
  }

  /** The selected actor's state value, as the detail shows it. */
  async value(): Promise<string> {
    return (await this.panel().getByTestId('inspector-value').textContent()) ?? '';
  }

  /** The selected machine's states as drawn (their paths), and which of them are marked active. */
  async outline(): Promise<{ states: string[]; active: string[] }> {
    return this.panel()
      .getByTestId('inspector-outline')
      .evaluate((list) => {
        const states = [...list.querySelectorAll('[data-state]')];
        return {
          states: states.map((s) => s.getAttribute('data-state') ?? ''),
          active: states.filter((s) => s.classList.contains('active')).map((s) => s.getAttribute('data-state') ?? ''),
        };
      });
  }

  /** The transitions drawn under one state, as "EVENT → targets" lines. */
  async transitionsOf(state: string): Promise<string[]> {
    return this.panel()
      .locator(`[data-state="${state}"] > .inspector-transitions > li`)
      .evaluateAll((items) => items.map((i) => (i.textContent ?? '').replace(/\s+/g, ' ').trim()));
  }

  /** The event log's lines, newest first. */
  async events(): Promise<string[]> {
    return this.panel()
      .getByTestId('inspector-events')
      .locator('li')
      .evaluateAll((items) => items.map((i) => (i.textContent ?? '').replace(/\s+/g, ' ').trim()));
  }

  async filterEvents(text: string): Promise<void> {
    await this.panel().getByRole('searchbox', { name: words.filter }).fill(text);
  }
}
