/**
 * Runs the console's imports (a preview's dry run, an apply) away from the event loop: reading, parsing and
 * validating a file of up to 64 MB, and SQLite's staging and applying, take seconds of one thread's time that
 * no request may wait behind. The store is opened here, once, on the database the server writes.
 */
import type { DatasetMeta } from '../../domain/gateway';
import { runImport, type ImportOptions, type ImportResult } from '../importer/runImport';
import type { DbSpec } from '../store/dbSpec';
import type { LocationStore } from '../store/LocationStore';
import { openStore } from '../store/openStore';
import { serveRequests } from './serveRequests';

export interface ImportRequest {
  db: DbSpec;
  file: string;
  options: ImportOptions;
}

let opened: Promise<LocationStore> | null = null;
/** One import after another: the store's one connection holds one import's transaction at a time. */
let queue: Promise<unknown> = Promise.resolve();

function storeOf(db: DbSpec): Promise<LocationStore> {
  opened ??= openStore(db, { pagesChecked: true }).then(({ store }) => store);
  opened.catch(() => (opened = null));
  return opened;
}

/** What an import did, with the dataset version it met and the dataset as it left it. */
export interface ImportDone {
  result: ImportResult;
  versionBefore: number;
  metaAfter: DatasetMeta;
}

serveRequests<ImportRequest>(({ db, file, options }) => {
  const run = queue.then(async () => {
    const store = await storeOf(db);
    const versionBefore = await store.datasetVersion();
    const result = await runImport(store, file, options);
    const done: ImportDone = { result, versionBefore, metaAfter: await store.meta() };
    return { result: done };
  });
  queue = run.catch(() => undefined);
  return run;
});
