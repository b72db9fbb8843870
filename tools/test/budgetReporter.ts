/**
 * A Vitest reporter beside the default one: at the end of a whole run it prints the run's time against its budget
 * and the slowest files (tools/test/testBudget.ts). It reports and does not fail the run: the budget is held by
 * reading this at every run, and by the note of any change that moves it.
 */
import type { Reporter, TestModule } from 'vitest/node';
import { budgetSummary, FAST_LOOP_BUDGET_S, SUMMARY_FROM_FILES, WHOLE_RUN_BUDGET_S, type FileTime } from './testBudget';

export default class BudgetReporter implements Reporter {
  onTestRunEnd(modules: readonly TestModule[]): void {
    if (modules.length < SUMMARY_FROM_FILES) return;
    const files: FileTime[] = modules.map((m) => ({
      file: m.relativeModuleId,
      project: m.project.name,
      seconds: m.diagnostic().duration / 1000,
      tests: [...m.children.allTests()].length,
    }));
    // The fast loop alone has its own budget.
    const budget = files.every((f) => f.project === 'fast') ? FAST_LOOP_BUDGET_S : WHOLE_RUN_BUDGET_S;
    // From the Vitest process's start: its global setups (the client build, PostgreSQL) count against the budget too.
    process.stdout.write(`${budgetSummary(files, performance.now() / 1000, budget).join('\n')}\n`);
  }
}
