/**
 * One module graph per worker, shared by the files it runs, rather than one per file (the API and browser suites;
 * vitest.config.ts): each file spent 2 to 3 s importing the server, Playwright and the domain again (84 s of the
 * browser files' run, one file after another), and then ran its first requests through code not yet optimised. A
 * file keeps its own state: its servers, databases and browser are made in its own hooks and closed in them, and
 * the shared modules hold only what is the same for every file (the census, the provinces).
 */
export const SHARED_MODULES = { isolate: false } as const;

/**
 * The files that replace a module (vi.mock): in a shared graph a stand-in would leak to the next file, or find the
 * real module already loaded. They run with a graph of their own (tests/unit/sharedModules.test.ts holds the list
 * whole).
 */
export const MODULES_REPLACED: readonly string[] = ['tests/api/pseudoLanguage.test.ts'];
