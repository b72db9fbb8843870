/**
 * The browser files' polls wait on the app's state, not on Vitest's one-second default (vitest.config.ts, the
 * browser project's `expect.poll`): a page sharing the cores with other work may take longer than a second to show
 * what a step should, and the test must still see it.
 */
import { expect, it } from 'vitest';

it('a poll waits past one second for a state that comes late', async () => {
  const start = Date.now();
  await expect.poll(() => Date.now() - start >= 2_500).toBe(true);
});
