/**
 * What the console's import worker does with a file (server/workers/importWorker.ts): its preview (a dry run,
 * the file's text kept with what was previewed) and its apply (applied as previewed, then dropped). Both read
 * and write the file's text (up to 64 MB) on the worker's own connection: the server's thread never holds it, never
 * decodes it and never waits while the database stores it.
 */
import { readFile, writeFile } from 'node:fs/promises';
import type { DatasetMeta } from '../../domain/gateway';
import type { FileEncoding } from '../../domain/wire/desk';
import { encodingOf } from '../importer/fileText';
import { runImport, type ImportFormat, type ImportResult } from '../importer/runImport';
import type { LocationStore } from '../store/LocationStore';
import { inTempFile } from '../importer/inTempFile';
import { UPLOAD_KEPT_MS, type PreviewJob, type Previewed, type UploadOptions } from './uploads';

export type { PreviewJob, Previewed };

export interface ApplyJob {
  kind: 'apply';
  id: string;
}

export type UploadJob = PreviewJob | ApplyJob;

export type ApplyOutcome =
  | { kind: 'unknown' }
  | { kind: 'outdated'; previewed: number; now: string }
  | { kind: 'not_applied'; reason: string }
  | { kind: 'applied'; result: ImportResult; meta: DatasetMeta; fileName: string };

export async function runUploadJob(store: LocationStore, job: UploadJob): Promise<Previewed | ApplyOutcome> {
  return job.kind === 'preview' ? preview(store, job) : apply(store, job.id);
}

async function preview(store: LocationStore, job: PreviewJob): Promise<Previewed> {
  const baseVersion = await store.datasetVersion();
  // Previewed with the valid records alone, so the changes show even when invalid ones block the whole file.
  const result = await runImport(store, job.file, {
    format: job.format,
    dryRun: true,
    quality: true,
    changedPoints: true,
    encoding: job.encoding,
    ...job.options,
    skipInvalid: true,
  });
  const content = keptText(await readFile(job.file), job.encoding);
  await store.desk.dropUploadsBefore(new Date(Date.now() - UPLOAD_KEPT_MS).toISOString());
  await store.desk.addUpload({
    ...job.upload,
    format: job.format,
    options: JSON.stringify(job.options),
    content,
    baseVersion,
  });
  return { result, baseVersion };
}

/**
 * The text kept with a preview: the UTF-8 text the preview read, so it is applied later exactly as previewed
 * whatever the file's bytes were. A file refused for its encoding (bytes that are not its encoding, or a U+FFFD
 * already in it) is kept without its text: it cannot be applied, and no replacement character from a file is
 * stored anywhere.
 */
function keptText(bytes: Buffer, encoding: FileEncoding): string {
  try {
    const text = new TextDecoder(encodingOf(bytes, encoding), { fatal: true }).decode(bytes);
    return text.includes('\uFFFD') ? '' : text;
  } catch {
    return '';
  }
}

/** Applies a previewed file as it was previewed, and only while the data is at the version it was previewed at. */
async function apply(store: LocationStore, id: string): Promise<ApplyOutcome> {
  const upload = await store.desk.upload(id);
  if (!upload) return { kind: 'unknown' };
  // Asked first to spare the work; the import itself checks again under its write lock (another import may land
  // between).
  const now = await store.datasetVersion();
  if (now !== upload.baseVersion) return { kind: 'outdated', previewed: upload.baseVersion, now: `now ${now}` };
  // Kept until it is applied, not claimed by dropping it first and put back if the import failed: putting back a
  // file's text needs room a full disk does not have, and a file refused there (503) was lost with it. Nor need it
  // be claimed: a second click or another server's apply meanwhile is refused by the import itself, which applies
  // only at the version the file was previewed at (checked under its write lock), and the first moves it on.
  const format = upload.format as ImportFormat;
  const options = JSON.parse(upload.options) as UploadOptions;
  const result = await inTempFile(`upload.${format}`, async (file) => {
    await writeFile(file, upload.content, 'utf8');
    return runImport(store, file, { format, ...options, expectedVersion: upload.baseVersion });
  });
  if (result.movedOn) return { kind: 'outdated', previewed: upload.baseVersion, now: result.reason ?? '' };
  if (!result.applied) return { kind: 'not_applied', reason: result.reason ?? 'nothing applied' };
  // Applied: a file left behind by a failure here is of a version gone by, refused if applied again, and expires.
  await store.desk.dropUpload(id).catch(() => false);
  return { kind: 'applied', result, meta: await store.meta(), fileName: upload.fileName };
}
