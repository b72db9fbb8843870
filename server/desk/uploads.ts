/**
 * A file brought in through the console: received as a stream into a temporary file (never held whole in
 * memory while it arrives, and cut off at the size limit), refused when it is not plain text (a zip or gzip
 * archive, a binary), then checked and its changes worked out by the CLI's own import path (runImport, as a dry
 * run, with the quality report). What staff see is kept with the file in the database, so any server of the
 * service can apply it later: exactly as previewed, or not at all when the data has moved on since.
 */
import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { once } from 'node:events';
import type { Readable } from 'node:stream';
import { finished } from 'node:stream/promises';
import { typeById } from '../../domain/locationTypes';
import type { BlockedCode, FileEncoding, ReadEncoding, UploadPreview } from '../../domain/wire/desk';
import { HttpError } from '../http/errors';
import { encodingOf, isUtf16 } from '../importer/fileText';
import { inTempFile } from '../importer/inTempFile';
import { formatOf, type ImportFormat, type ImportResult } from '../importer/runImport';
import { provinceIsoOfKey, routeOfTypeKey } from '../store/catalogueKeys';
import { spreadsheetAdvice, spreadsheetByBytes, spreadsheetByName } from '../importer/spreadsheetFile';

/** A spreadsheet's own file where its text was wanted (the console words it: src/i18n/desk.*.ts). */
const SPREADSHEET_FILE = 'spreadsheet_file';

/** A new upload's id: 128 random bits as 22 URL-safe characters (domain/wire/desk.ts `UPLOAD_ID_PATTERN`). */
export const newUploadId = () => randomBytes(16).toString('base64url');

/** The largest file the console takes: a whole country's locations as CSV is about 15 MB. */
export const UPLOAD_MAX_BYTES = 64 * 1024 * 1024;
/** Problems and findings sent back at most (the counts are always whole). */
const LISTED_MAX = 5_000;
/** A preview not applied nor discarded is dropped after this. */
export const UPLOAD_KEPT_MS = 24 * 60 * 60_000;

/** A file to preview, as the console's imports run it in their worker (uploadJobs.ts). */
export interface PreviewJob {
  kind: 'preview';
  /** The file as received, on disk. */
  file: string;
  format: ImportFormat;
  options: UploadOptions;
  encoding: FileEncoding;
  /** What is kept with the file: its id, who sent it, its name, when. */
  upload: { id: string; name: string; fileName: string; createdAt: string };
}

export interface Previewed {
  result: ImportResult;
  /** The dataset version the preview was made against. */
  baseVersion: number;
}

/** What a preview needs of the console's imports (consoleImports.ts): to run it in their worker. */
export interface PreviewRunner {
  preview(job: Omit<PreviewJob, 'kind'>): Promise<Previewed>;
}

export interface UploadOptions {
  prune: boolean;
  skipInvalid: boolean;
}

const refuse = (status: number, code: string, message: string) => new HttpError(status, code, message);

/** What the bytes say a file is, when it is not text the importer reads as `encoding` (read from its first bytes). */
function notText(head: Buffer, encoding: ReadEncoding): { code: string; message: string } | null {
  const spreadsheet = spreadsheetByBytes(head);
  if (spreadsheet) return { code: SPREADSHEET_FILE, message: spreadsheetAdvice(spreadsheet) };
  if (head.subarray(0, 4).equals(Buffer.from([0x50, 0x4b, 0x03, 0x04])))
    return {
      code: 'archive_file',
      message: 'this is a zip archive: upload the CSV or GeoJSON file itself, not compressed',
    };
  if (head[0] === 0x1f && head[1] === 0x8b)
    return { code: 'archive_file', message: 'this is gzip-compressed: upload the file itself, not compressed' };
  // UTF-16 has a NUL in every ASCII character: no sign of a binary file there.
  if (head.includes(0) && !isUtf16(encoding))
    return { code: 'not_text', message: 'this is not a text file (it has NUL bytes): upload a CSV or GeoJSON file' };
  return null;
}

/**
 * Copies the request body into `file`, refusing it past `maxBytes` or when it is not text, and says what it will be
 * read as (`asked`, unless it begins as UTF-16). A refused body is left unread, not destroyed: the answer still goes
 * back on the connection (Node discards the rest after it).
 */
async function receive(body: Readable, file: string, maxBytes: number, asked: FileEncoding): Promise<ReadEncoding> {
  let size = 0;
  let first = true;
  let encoding: ReadEncoding = asked;
  const out = createWriteStream(file);
  try {
    for await (const piece of body.iterator({ destroyOnReturn: false })) {
      const chunk = piece as Buffer;
      size += chunk.length;
      if (size > maxBytes)
        throw refuse(
          413,
          'payload_too_large',
          `the file is over ${maxBytes / 1024 / 1024} MB: split it by type or province`,
        );
      if (first) encoding = encodingOf(chunk, asked);
      const why = first || chunk.includes(0) ? notText(first ? chunk : Buffer.from([0]), encoding) : null;
      first = false;
      if (why) throw refuse(415, why.code, why.message);
      if (!out.write(chunk)) await once(out, 'drain');
    }
  } finally {
    out.end();
    await finished(out);
  }
  return encoding;
}

/** Receives, checks and previews a file (in the console's import worker, which keeps it); nothing is applied. */
export async function previewUpload(
  imports: PreviewRunner,
  body: Readable,
  upload: { name: string; fileName: string },
  options: UploadOptions,
  encoding: FileEncoding = 'utf-8',
  maxBytes = UPLOAD_MAX_BYTES,
): Promise<UploadPreview> {
  let format: ImportFormat;
  try {
    format = formatOf(upload.fileName);
  } catch {
    const spreadsheet = spreadsheetByName(upload.fileName);
    if (spreadsheet) throw refuse(415, SPREADSHEET_FILE, spreadsheetAdvice(spreadsheet));
    throw refuse(415, 'file_kind', "the file must be a .csv (or Excel's .txt, .tsv) or a .geojson file");
  }
  return inTempFile(`upload.${format}`, async (file) => {
    const read = await receive(body, file, maxBytes, encoding);
    const id = newUploadId();
    const { result, baseVersion } = await imports.preview({
      file,
      format,
      options,
      encoding,
      upload: { id, ...upload, createdAt: new Date().toISOString() },
    });
    return previewOf(id, upload.fileName, baseVersion, result, options, read);
  });
}

const routeOf = (typeId: string | null) => (typeId ? (typeById(typeId)?.route ?? null) : null);
const isoOfKey = (key: number) => provinceIsoOfKey.get(key) ?? '';

/** Why a previewed file cannot be applied with its options, or null. */
function blockedBy(
  result: ImportResult,
  options: UploadOptions,
): { text: string; code: BlockedCode; records: number } | null {
  const { rejected } = result.summary;
  if (result.reason && !result.reason.startsWith('dry run'))
    return {
      text: result.reason,
      code: rejected > 0 && options.prune ? 'prune_with_invalid' : 'unreadable',
      records: rejected,
    };
  if (rejected > 0 && !options.skipInvalid)
    return {
      text: `${rejected} invalid record(s): fix them, or apply the valid records alone`,
      code: 'invalid',
      records: rejected,
    };
  // The preview reads the valid records alone (uploadJobs.ts), so the header's unknown columns, which stop an import
  // that does not (runImport.ts), are looked for here. With no record rejected, they can only be a CSV header's.
  if (!options.skipInvalid && result.problems.some((p) => p.code === 'unknown_field'))
    return {
      text: 'the header has columns that are not fields of the format: rename or remove them, or apply the valid records alone',
      code: 'unknown_columns',
      records: 0,
    };
  return null;
}

export function previewOf(
  id: string,
  fileName: string,
  baseVersion: number,
  result: ImportResult,
  options: UploadOptions,
  encoding: ReadEncoding = 'utf-8',
): UploadPreview {
  const { summary, problems, quality, changes, points } = result;
  const blocked = blockedBy(result, options);
  return {
    Id: id,
    FileName: fileName,
    BaseVersion: baseVersion,
    Records: summary.inserted + summary.updated + summary.unchanged + summary.rejected,
    Rejected: summary.rejected,
    Problems: problems.slice(0, LISTED_MAX).map((p) => ({
      Where: p.where,
      Field: p.field,
      Message: p.message,
      Code: p.code,
      Values: { ...p.values },
    })),
    Blocked: blocked?.text ?? null,
    BlockedBy: blocked ? { Code: blocked.code, Records: blocked.records } : null,
    Findings: (quality?.findings ?? []).slice(0, LISTED_MAX).map((f) => ({
      Kind: f.kind,
      Where: f.where,
      Field: f.field,
      Message: f.message,
      Province: f.provinceIso,
      Route: routeOf(f.typeId),
      Other: f.facts.other,
      Metres: f.facts.metres,
      Value: f.facts.value,
      Lies: f.facts.lies,
      Stored: f.facts.stored ? { Guid: f.facts.stored.guid, Name: f.facts.stored.name } : null,
    })),
    Gaps: (quality?.gaps ?? []).map((g) => ({
      Province: g.provinceIso,
      Records: g.records,
      Phone: g.missing.phone,
      Address: g.missing.address,
      Gender: g.missing.gender,
    })),
    Summary: {
      Inserted: summary.inserted,
      Updated: summary.updated,
      Unchanged: summary.unchanged,
      Deleted: summary.deleted,
    },
    Changes: changes.map((c) => ({
      Route: routeOfTypeKey(c.type_id),
      Province: isoOfKey(c.province_id),
      Added: c.added,
      Removed: c.removed,
      Moved: c.moved,
      Renamed: c.renamed,
    })),
    Points: points.map((p) => ({
      Kind: p.kind,
      Guid: p.guid,
      Name: p.name,
      Route: routeOfTypeKey(p.type_id),
      Lat: p.lat,
      Lon: p.lon,
      FromLat: p.fromLat,
      FromLon: p.fromLon,
    })),
    Encoding: encoding,
    Convertible: result.readsAs === 'windows-1256',
  };
}
