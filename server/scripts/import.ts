/**
 * npm run import -- FILE [--db SQLITE_FILE_OR_POSTGRES_URL] [--format csv|geojson] [--skip-invalid] [--dry-run]
 *                        [--prune] [--ignore-unknown] [--quality] [--report report.json]
 *                        [--encoding utf-8|windows-1256]
 * FILE `-` is standard input (`iconv … | npm run import -- - --format csv`); a pipe or device given by name
 * (`/dev/stdin`, `<(…)`) is taken as well: either is first kept whole in a temporary file, which is read.
 * A file must be UTF-8; one that is not is refused with the line and the reason. --encoding windows-1256 reads
 * it as what Persian Excel saves as "CSV", converted to UTF-8 as it is read.
 * --quality adds the quality report the staff console shows (duplicates, points outside their province, empty
 * fields, numbers one cannot dial), one line per finding on standard error and in the report file.
 * The database is MAKAN_DB (default data/makan.db) unless --db names another.
 * Exit codes: 0 applied (or dry run) with no problem; 1 nothing applied; 3 applied with rejected records (--skip-invalid).
 */
import {
  accessSync,
  closeSync,
  constants,
  createReadStream,
  createWriteStream,
  openSync,
  readSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { pipeline } from 'node:stream/promises';
import { parseArgs } from 'node:util';
import { FILE_ENCODINGS, type FileEncoding } from '../importer/fileText';
import { inTempFile } from '../importer/inTempFile';
import { formatOf, runImport, type ImportFormat } from '../importer/runImport';
import { spreadsheetAdvice, spreadsheetByBytes } from '../importer/spreadsheetFile';
import { unwritableCode } from '../store/unwritable';
import { StartupError } from '../startupError';
import { commandDbSpec } from '../store/dbSpec';
import { openStore } from '../store/openStore';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    db: { type: 'string' },
    format: { type: 'string' },
    'skip-invalid': { type: 'boolean', default: false },
    'dry-run': { type: 'boolean', default: false },
    prune: { type: 'boolean', default: false },
    'ignore-unknown': { type: 'boolean', default: false },
    report: { type: 'string' },
    quality: { type: 'boolean', default: false },
    encoding: { type: 'string', default: 'utf-8' },
  },
});

const SHOWN_PROBLEMS = 200;

/** A file's first 64 KB (less when it is shorter): enough to know a spreadsheet renamed as a CSV. */
function firstBytes(file: string): Buffer {
  const fd = openSync(file, 'r');
  try {
    const head = Buffer.alloc(64 * 1024);
    return head.subarray(0, readSync(fd, head, 0, head.length, 0));
  } finally {
    closeSync(fd);
  }
}

/** Imports `file` (a regular file), named `shown` in what is printed, and sets the exit code. */
async function importFile(file: string, shown: string, format: ImportFormat, encoding: FileEncoding): Promise<void> {
  const spreadsheet = spreadsheetByBytes(firstBytes(file));
  if (spreadsheet) throw new StartupError(`${shown}: ${spreadsheetAdvice(spreadsheet)}`);
  const { store, label, readonly } = await openStore(commandDbSpec(values.db));
  let result: Awaited<ReturnType<typeof runImport>>;
  let meta: Awaited<ReturnType<typeof store.meta>>;
  const started = performance.now();
  try {
    if (readonly)
      throw new StartupError(
        `${label} cannot be written here (a read-only file, or a standby in recovery): import into the primary database`,
      );
    result = await runImport(store, file, {
      format,
      skipInvalid: values['skip-invalid'],
      dryRun: values['dry-run'],
      prune: values.prune,
      ignoreUnknown: values['ignore-unknown'],
      quality: values.quality,
      encoding,
    });
    meta = await store.meta();
  } finally {
    store.close();
  }
  for (const p of result.problems.slice(0, SHOWN_PROBLEMS))
    process.stderr.write(`${p.where}: ${p.field}: ${p.message}\n`);
  if (result.problems.length > SHOWN_PROBLEMS)
    process.stderr.write(
      `... and ${result.problems.length - SHOWN_PROBLEMS} more (all of them with --report FILE.json)\n`,
    );
  const findings = result.quality?.findings ?? [];
  for (const f of findings.slice(0, SHOWN_PROBLEMS))
    process.stderr.write(`${f.where}: ${f.field}: ${f.message} (${f.kind})\n`);
  if (findings.length > SHOWN_PROBLEMS)
    process.stderr.write(
      `... and ${findings.length - SHOWN_PROBLEMS} more findings (all of them with --report FILE.json)\n`,
    );
  const { inserted, updated, unchanged, deleted, rejected } = result.summary;
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  const peakMb = (process.resourceUsage().maxRSS / 1024).toFixed(0);
  console.log(
    `${shown} -> ${label}: inserted ${inserted}, updated ${updated}, unchanged ${unchanged}, deleted ${deleted}, rejected ${rejected} (${seconds} s, peak RSS ${peakMb} MB)`,
  );
  console.log(
    result.applied
      ? `applied: dataset version ${meta.version}, ${meta.locations} locations`
      : `not applied: ${result.reason}`,
  );
  if (result.quality) console.log(`quality: ${findings.length} finding(s)`);
  if (values.report)
    writeFileSync(
      values.report,
      JSON.stringify(
        {
          file: shown,
          format,
          applied: result.applied,
          reason: result.reason,
          summary: result.summary,
          problems: result.problems,
          quality: result.quality,
        },
        null,
        2,
      ),
    );
  const wentThrough = result.applied || (values['dry-run'] && result.reason?.startsWith('dry run'));
  process.exitCode = !wentThrough ? 1 : result.summary.rejected > 0 ? 3 : 0;
}

try {
  const source = positionals[0];
  if (!source || positionals.length > 1)
    throw new StartupError('give one file to import: npm run import -- FILE [options]');
  const format: ImportFormat = formatOf(source, values.format);
  const encoding = FILE_ENCODINGS.find((e) => e === values.encoding.toLowerCase());
  if (!encoding) throw new StartupError(`--encoding ${values.encoding}: give one of ${FILE_ENCODINGS.join(', ')}`);
  // `-` typed at a terminal with nothing piped would wait on the keyboard for a file.
  if (source === '-' && process.stdin.isTTY)
    throw new StartupError('- reads the file piped on standard input, and nothing is piped: … | npm run import -- -');
  if (source !== '-')
    try {
      accessSync(source, constants.R_OK);
    } catch (error) {
      throw new StartupError(
        `${source} cannot be read (${(error as NodeJS.ErrnoException).code}): give a file that exists`,
      );
    }
  // A stream is read once; the import reads its file more than once (and looks at its first bytes first).
  if (source === '-' || !statSync(source).isFile())
    await inTempFile(`piped.${format}`, async (file) => {
      await pipeline(source === '-' ? process.stdin : createReadStream(source), createWriteStream(file));
      await importFile(file, source === '-' ? 'standard input' : source, format, encoding);
    });
  else await importFile(source, source, format, encoding);
} catch (error) {
  // The import's one write transaction rolled back: say that nothing changed, and why, where the disk is full.
  const unwritable = unwritableCode(error);
  const why =
    unwritable === null ? '' : ` (${unwritable}): the database or its disk cannot take the write; nothing was applied`;
  process.stderr.write(`makan import: ${(error as Error).message}${why}\n`);
  process.exitCode = 1;
}
