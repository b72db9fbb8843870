/**
 * The console's imports, each run in a worker thread (server/workers/importWorker.ts) so that no request waits
 * behind a file being read, validated and staged. One runs at a time per process and a few wait; past those a
 * further file is refused with 503 and a time to try again, so files sent at once cannot pile up work or
 * memory. The worker's heap is bounded, and the worker is stopped once nothing waits, giving its memory back.
 */
import { WorkerClient } from '../workers/WorkerClient';
import type { ImportRequest } from '../workers/importWorker';
import type { ApplyJob, ApplyOutcome, PreviewJob, Previewed, UploadJob } from './uploadJobs';
import type { DbSpec } from '../store/dbSpec';
import { HttpError } from '../http/errors';
import { unwritableCode, unwritableRefusal } from '../store/unwritable';
import { workerEntry } from '../workers/workerEntries';

/** Files checked or applied at once per process, the one running included. */
export const IMPORTS_AT_ONCE = 3;
/** The import worker's heap: a 64 MB file of 300,000 points needs about a third of it. */
const IMPORT_HEAP_MB = 2_048;
/** What a refused file is told to wait, in seconds: about what a large file takes to check. */
const BUSY_RETRY_S = 30;

export class ConsoleImports {
  private readonly worker = new WorkerClient<ImportRequest>(workerEntry('importWorker'), 'makan-imports', {
    maxOldGenerationSizeMb: IMPORT_HEAP_MB,
  });

  constructor(
    /** The database the server writes. */
    private readonly db: DbSpec,
    /** Why the server must not write its database now (store.writesRefused), or null. */
    private readonly writesRefused: () => string | null,
    /** Told when the database refused an import's write (store.desk.noteRefused: health says so). */
    private readonly refused: (code: string) => void,
    private readonly atOnce = IMPORTS_AT_ONCE,
  ) {}

  preview(job: Omit<PreviewJob, 'kind'>): Promise<Previewed> {
    return this.run<Previewed>({ kind: 'preview', ...job });
  }

  apply(job: Omit<ApplyJob, 'kind'>): Promise<ApplyOutcome> {
    return this.run<ApplyOutcome>({ kind: 'apply', ...job });
  }

  private async run<Result>(job: UploadJob): Promise<Result> {
    const refused = this.writesRefused();
    // Opened anew at its path, a removed SQLite file would be a new, empty database: nothing is written there.
    if (refused !== null) throw new HttpError(503, 'database_lost', refused);
    if (this.worker.busy >= this.atOnce)
      throw new HttpError(
        503,
        'imports_busy',
        `${this.atOnce} files are being checked or applied already: try again in a moment`,
        BUSY_RETRY_S,
      );
    try {
      return await this.worker.call<Result>({ db: this.db, job });
    } catch (error) {
      const code = (error as { code?: string }).code ?? '';
      if (code === 'ERR_WORKER_OUT_OF_MEMORY')
        throw new HttpError(
          413,
          'file_too_large_to_check',
          'this file needs more memory to check than the server gives it: split it by type or province',
        );
      // The database (or its folder) cannot be written, not that the file was wrong.
      if (unwritableCode(error) !== null) {
        this.refused(code);
        throw unwritableRefusal(code, 'nothing was imported');
      }
      throw error;
    } finally {
      if (this.worker.busy === 0) await this.worker.close();
    }
  }

  close(): Promise<void> {
    return this.worker.close();
  }
}
