/** Reading import files record by record: CSV streamed (any size, bounded memory), GeoJSON whole. */
import { Readable } from 'node:stream';
import { parse } from 'csv-parse';
import { fileText, UnreadableFile, type FileEncoding } from './fileText';
import { REQUIRED_COLUMNS } from '../../domain/importColumns';
import { fieldNamed, FIELDS } from './fields';
import { separatorHint, separatorOfHeader, type CsvSeparator } from './separator';
import type { Problem, RawRecord } from './validate';

export interface SourceRecord {
  raw: RawRecord;
  where: string;
}

export { UnreadableFile };

const KNOWN = new Set<string>(FIELDS);

/** Header problems that do not stop reading (unknown columns unless ignored). */
export type HeaderProblems = Problem[];

export interface ReadOptions {
  ignoreUnknown: boolean;
  /** What the file's bytes are (fileText.ts): UTF-8 unless the staff said otherwise. */
  encoding?: FileEncoding;
}

export async function* readCsv(
  file: string,
  options: ReadOptions,
  headerProblems: HeaderProblems,
): AsyncGenerator<SourceRecord> {
  const firstLine = await headerLine(file, options.encoding);
  // Excel's hint line (`sep=;`) names the separator, and the header follows it.
  const hint = separatorHint(firstLine);
  const separator = hint ?? separatorOfHeader(firstLine, KNOWN);
  const headerAt = hint ? 2 : 1;
  const parser = parse({
    bom: true,
    relax_column_count: true,
    info: true,
    from_line: headerAt,
    skip_empty_lines: true,
    // A row of separators alone is what Excel writes for a row it once formatted: as blank as an empty line.
    skip_records_with_empty_values: true,
    delimiter: separator,
  });
  // A pipe does not pass on its source's errors: a line refused for its encoding ends the parse with its reason.
  const source = Readable.from(fileText(file, options.encoding));
  source.on('error', (error) => parser.destroy(error));
  source.pipe(parser);
  let header: string[] | null = null;
  /** The header's last named column, plus one: Excel's trailing columns with no heading are not the file's. */
  let named = 0;
  let lastLine = 0;
  try {
    for await (const { record, info } of parser as AsyncIterable<{ record: string[]; info: { lines: number } }>) {
      lastLine = info.lines;
      if (header === null) {
        header = record.map((h) => fieldNamed(h.trim()));
        named = header.findLastIndex((h) => h !== '') + 1;
        const headings = header.filter((h) => h !== '');
        const where = `line ${headerAt}`;
        const missing = REQUIRED_COLUMNS.filter((c) => !headings.includes(c));
        if (missing.length > 0)
          throw new UnreadableFile({
            where,
            field: missing.join(', '),
            message: 'required columns are missing from the header',
            code: 'missing_columns',
            values: { columns: missing.join(', ') },
          });
        const repeated = headings.filter((h, i) => headings.indexOf(h) !== i);
        if (repeated.length > 0)
          throw new UnreadableFile({
            where,
            field: repeated.join(', '),
            message: 'columns appear twice in the header',
            code: 'repeated_columns',
            values: { columns: repeated.join(', ') },
          });
        for (const column of headings.filter((h) => !KNOWN.has(h))) {
          if (!options.ignoreUnknown)
            headerProblems.push({
              where,
              field: column,
              message: 'is not a field of the format (use --ignore-unknown to skip such columns)',
              code: 'unknown_field',
              values: {},
            });
        }
        continue;
      }
      // Where the record starts: its last line less the line breaks inside its fields (counted as the parser
      // counts them), so a row after blank ones, or after a field of several lines, is named by its own line.
      const where = `line ${info.lines - lineBreaks(record)}`;
      // Cells past the named columns may be missing or more than the header's, so long as they are empty.
      if (
        record.length < named ||
        (record.length !== header.length && record.slice(named).some((cell) => cell.trim() !== ''))
      ) {
        yield { raw: { __columns: { found: record.length, expected: header.length } }, where };
        continue;
      }
      const raw: RawRecord = {};
      const unnamed: number[] = [];
      record.forEach((cell, i) => {
        const column = header![i] ?? '';
        if (KNOWN.has(column)) raw[column] = cell;
        else if (column === '' && cell.trim() !== '') unnamed.push(i + 1);
      });
      if (unnamed.length > 0 && !options.ignoreUnknown) raw['__unnamed'] = unnamed;
      yield { raw, where };
    }
  } catch (error) {
    if (error instanceof UnreadableFile) throw error;
    const code = (error as { code?: unknown }).code;
    if (
      code === 'CSV_QUOTE_NOT_CLOSED' ||
      code === 'CSV_INVALID_CLOSING_QUOTE' ||
      code === 'CSV_INVALID_OPENING_QUOTE'
    ) {
      // Where the quote is, not where the parser gave up (a quote never closed runs to the file's end).
      const found = await firstQuoteProblem(file, options.encoding, separator, headerAt);
      const columns = header ?? found?.header ?? [];
      throw new UnreadableFile({
        where: `line ${found?.line ?? (error as { lines?: number }).lines ?? lastLine + 1}`,
        field: (found ? columns[found.column] : undefined) ?? '(file)',
        message: found?.open
          ? 'a quote (") opens here and is never closed: every line after it was read into this field'
          : 'a quote (") here breaks the CSV: a field in quotes ends at its closing quote, and a quote inside a field is written twice ("")',
        code: found?.open ? 'quote_not_closed' : 'stray_quote',
        values: {},
      });
    }
    const lines = (error as { lines?: number }).lines ?? lastLine + 1;
    throw new UnreadableFile({
      where: `line ${lines}`,
      field: '(file)',
      message: `malformed CSV: ${(error as Error).message}`,
      code: 'malformed_csv',
      values: { detail: (error as Error).message },
    });
  } finally {
    source.destroy();
  }
  if (header === null)
    throw new UnreadableFile({
      where: `line ${headerAt}`,
      field: '(file)',
      message: 'the file is empty: a header row is required',
      code: 'empty_file',
      values: {},
    });
}

/** The line breaks inside a record's fields, each CR and LF one, as the parser counts lines. */
function lineBreaks(record: readonly string[]): number {
  let breaks = 0;
  for (const field of record) {
    // Most fields have none: one scan for each kind, and a count only when there is one.
    if (!field.includes('\n') && !field.includes('\r')) continue;
    for (const c of field) if (c === '\n' || c === '\r') breaks++;
  }
  return breaks;
}

/** Past this a first line is no header of the format's columns: no more of it is read to tell the separator. */
const HEADER_LIMIT = 64 * 1024;

/** A file's first line, read on its own to tell its separator before the parse starts. */
async function headerLine(file: string, encoding?: FileEncoding): Promise<string> {
  let text = '';
  for await (const piece of fileText(file, encoding)) {
    text += piece;
    const end = text.indexOf('\n');
    if (end !== -1) return text.slice(0, end);
    if (text.length > HEADER_LIMIT) break;
  }
  return text;
}

/**
 * The first place a CSV file's quoting breaks RFC 4180, read again only once a parse has stopped on a quote: the
 * line and column (from 0) of a field with a quote inside it when it is not quoted, a closing quote followed by
 * more of the field, or a quote still open at the file's end (`open`); with the header's columns as the file
 * names them.
 */
export async function firstQuoteProblem(
  file: string,
  encoding?: FileEncoding,
  separator: CsvSeparator = ',',
  headerAt = 1,
): Promise<{ line: number; column: number; open: boolean; header: string[] } | null> {
  let line = 1;
  let column = 0;
  /** In a quoted field: where it opened. */
  let openedAt: { line: number; column: number } | null = null;
  /** Just past a quote inside a quoted field: a second one makes it one quote of the field, anything else closes it. */
  let quoteSeen = false;
  /** Past a quoted field's closing quote: only a separator may follow. */
  let closed = false;
  let fieldStart = true;
  const header: string[] = [];
  let cell = '';
  for await (const piece of fileText(file, encoding)) {
    for (const c of piece) {
      if (line === headerAt && c !== '\n' && c !== '\r' && (c !== separator || openedAt)) cell += c === '"' ? '' : c;
      if (openedAt && !quoteSeen) {
        if (c === '"') quoteSeen = true;
        else if (c === '\n') line++;
        continue;
      }
      if (openedAt && quoteSeen) {
        quoteSeen = false;
        if (c === '"') continue;
        openedAt = null;
        closed = true;
      }
      if (c === separator || c === '\n') {
        if (line === headerAt) header.push(cell.replace(/^\uFEFF/, '').trim());
        cell = '';
        closed = false;
        fieldStart = true;
        if (c === '\n') {
          line++;
          column = 0;
        } else column++;
        continue;
      }
      if (c === '\r') continue;
      if (closed) return { line, column, open: false, header };
      if (c === '"') {
        if (!fieldStart) return { line, column, open: false, header };
        openedAt = { line, column };
      }
      fieldStart = false;
    }
  }
  if (openedAt && !quoteSeen) return { ...openedAt, open: true, header };
  return null;
}

export async function* readGeoJson(file: string, options: ReadOptions): AsyncGenerator<SourceRecord> {
  let text = '';
  for await (const piece of fileText(file, options.encoding)) text += piece;
  let document: unknown;
  try {
    document = JSON.parse(text);
  } catch (error) {
    throw new UnreadableFile({
      where: 'file',
      field: '(file)',
      message: `not valid JSON: ${(error as Error).message}`,
      code: 'not_json',
      values: { detail: (error as Error).message },
    });
  }
  const collection = document as { type?: unknown; features?: unknown };
  if (collection?.type !== 'FeatureCollection' || !Array.isArray(collection.features)) {
    throw new UnreadableFile({
      where: 'file',
      field: 'type',
      message: 'must be a GeoJSON FeatureCollection',
      code: 'not_feature_collection',
      values: {},
    });
  }
  const crs = namedCrs((document as { crs?: unknown }).crs);
  if (crs !== null && !WGS84_NAMES.test(crs))
    throw new UnreadableFile({
      where: 'file',
      field: 'crs',
      message: `the coordinates are in ${crs}, not longitude and latitude: export the layer as WGS 84 (EPSG:4326)`,
      code: 'not_wgs84',
      values: { crs },
    });
  for (const [index, item] of (collection.features as unknown[]).entries()) {
    const where = `feature ${index}`;
    const feature = item as {
      type?: unknown;
      geometry?: { type?: unknown; coordinates?: unknown };
      properties?: unknown;
    } | null;
    const coordinates = pointOf(feature?.geometry);
    if (feature?.type !== 'Feature' || coordinates === null) {
      yield { raw: { __geometry: 'must be a Feature with a Point geometry [longitude, latitude]' }, where };
      continue;
    }
    const properties = (
      typeof feature.properties === 'object' && feature.properties !== null ? feature.properties : {}
    ) as RawRecord;
    const raw: RawRecord = { Lat: coordinates[1], Long: coordinates[0] };
    /** The property names each field was given by: two (`Guid` and `guid`) leave which one is meant to a guess. */
    const namedBy = new Map<string, string[]>();
    for (const [named, value] of Object.entries(properties)) {
      const key = fieldNamed(named);
      if (key === 'Lat' || key === 'Long') continue; // the geometry is the position
      if (KNOWN.has(key)) {
        raw[key] = value;
        namedBy.set(key, [...(namedBy.get(key) ?? []), named]);
      } else if (!options.ignoreUnknown) raw[`__unknown:${key}`] = value;
    }
    for (const [key, names] of namedBy) if (names.length > 1) raw[`__repeated:${key}`] = names.join(', ');
    yield { raw, where };
  }
}

/**
 * A geometry's one position: a Point's, or a MultiPoint's of a single point (what a GIS writes for a layer whose
 * geometry type is MultiPoint, as layers read from shapefiles often are); null for anything else.
 */
function pointOf(geometry: { type?: unknown; coordinates?: unknown } | undefined): unknown[] | null {
  const position = (value: unknown) => (Array.isArray(value) && value.length >= 2 ? (value as unknown[]) : null);
  if (geometry?.type === 'Point') return position(geometry.coordinates);
  if (geometry?.type === 'MultiPoint' && Array.isArray(geometry.coordinates) && geometry.coordinates.length === 1)
    return position(geometry.coordinates[0]);
  return null;
}

/** The names of longitude and latitude on WGS 84, as GeoJSON's old `crs` member writes them (QGIS, GDAL). */
const WGS84_NAMES = /^(urn:ogc:def:crs:OGC:1\.3:CRS84|urn:ogc:def:crs:EPSG::4326|EPSG:4326|OGC:CRS84)$/i;

/** The CRS a GeoJSON file's `crs` member names (dropped from the format in 2016, still written), or null. */
function namedCrs(crs: unknown): string | null {
  const name = (crs as { properties?: { name?: unknown } } | null)?.properties?.name;
  // Shown in the console and printed to a terminal: no control characters, and no more than a name's length.
  return typeof name === 'string' ? name.replace(/\p{Cc}/gu, '').slice(0, 100) : null;
}
