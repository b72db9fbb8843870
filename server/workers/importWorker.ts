/**
 * Runs the console's imports (a preview's dry run, an apply: server/desk/uploadJobs.ts) away from the event
 * loop: reading, parsing and validating a file of up to 64 MB, SQLite's staging and applying, and keeping the
 * file's text take seconds of one thread's time that no request may wait behind. The store is opened here,
 * once, on the database the server writes.
 */
import { runUploadJob, type UploadJob } from '../desk/uploadJobs';
import type { DbSpec } from '../store/dbSpec';
import type { LocationStore } from '../store/LocationStore';
import { openStore } from '../store/openStore';
import { serveRequests } from './serveRequests';

export interface ImportRequest {
  db: DbSpec;
  job: UploadJob;
}

let opened: Promise<LocationStore> | null = null;
/** One job after another: the store's one connection holds one import's transaction at a time. */
let queue: Promise<unknown> = Promise.resolve();

function storeOf(db: DbSpec): Promise<LocationStore> {
  opened ??= openStore(db, { pagesChecked: true }).then(({ store }) => store);
  opened.catch(() => (opened = null));
  return opened;
}

serveRequests<ImportRequest>(({ db, job }) => {
  const run = queue.then(async () => ({ result: await runUploadJob(await storeOf(db), job) }));
  queue = run.catch(() => undefined);
  return run;
});
