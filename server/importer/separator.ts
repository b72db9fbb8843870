/**
 * Which character separates a CSV file's cells. Excel writes its "CSV" with the list separator of the Windows it
 * runs on: a comma in English, a semicolon in much of Europe, the Arabic semicolon (؛) under Persian settings, and
 * a tab in its "Unicode text". The header row names only the format's own columns, which contain none of these, so
 * the separator that cuts the header into the most of them is the file's: a file read with the wrong one had every
 * column "missing" from a header that plainly holds them.
 */

/** The separators a file may use, the comma first: it is kept when no other finds more columns. */
export const CSV_SEPARATORS = [',', ';', '\u061b', '\t'] as const;
export type CsvSeparator = (typeof CSV_SEPARATORS)[number];

/** A header cell as a column name: quotes, a byte-order mark and surrounding white space are not part of it. */
const columnName = (cell: string) =>
  cell
    .replace(/^\uFEFF/, '')
    .trim()
    .replace(/^"(.*)"$/, '$1')
    .trim();

export function separatorOfHeader(header: string, columns: ReadonlySet<string>): CsvSeparator {
  // Column names in any case, as the import reads them (fields.ts).
  const folded = new Set([...columns].map((column) => column.toLowerCase()));
  let best: CsvSeparator = ',';
  let most = 0;
  for (const separator of CSV_SEPARATORS) {
    const found = header.split(separator).filter((cell) => folded.has(columnName(cell).toLowerCase())).length;
    if (found > most) {
      best = separator;
      most = found;
    }
  }
  return best;
}

/**
 * The separator Excel's hint line names (`sep=;`, the file's first line, which Excel reads and some programs write
 * for it), or null when the first line is no such hint or names a separator Makan does not read.
 */
export function separatorHint(firstLine: string): CsvSeparator | null {
  const named = /^\uFEFF?"?sep=(.)"?\r?$/i.exec(firstLine)?.[1];
  return CSV_SEPARATORS.find((separator) => separator === named) ?? null;
}
