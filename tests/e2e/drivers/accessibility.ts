/** axe-core in the page: no serious or critical violation in the state the page is in. */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

export async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
    .analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.help} — ${v.nodes
          .slice(0, 4)
          .map(
            (n) =>
              `${n.target.join(' ')} [${n.html.slice(0, 120)}] ${(n.failureSummary ?? '').split('\n').slice(1, 2).join('')}`,
          )
          .join(' | ')}${v.nodes.length > 4 ? ` (+${v.nodes.length - 4})` : ''}`,
    );
}

export async function expectAccessible(page: Page, state: string): Promise<void> {
  expect(await seriousViolations(page), `axe: serious or critical violations in ${state}`).toEqual([]);
}
