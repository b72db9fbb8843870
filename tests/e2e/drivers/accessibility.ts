/** axe-core in the page: no serious or critical violation in the state the page is in. */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/**
 * Waits for every finite animation and transition on the page to end (a tooltip fading in, a dialog sliding):
 * axe measures colours as drawn, and half-faded text against a half-faded background is a contrast no visitor
 * is left reading. Endless ones (a loader's spin) are not waited for. Quiet means quiet for several frames and
 * a few tenths of a second in a row: a hovered button's tooltip is mounted some 70 ms after the hover and starts
 * fading in some 70 ms later again (more on a loaded machine), so one quiet frame proves nothing.
 */
async function settleAnimations(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const QUIET_FRAMES = 6;
    const QUIET_MS = 300;
    const frame = () => new Promise((resolve) => requestAnimationFrame(() => resolve(undefined)));
    let quietFrames = 0;
    let quietSince = performance.now();
    for (let round = 0; round < 500; round++) {
      await frame();
      const running = document
        .getAnimations()
        .filter((a) => a.playState === 'running' && a.effect?.getComputedTiming().endTime !== Infinity);
      if (running.length === 0) {
        if (++quietFrames >= QUIET_FRAMES && performance.now() - quietSince >= QUIET_MS) return;
        continue;
      }
      await Promise.all(running.map((a) => a.finished.catch(() => undefined)));
      quietFrames = 0;
      quietSince = performance.now();
    }
  });
}

export async function seriousViolations(page: Page): Promise<string[]> {
  await settleAnimations(page);
  // axe.run in the page and its frames (legacy mode) rather than a partial run per frame finished in a new blank
  // page: the app has no cross-origin frame for the partial run to reach, and the blank page was a renderer started
  // for every check (5 to 7 s a check on this machine against 1.5 s; the rules and their findings are the same).
  // Only violations are reported in full: passes and the undecided came back node by node, unread, in megabytes.
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
    .setLegacyMode()
    .options({ resultTypes: ['violations'] })
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
