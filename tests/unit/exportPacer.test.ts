/**
 * The bulk work's turns (server/exporter/exportPacer.ts): work a visitor waits for goes before background work (a
 * warm-up, a download's file being kept), which still gets a turn after BACKGROUND_PASSED_OVER of theirs in a row,
 * and goes at once when no visitor's work waits.
 */
import { describe, expect, it } from 'vitest';
import { BACKGROUND_PASSED_OVER, EXPORT_BUDGET_MS, exportTurn, type Work } from '../../server/exporter/exportPacer';

/** Uses up the turn's budget, as a batch of work would. */
const spend = () => {
  const started = performance.now();
  while (performance.now() - started <= EXPORT_BUDGET_MS);
};

/** Each asker's turns, `batches` of them, in the order they are given. */
async function turnsOf(askers: [string, Work, number][]): Promise<string[]> {
  const order: string[] = [];
  spend();
  await Promise.all(
    askers.map(async ([name, work, batches]) => {
      for (let i = 0; i < batches; i++) {
        await exportTurn(work);
        order.push(name);
        spend();
      }
    }),
  );
  return order;
}

describe('the bulk work pacer', () => {
  it('gives a visitor’s work its turns first, and background work one after every few of theirs', async () => {
    const order = await turnsOf([
      ['warm-up', 'background', 3],
      ['download', 'visitor', 8],
    ]);
    const first = order.indexOf('warm-up');
    expect(first).toBe(BACKGROUND_PASSED_OVER);
    expect(order.slice(0, first).every((name) => name === 'download')).toBe(true);
    // Never more than that many of the visitor's in a row while background work waits.
    const runs = order.join(' ').split('warm-up');
    for (const run of runs.slice(0, -1))
      expect(run.trim().split(' ').filter(Boolean).length).toBeLessThanOrEqual(BACKGROUND_PASSED_OVER);
    expect(order.filter((name) => name === 'warm-up')).toHaveLength(3);
  });

  it('gives background work every turn when no visitor’s work waits', async () => {
    const order = await turnsOf([
      ['warm-up', 'background', 4],
      ['file', 'background', 4],
    ]);
    expect(order).toHaveLength(8);
    expect(order.slice(0, 2).sort()).toEqual(['file', 'warm-up']);
  });
});
