import { resolve } from 'node:path';
import { defineConfig, type Plugin } from 'vitest/config';
import SlowestFirstSequencer from './tools/test/slowestFirst';

/**
 * Two files at a time where files own their servers and databases (a server start, a PostgreSQL query, an
 * import: mostly waiting, so two cores serve two files); the browser files after them, two at a time as well.
 * Vitest runs one group after the other.
 */
const SERVER_SIDE = { maxWorkers: 2, sequence: { groupOrder: 0 } } as const;
/**
 * One browser file alone left the two cores idle a fifth of its time (82 % busy, sampled from /proc/stat): a page
 * waits on its server, its timers and Chromium's GPU process in turn. Two at a time fill that (98 %): all 28 files
 * took 815 s against 1,162 s one at a time, back to back (issue 56). Each file has its own server, database and
 * Chromium; a page beside another Chromium takes 1.5 to 2 times as long, so every wait is on the app's state, with
 * room (the polls' 15 s, below). A first try failed once, before the polls had that room; the whole project
 * has since passed at two in each run (`npx vitest run --project e2e`, and `.ci/run`).
 */
const BROWSER = { maxWorkers: 2, sequence: { groupOrder: 1 } } as const;

/**
 * The servers the suites start in their own process run their worker threads from the run's server build, as
 * `npm start`'s do (tests/support/builtWorkerEntries.ts): the server's own imports of its worker registry get the
 * build's. A test that imports the registry itself gets the source's.
 */
const builtWorkerEntries: Plugin = {
  name: 'makan-built-worker-entries',
  enforce: 'pre',
  resolveId(source, importer) {
    if (!/\/workers\/workerEntries(\.ts)?$/.test(source) && source !== './workerEntries') return null;
    if (!importer?.includes('/server/')) return null;
    return resolve('tests/support/builtWorkerEntries.ts');
  },
};

export default defineConfig({
  test: {
    // The default report, then the run's time against its budget and its slowest files (tools/test/testBudget.ts).
    reporters: ['default', './tools/test/budgetReporter.ts'],
    // The slowest files start first, even where Vitest has no durations of its own (a fresh clone).
    sequence: { sequencer: SlowestFirstSequencer },
    projects: [
      {
        // The fast loop (`npm run test:fast`): pure rules and machines, no server, database or browser.
        test: {
          name: 'fast',
          include: ['tests/unit/**/*.test.ts', 'tests/machines/**/*.test.ts'],
          environment: 'node',
          // Vitest's 5 s is too little on a loaded machine: the import-ring check parses every source file and took
          // longer than that beside a running `npm test` (issue 56). Nothing here waits on anything but the CPU.
          testTimeout: 30_000,
          // Pure rules need no fresh module graph per file: sharing one per worker took the loop from 26 s to 12 s
          // (48 to 20 CPU-seconds), which is what keeps it fast beside a running `npm test`. A global a test
          // stubs is put back after it, so nothing it stubs reaches the next file.
          isolate: false,
          unstubGlobals: true,
          ...SERVER_SIDE,
        },
      },
      {
        plugins: [builtWorkerEntries],
        test: {
          name: 'api',
          include: ['tests/api/**/*.test.ts'],
          ...SERVER_SIDE,
          environment: 'node',
          // The API suites run against both stores: this starts the PostgreSQL cluster they share. The client and the
          // server are built once for the run (the README's `npm start`s reuse them, and the server processes the
          // suites start run that build). Each seeded database is made once and copied (tests/support/seededDatabases.ts).
          globalSetup: ['tests/setup/testBuilds.ts', 'tests/setup/postgresCluster.ts', 'tests/setup/seedCache.ts'],
          testTimeout: 30_000,
          hookTimeout: 120_000,
        },
      },
      {
        plugins: [builtWorkerEntries],
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          environment: 'node',
          // Provisions Chromium; the client build is the run's one (up to date by now when the API suites ran); the
          // seeded databases are copied, as in the API suites; the journeys that walk both stores get a PostgreSQL
          // cluster of their own.
          globalSetup: [
            'tests/setup/browserSuite.ts',
            'tests/setup/testBuilds.ts',
            'tests/setup/postgresCluster.ts',
            'tests/setup/seedCache.ts',
          ],
          // Two browser files at a time, each with its own Chromium (BROWSER, above).
          ...BROWSER,
          // One module graph for the worker, shared by the files it runs, as the fast loop has: each browser file
          // spent about 3 s importing the server, Playwright and the domain again, one file after another, then
          // served its first requests through code not yet optimised (six files: 62 and 69 s shared, 79 and 94 s
          // each in its own graph). A file makes and closes its server, database and browser in its own hooks; the
          // shared modules hold what is the same for every file (the census, the provinces). None may replace a
          // module or stub a global, which would leak to the next file (tests/unit/sharedModules.test.ts). The API
          // files keep a graph each: sharing made their run neither shorter nor cheaper (362 s, 678 CPU-s both ways).
          isolate: false,
          testTimeout: 90_000,
          hookTimeout: 120_000,
          // A browser test polls the page until it shows what it should (some 140 polls): Vitest's default gives each
          // one second, a clock rather than the app's state, which a page sharing the cores with other work can miss
          // (issue 56: the likeliest cause of a what-if plan's step failing beside another Chromium once). A
          // poll ends as soon as its state is reached, so a passing test takes no longer, and a broken one still
          // fails within its test's time.
          expect: { poll: { timeout: 15_000 } },
        },
      },
    ],
  },
});
