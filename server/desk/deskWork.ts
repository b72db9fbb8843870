/**
 * The staff desk's work, apart from HTTP: each staff action done and written to the audit log with who did it, what,
 * and the dataset version it met. The routes (server/routes/staffRoutes.ts) declare the addresses, schemas and
 * sessions and hand each request here; what is refused is refused with the HTTP error it answers.
 */
import type { Readable } from 'node:stream';
import type { Applied, UploadPreview } from '../../domain/wire/desk';
import type { ReportStatus } from '../../domain/reports';
import { HttpError, notFound } from '../http/errors';
import type { LocationStore } from '../store/LocationStore';
import type { StoredReport } from '../store/StaffDesk';
import type { ConsoleImports } from './consoleImports';
import { previewUpload, type UploadOptions } from './uploads';

const outdated = (previewed: number, now: string) =>
  new HttpError(
    409,
    'preview_outdated',
    `the data has changed since this preview (version ${previewed}; ${now}): upload the file again`,
  );

export class DeskWork {
  constructor(
    private readonly store: LocationStore,
    /** The console's imports, or null where this server cannot write its database. */
    private readonly consoleImports: ConsoleImports | null,
  ) {}

  private get desk() {
    return this.store.desk;
  }

  private get imports(): ConsoleImports {
    if (!this.consoleImports)
      throw new HttpError(503, 'imports_unavailable', 'this server cannot write its database: imports are off');
    return this.consoleImports;
  }

  /** Writes a row of the audit log: who, what, the detail, and the dataset version now. */
  async audit(name: string, action: string, detail: string): Promise<void> {
    await this.desk.audit({
      at: new Date().toISOString(),
      name,
      action,
      detail,
      datasetVersion: await this.store.datasetVersion(),
    });
  }

  /** Checks a file and works out its changes (applying nothing), kept for an apply by its id. */
  async preview(
    name: string,
    body: Readable,
    file: { fileName: string; options: UploadOptions; encoding: Parameters<typeof previewUpload>[4] },
  ): Promise<UploadPreview> {
    const preview = await previewUpload(
      this.imports,
      body,
      { name, fileName: file.fileName },
      file.options,
      file.encoding,
    );
    const { Inserted, Updated, Deleted } = preview.Summary;
    await this.audit(
      name,
      'upload.preview',
      `${file.fileName} (${preview.Id}): ${preview.Records} records, ${preview.Rejected} invalid, ${preview.Findings.length} findings; would insert ${Inserted}, update ${Updated}, delete ${Deleted}`,
    );
    return preview;
  }

  /** Applies a previewed file as previewed (the imports apply it, and drop it once applied). */
  async apply(name: string, id: string): Promise<Applied> {
    const outcome = await this.imports.apply({ id });
    if (outcome.kind === 'unknown')
      throw notFound('unknown_upload', 'no such upload: it was applied, discarded or expired');
    if (outcome.kind === 'outdated') throw outdated(outcome.previewed, outcome.now);
    if (outcome.kind === 'not_applied') throw new HttpError(422, 'not_applied', outcome.reason);
    const { result, meta, fileName } = outcome;
    const { inserted, updated, deleted } = result.summary;
    await this.audit(
      name,
      'upload.apply',
      `${fileName} (${id}): version ${meta.version}; inserted ${inserted}, updated ${updated}, deleted ${deleted}`,
    );
    return { Version: meta.version, Locations: meta.locations, Inserted: inserted, Updated: updated, Deleted: deleted };
  }

  /** Discards a previewed file. */
  async discard(name: string, id: string): Promise<void> {
    if (!(await this.desk.dropUpload(id))) throw notFound('unknown_upload', 'no such upload');
    await this.audit(name, 'upload.discard', id);
  }

  /** Decides a report (resolved or rejected, with a note the public sees), and gives it back as it now stands. */
  async decide(
    name: string,
    id: string,
    status: Exclude<ReportStatus, 'open'>,
    note: string,
    seen: string | null,
  ): Promise<StoredReport> {
    if (!(await this.desk.decideReport(id, status, note.trim(), name, new Date().toISOString(), seen))) {
      const now = await this.desk.report(id);
      if (!now) throw notFound('unknown_report', 'no report with this id');
      // Refused while still open only when `seen` names a decision it never had: said so, not as a decision by nobody.
      throw new HttpError(
        409,
        'report_changed',
        now.status === 'open'
          ? 'this report is not decided yet, though the decision says it was seen decided: read it again'
          : `${now.decidedBy} decided this report (${now.status}) at ${now.decidedAt} since you read it: read it again`,
      );
    }
    await this.audit(name, `report.${status}`, id);
    return (await this.desk.report(id))!;
  }
}
