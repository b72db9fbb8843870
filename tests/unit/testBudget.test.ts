/** The test run's budget summary (tools/test/testBudget.ts): what every whole run prints at its end. */
import { describe, expect, it } from 'vitest';
import { budgetSummary, WHOLE_RUN_BUDGET_S } from '../../tools/test/testBudget';

const files = [
  { file: 'tests/e2e/a.test.ts', project: 'e2e', seconds: 100, tests: 4 },
  { file: 'tests/api/b.test.ts', project: 'api', seconds: 30, tests: 10 },
  { file: 'tests/api/c.test.ts', project: 'api', seconds: 50, tests: 2 },
];

describe('the test budget summary', () => {
  it('says the run within its budget, each project, and the slowest files first', () => {
    const lines = budgetSummary(files, 800);
    expect(WHOLE_RUN_BUDGET_S).toBe(900);
    expect(lines[1]).toBe('Test run: 800 s against a budget of 900 s — within it');
    expect(lines.filter((l) => /^ {2}(e2e|api) /.test(l))).toEqual([
      '  e2e      100 s in 1 files, 4 tests (summed across workers)',
      '  api       80 s in 2 files, 12 tests (summed across workers)',
    ]);
    const slowest = lines.filter((l) => l.includes('tests/'));
    expect(slowest.map((l) => l.trim().split(/\s+/)[2])).toEqual([
      'tests/e2e/a.test.ts',
      'tests/api/c.test.ts',
      'tests/api/b.test.ts',
    ]);
  });

  it('says by how much a run is over', () => {
    expect(budgetSummary(files, 1000)[1]).toBe('Test run: 1000 s against a budget of 900 s — OVER by 100 s');
    expect(budgetSummary(files, 70, 60)[1]).toBe('Test run: 70 s against a budget of 60 s — OVER by 10 s');
  });

  it('marks a slowest file that the fresh-clone start order (SLOWEST_FILES) does not list', () => {
    const lines = budgetSummary(files, 800, WHOLE_RUN_BUDGET_S, ['tests/e2e/a.test.ts']);
    const marked = lines.filter((l) => l.includes('not in SLOWEST_FILES'));
    expect(marked.map((l) => l.trim().split(/\s+/)[2])).toEqual(['tests/api/c.test.ts', 'tests/api/b.test.ts']);
    // The fast loop's summary has no such list: nothing marked.
    expect(budgetSummary(files, 50, 60).filter((l) => l.includes('not in SLOWEST_FILES'))).toEqual([]);
  });
});
