/**
 * One module graph per worker, shared by the files it runs, rather than one per file (the browser suites;
 * vitest.config.ts): each browser file spent about 3 s importing the server, Playwright and the domain again, one
 * file after another, and then ran its first requests through code not yet optimised; six of them took 62 to 69 s
 * shared against 79 to 94 s each in its own graph. A file keeps its own state: its server, database and browser
 * are made in its own hooks and closed in them, and the shared modules hold only what is the same for every file
 * (the census, the provinces). A file that replaced a module (vi.mock) would leak its stand-in to the next file,
 * or find the real one already loaded: none may (tests/unit/sharedModules.test.ts).
 *
 * The API files keep a graph each: sharing took their run neither shorter nor cheaper (362 s and 678 CPU-seconds
 * both ways), and one of them replaces modules.
 */
export const SHARED_MODULES = { isolate: false } as const;

/** The folders whose files share a module graph. */
export const SHARED_MODULE_FOLDERS: readonly string[] = ['tests/e2e'];
