/**
 * An import: every record read and validated, valid ones staged in one write transaction, then applied
 * atomically, or nothing applied. Idempotent by Guid.
 */
import { extname } from 'node:path';
import type { ImportSummary, LocationStore, StagedDuplicate } from '../store/LocationStore';
import { readCsv, readGeoJson, UnreadableFile, type SourceRecord } from './readers';
import type { FileEncoding } from './fileText';
import { validateRecord, type Problem } from './validate';
import { DUPLICATE_WITHIN_M, QualityCheck, type QualityReport } from './quality';
import { DatasetMovedOn, type ChangedPoint, type PlaceChange } from '../store/importPlan';
import { spreadsheetAdvice, spreadsheetByName } from './spreadsheetFile';

export type ImportFormat = 'csv' | 'geojson';

export interface ImportOptions {
  format?: ImportFormat;
  /** Apply the valid records and report the rest (otherwise any invalid record means nothing is applied). */
  skipInvalid?: boolean;
  /** Validate and work out the changes, apply nothing. */
  dryRun?: boolean;
  /** Also delete the locations of the file's types that the file does not list. */
  prune?: boolean;
  ignoreUnknown?: boolean;
  /** The file's bytes: UTF-8 (the default; anything else is refused with the reason) or Windows-1256. */
  encoding?: FileEncoding;
  /** Also make the quality report (quality.ts): memory grows with the file. */
  quality?: boolean;
  /** Apply only if the data is still at this version (checked under the import's own write lock). */
  expectedVersion?: number;
  /** Also read a sample of the changed locations, for a preview's map (an import that only applies reads none). */
  changedPoints?: boolean;
}

export interface ImportResult {
  summary: ImportSummary & { rejected: number };
  problems: Problem[];
  /** Whether the changes are now in the database. */
  applied: boolean;
  /** Why nothing was applied, when nothing was. */
  reason: string | null;
  /** The quality report, when asked for. */
  quality: QualityReport | null;
  /** What applying did (or, in a dry run, would do) per type and province; empty when nothing got that far. */
  changes: PlaceChange[];
  /** With `changedPoints`, a bounded sample of the changed locations (importPlan.ts CHANGED_POINTS_KEPT per kind). */
  points: ChangedPoint[];
  /** Nothing applied because the data was no longer at `expectedVersion`. */
  movedOn: boolean;
  /** Refused as not UTF-8, what the file reads as instead (fileText.ts); null otherwise. */
  readsAs: FileEncoding | null;
}

export function formatOf(file: string, given?: string): ImportFormat {
  const chosen = (given ?? extname(file).slice(1)).toLowerCase();
  // Excel's "Unicode text" is saved as .txt, tab-separated (the separator is told from the header: readers.ts).
  if (chosen === 'csv' || chosen === 'txt' || chosen === 'tsv') return 'csv';
  if (chosen === 'geojson' || chosen === 'json') return 'geojson';
  const spreadsheet = given === undefined ? spreadsheetByName(file) : null;
  if (spreadsheet) throw new Error(`${file}: ${spreadsheetAdvice(spreadsheet)}`);
  throw new Error(
    `cannot tell the format of ${file}: use a .csv (.txt, .tsv) or .geojson file, or --format csv|geojson`,
  );
}

export async function runImport(
  store: LocationStore,
  file: string,
  options: ImportOptions = {},
): Promise<ImportResult> {
  const format = options.format ?? formatOf(file);
  const problems: Problem[] = [];
  const readOptions = { ignoreUnknown: options.ignoreUnknown ?? false, encoding: options.encoding };
  const records: AsyncIterable<SourceRecord> =
    format === 'csv' ? readCsv(file, readOptions, problems) : readGeoJson(file, readOptions);
  const empty = { inserted: 0, updated: 0, unchanged: 0, deleted: 0 };
  let rejected = 0;
  const check = options.quality ? new QualityCheck() : null;
  const quality = () => check?.report() ?? null;
  const nothing = { changes: [], points: [], movedOn: false, readsAs: null };

  const session = await store.beginImport();
  const reportDuplicates = (duplicates: StagedDuplicate[]) => {
    for (const d of duplicates)
      problems.push({
        where: d.source,
        field: 'Guid',
        message: `${d.guid} is given again (first at ${d.earlier})`,
        code: 'guid_repeated',
        values: { guid: d.guid, earlier: d.earlier },
      });
    rejected += duplicates.length;
  };
  try {
    for await (const { raw, where } of records) {
      const checked = validateRecord(raw, where);
      if (check && checked.outside) {
        const { named, lies, typeId } = checked.outside;
        check.addOutside(where, named, lies, typeId);
      }
      if (check && checked.record) check.add(checked.record, where);
      if (!checked.record) {
        problems.push(...checked.problems);
        rejected++;
        continue;
      }
      reportDuplicates(await session.stage(checked.record, where));
    }
    reportDuplicates(await session.flush());
    // A CSV's unknown columns are its header's (a GeoJSON's unknown properties are each feature's own).
    const headerProblems = format === 'csv' && problems.some((p) => p.code === 'unknown_field');
    let reason: string | null = null;
    if (headerProblems && !options.skipInvalid) reason = 'the header has columns that are not fields of the format';
    else if (rejected > 0 && !options.skipInvalid)
      reason = `${rejected} invalid record(s): nothing applied (use --skip-invalid to apply the valid ones)`;
    else if (rejected > 0 && options.prune)
      reason = `--prune with ${rejected} invalid record(s) would delete locations the file means to keep: nothing applied`;
    if (reason) {
      await session.rollback();
      return { summary: { ...empty, rejected }, problems, applied: false, reason, quality: quality(), ...nothing };
    }
    const { summary, changes, points, twins } = await session.apply({
      prune: options.prune ?? false,
      expectedVersion: options.expectedVersion,
      changedPoints: options.changedPoints,
      // The quality report also looks for new records that repeat what the data already holds.
      twinsWithinM: check ? DUPLICATE_WITHIN_M : undefined,
    });
    for (const twin of twins) check?.addStoredTwin(twin.source, { guid: twin.guid, name: twin.name }, twin.metres);
    const made = { problems, quality: quality(), changes, points, movedOn: false, readsAs: null };
    if (options.dryRun) {
      await session.rollback();
      return { summary: { ...summary, rejected }, ...made, applied: false, reason: 'dry run: nothing applied' };
    }
    await session.commit();
    return { summary: { ...summary, rejected }, ...made, applied: true, reason: null };
  } catch (error) {
    await session.rollback();
    if (error instanceof DatasetMovedOn)
      return {
        summary: { ...empty, rejected },
        problems,
        applied: false,
        reason: error.message,
        quality: quality(),
        ...nothing,
        movedOn: true,
      };
    if (error instanceof UnreadableFile)
      return {
        summary: { ...empty, rejected },
        problems: [...problems, error.problem],
        applied: false,
        reason: 'the file cannot be read',
        quality: quality(),
        ...nothing,
        readsAs: error.readsAs,
      };
    throw error;
  }
}
