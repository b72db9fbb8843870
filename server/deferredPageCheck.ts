/**
 * A large SQLite file is page-checked after the server listens (openDatabase's `deferPageCheckAbove`), in a
 * worker thread: a damaged file is still refused, seconds later rather than before the first answer.
 */
import { damaged } from './store/sqlite/openDatabase';
import { WorkerClient } from './workers/WorkerClient';
import type { PageCheckRequest } from './workers/pageCheckWorker';
import { workerEntry } from './workers/workerEntries';

/** Calls `onDamaged` with what to say when the file's pages are not sound. */
export async function checkPagesLater(file: string, onDamaged: (message: string) => void): Promise<void> {
  const worker = new WorkerClient<PageCheckRequest>(workerEntry('pageCheckWorker'), 'makan-page-check');
  try {
    const problem = await worker
      .call<string | null>({ file })
      .catch((error: unknown) => damaged(file, (error as Error).message).message);
    if (problem) onDamaged(problem);
  } finally {
    await worker.close();
  }
}
