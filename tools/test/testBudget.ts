/**
 * The test run's budget and the summary that holds it up against the run: the whole suite within fifteen minutes on
 * the 2-core machine, the fast loop within one. A budget nothing checks erodes, so every whole run says where it
 * stands and which files cost most (tools/test/budgetReporter.ts prints this at the end of `npm test`).
 */

/** `npm test` from a fresh clone on this 2-core machine, in seconds. */
export const WHOLE_RUN_BUDGET_S = 15 * 60;
/** `npm run test:fast`, in seconds, even beside a running `npm test`. */
export const FAST_LOOP_BUDGET_S = 60;
const SLOWEST_SHOWN = 12;

/**
 * The slowest files of a whole run, slowest first (this summary's list from fresh clones on 2026-11-29, and the next
 * ones). Where Vitest has no durations of its own (a fresh clone), these start first (tools/test/slowestFirst.ts),
 * so no long file starts last and runs alone. A slow file missing here only starts later: each summary marks one.
 */
export const SLOWEST_FILES: readonly string[] = [
  'tests/e2e/journeys.test.ts',
  'tests/e2e/equity.test.ts',
  'tests/e2e/stats.test.ts',
  'tests/e2e/map.test.ts',
  'tests/e2e/find.test.ts',
  'tests/e2e/offline.test.ts',
  'tests/api/readmeCommands.test.ts',
  'tests/e2e/staffDesk.test.ts',
  'tests/e2e/ask.test.ts',
  'tests/e2e/history.test.ts',
  'tests/e2e/accessibility.test.ts',
  'tests/e2e/visitor.test.ts',
  'tests/e2e/places.test.ts',
  'tests/api/staffDesk.test.ts',
  'tests/api/deskUnderAttack.test.ts',
  'tests/api/failover.test.ts',
  'tests/api/dataPath.test.ts',
];

export interface FileTime {
  /** The file, relative to the repository. */
  file: string;
  /** Its project (fast, api, e2e). */
  project: string;
  /** Its tests' and hooks' time, in seconds. */
  seconds: number;
  tests: number;
}

const pad = (text: string, width: number) => text + ' '.repeat(Math.max(0, width - text.length));
const seconds = (s: number) => `${s.toFixed(0).padStart(5)} s`;

/** The lines printed after a run: the budget, each project's files' time, and the slowest files. */
export function budgetSummary(
  files: readonly FileTime[],
  wallSeconds: number,
  budgetSeconds = WHOLE_RUN_BUDGET_S,
  /** A whole run's: the files that start first on a fresh clone; a slowest file missing from them is marked. */
  listed?: readonly string[],
): string[] {
  const projects = new Map<string, { seconds: number; files: number; tests: number }>();
  for (const f of files) {
    const p = projects.get(f.project) ?? { seconds: 0, files: 0, tests: 0 };
    projects.set(f.project, { seconds: p.seconds + f.seconds, files: p.files + 1, tests: p.tests + f.tests });
  }
  const over = wallSeconds > budgetSeconds;
  const slowest = [...files].sort((a, b) => b.seconds - a.seconds).slice(0, SLOWEST_SHOWN);
  const width = Math.max(...slowest.map((f) => f.file.length), 10);
  return [
    '',
    `Test run: ${wallSeconds.toFixed(0)} s against a budget of ${budgetSeconds} s` +
      (over ? ` — OVER by ${(wallSeconds - budgetSeconds).toFixed(0)} s` : ' — within it'),
    ...[...projects].map(
      ([name, p]) =>
        `  ${pad(name, 6)} ${seconds(p.seconds)} in ${p.files} files, ${p.tests} tests (summed across workers)`,
    ),
    `Slowest files (what grew? compare with the last run's lines; README, "The test suite"):`,
    ...slowest.map(
      (f) =>
        `  ${seconds(f.seconds)}  ${pad(f.file, width)}  ${f.project}, ${f.tests} tests` +
        (!listed || listed.includes(f.file) ? '' : '  (not in SLOWEST_FILES: starts late on a fresh clone)'),
    ),
    '',
  ];
}
