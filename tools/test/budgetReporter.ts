/**
 * A Vitest reporter beside the default one: at the end of a whole run (every project), or of the fast loop, it
 * prints the run's time against its budget and the slowest files (tools/test/testBudget.ts), and what the run left
 * in the temporary folder (tools/test/leftBehind.ts). It reports and does
 * not fail the run: the budget is held by reading this at every run, and by the note of any change that moves it.
 */
import type { Reporter, TestModule, Vitest } from 'vitest/node';
import { leftBehind, leftBehindLines } from './leftBehind';
import { budgetSummary, FAST_LOOP_BUDGET_S, SLOWEST_FILES, WHOLE_RUN_BUDGET_S, type FileTime } from './testBudget';

export default class BudgetReporter implements Reporter {
  private projects: string[] = [];
  /** The run was asked for some projects only (`--project`): a part of the run, however many files. */
  private someProjects = false;
  private startedMs = Date.now();

  onInit(vitest: Vitest): void {
    this.startedMs = Date.now();
    this.projects = vitest.projects.map((p) => p.name);
    this.someProjects = vitest.config.project.length > 0;
  }

  onTestRunEnd(modules: readonly TestModule[]): void {
    const files: FileTime[] = modules.map((m) => ({
      file: m.relativeModuleId,
      project: m.project.name,
      seconds: m.diagnostic().duration / 1000,
      tests: [...m.children.allTests()].length,
    }));
    const ran = new Set(files.map((f) => f.project));
    // A focused run (a file, a name) has no budget to be held to.
    const whole =
      !this.someProjects && this.projects.length > 1 && this.projects.every((p) => ran.has(p)) && files.length >= 20;
    const fastLoop = ran.size === 1 && ran.has('fast') && files.length >= 20;
    if (!whole && !fastLoop) return;
    // From the Vitest process's start: its global setups (the client build, PostgreSQL) count against the budget too.
    const budget = whole ? WHOLE_RUN_BUDGET_S : FAST_LOOP_BUDGET_S;
    const lines = budgetSummary(files, performance.now() / 1000, budget, whole ? SLOWEST_FILES : undefined);
    process.stdout.write(`${lines.join('\n')}\n`);
    // Looked at as the process exits: the global set-ups remove their folders (the PostgreSQL cluster, the seeded
    // databases) after the run's end is reported.
    const since = this.startedMs;
    process.once('exit', () => process.stdout.write(leftBehindLines(leftBehind(since)).join('\n')));
  }
}
