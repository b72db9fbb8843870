/**
 * The worker threads' modules of the run's server build (tests/setup/testBuilds.ts), for the servers the tests start
 * inside their own process: put in place of server/workers/workerEntries.ts by vitest.config.ts. From source each
 * thread would load tsx and compile its modules again, about 0.4 CPU-seconds a thread and three threads a server,
 * in a run that starts a server in nearly every file; the build is of the same sources, made at the run's start.
 */
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { WorkerEntry } from '../../server/workers/workerEntries';
import { TEST_SERVER_DIR } from './paths';

export const workerEntry = (name: WorkerEntry): URL => pathToFileURL(join(TEST_SERVER_DIR, `${name}.js`));
