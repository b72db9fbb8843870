/** Reading import files record by record: CSV streamed (any size, bounded memory), GeoJSON whole. */
import { Readable } from 'node:stream';
import { parse } from 'csv-parse';
import { fileText, UnreadableFile, type FileEncoding } from './fileText';
import { FIELDS } from './fields';
import type { Problem, RawRecord } from './validate';

export interface SourceRecord {
  raw: RawRecord;
  where: string;
}

export { UnreadableFile };

const REQUIRED_COLUMNS = ['Guid', 'Type', 'NameMakanAmoozeshi', 'Lat', 'Long'];
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
  const parser = parse({ bom: true, relax_column_count: true, info: true, skip_empty_lines: true });
  // A pipe does not pass on its source's errors: a line refused for its encoding ends the parse with its reason.
  const source = Readable.from(fileText(file, options.encoding));
  source.on('error', (error) => parser.destroy(error));
  source.pipe(parser);
  let header: string[] | null = null;
  let lastLine = 0;
  try {
    for await (const { record, info } of parser as AsyncIterable<{ record: string[]; info: { lines: number } }>) {
      const firstLine = lastLine + 1;
      lastLine = info.lines;
      if (header === null) {
        header = record.map((h) => h.trim());
        const missing = REQUIRED_COLUMNS.filter((c) => !header!.includes(c));
        if (missing.length > 0)
          throw new UnreadableFile({
            where: 'line 1',
            field: missing.join(', '),
            message: 'required columns are missing from the header',
          });
        const repeated = header.filter((h, i) => header!.indexOf(h) !== i);
        if (repeated.length > 0)
          throw new UnreadableFile({
            where: 'line 1',
            field: repeated.join(', '),
            message: 'columns appear twice in the header',
          });
        for (const column of header.filter((h) => !KNOWN.has(h))) {
          if (!options.ignoreUnknown)
            headerProblems.push({
              where: 'line 1',
              field: column,
              message: 'is not a field of the format (use --ignore-unknown to skip such columns)',
            });
        }
        continue;
      }
      const where = `line ${firstLine}`;
      if (record.length !== header.length) {
        yield { raw: { __columns: `${record.length} fields where the header has ${header.length}` }, where };
        continue;
      }
      const raw: RawRecord = {};
      header.forEach((column, i) => {
        if (KNOWN.has(column)) raw[column] = record[i];
      });
      yield { raw, where };
    }
  } catch (error) {
    if (error instanceof UnreadableFile) throw error;
    const lines = (error as { lines?: number }).lines ?? lastLine + 1;
    throw new UnreadableFile({
      where: `line ${lines}`,
      field: '(file)',
      message: `malformed CSV: ${(error as Error).message}`,
    });
  } finally {
    source.destroy();
  }
  if (header === null)
    throw new UnreadableFile({
      where: 'line 1',
      field: '(file)',
      message: 'the file is empty: a header row is required',
    });
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
    });
  }
  const collection = document as { type?: unknown; features?: unknown };
  if (collection?.type !== 'FeatureCollection' || !Array.isArray(collection.features)) {
    throw new UnreadableFile({ where: 'file', field: 'type', message: 'must be a GeoJSON FeatureCollection' });
  }
  for (const [index, item] of (collection.features as unknown[]).entries()) {
    const where = `feature ${index}`;
    const feature = item as {
      type?: unknown;
      geometry?: { type?: unknown; coordinates?: unknown };
      properties?: unknown;
    } | null;
    const coordinates = feature?.geometry?.coordinates;
    if (
      feature?.type !== 'Feature' ||
      feature.geometry?.type !== 'Point' ||
      !Array.isArray(coordinates) ||
      coordinates.length < 2
    ) {
      yield { raw: { __geometry: 'must be a Feature with a Point geometry [longitude, latitude]' }, where };
      continue;
    }
    const properties = (
      typeof feature.properties === 'object' && feature.properties !== null ? feature.properties : {}
    ) as RawRecord;
    const raw: RawRecord = { Lat: coordinates[1], Long: coordinates[0] };
    for (const [key, value] of Object.entries(properties)) {
      if (key === 'Lat' || key === 'Long') continue; // the geometry is the position
      if (KNOWN.has(key)) raw[key] = value;
      else if (!options.ignoreUnknown) raw[`__unknown:${key}`] = value;
    }
    yield { raw, where };
  }
}
