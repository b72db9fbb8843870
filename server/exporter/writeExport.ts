/** Writes locations in the format the importer reads (CSV or GeoJSON), so export then import changes nothing. */
import { createWriteStream } from 'node:fs';
import { once } from 'node:events';
import type { Writable } from 'node:stream';
import { stringify } from 'csv-stringify';
import { safeCell } from '../../domain/csvCells';
import { PROVINCES } from '../../domain/provinces';
import type { LocationRecord, LocationStore } from '../store/LocationStore';
import { DISTINCT_TYPES } from '../../domain/locationTypes';
import { FIELDS } from '../importer/fields';
import { paced, type WorkOf } from './exportPacer';
import { gatewayDetailOf } from '../store/locationFields';
import type { ImportFormat } from '../importer/runImport';

/**
 * How much an export written to a file may have waiting for the disk before it is told to wait: at Node's 16 kB
 * it waited for each small write in turn and took half as long again or more (Academy at a million locations,
 * to a file: 31-38 s, against 16-20 s at this and 16-18 s thrown away).
 */
export const WRITE_AHEAD_BYTES = 1024 * 1024;

const ROUTE_OF = new Map(DISTINCT_TYPES.map((t) => [t.typeId, t.route]));
const PROVINCE_EN = new Map(PROVINCES.map((p) => [p.iso_3166_2, p.name_en]));

function properties(r: LocationRecord) {
  return {
    Guid: r.guid,
    Type: ROUTE_OF.get(r.typeId) ?? r.typeId,
    Ostan: PROVINCE_EN.get(r.provinceIso) ?? r.provinceIso,
    ...gatewayDetailOf(r),
  };
}

/**
 * Waits until `stream` takes more; throws once `out` is gone (a client that left, a file given up), so the export
 * stops rather than waiting for ever on a stream nobody reads, holding its place in the store.
 */
async function drained(stream: Writable, out: Writable): Promise<void> {
  if (out.destroyed) throw new Error('the export was left unread');
  const waits = new AbortController();
  try {
    await Promise.race([
      once(stream, 'drain', { signal: waits.signal }),
      once(out, 'close', { signal: waits.signal }).then(() => {
        throw new Error('the export was left unread');
      }),
    ]);
  } finally {
    waits.abort();
  }
}

async function write(out: Writable, text: string): Promise<void> {
  if (!out.write(text)) await drained(out, out);
}

/** Streams the export into `file`; returns how many locations were written. */
export async function writeExport(
  store: LocationStore,
  typeId: string | null,
  format: ImportFormat,
  file: string,
): Promise<number> {
  const out = createWriteStream(file, { highWaterMark: WRITE_AHEAD_BYTES });
  const count = await streamExport(store, typeId, format, out);
  await once(out, 'finish');
  return count;
}

/**
 * Streams the export into `out` (ended when done), page by page as the store reads them, so memory stays
 * bounded whatever the size; `keep` leaves out records (a filter); `work` says whether a visitor waits for it
 * (exportPacer.ts). Returns how many locations were written.
 */
export async function streamExport(
  store: LocationStore,
  typeId: string | null,
  format: ImportFormat,
  out: Writable,
  keep: (record: LocationRecord) => boolean = () => true,
  work: WorkOf = 'visitor',
): Promise<number> {
  let count = 0;
  if (format === 'csv') {
    // Text cells a spreadsheet would take for formulas are neutralised (domain/csvCells.ts); positions are numbers.
    const csv = stringify({
      header: true,
      columns: [...FIELDS],
      bom: true,
      record_delimiter: 'windows',
      cast: { string: safeCell },
    });
    csv.pipe(out);
    for await (const record of paced(store.exportRecords(typeId), work)) {
      if (!keep(record)) continue;
      const p = properties(record);
      const row = {
        ...p,
        Lat: record.lat,
        Long: record.lon,
        ShowMoreDetails: p.ShowMoreDetails ? 'true' : 'false',
        daynamicFields: JSON.stringify(p.daynamicFields),
      };
      if (!csv.write(row)) await drained(csv, out);
      count++;
    }
    csv.end();
  } else {
    await write(out, '{"type":"FeatureCollection","features":[\n');
    for await (const record of paced(store.exportRecords(typeId), work)) {
      if (!keep(record)) continue;
      const feature = {
        type: 'Feature',
        geometry: { type: 'Point', coordinates: [record.lon, record.lat] },
        properties: properties(record),
      };
      await write(out, `${count === 0 ? '' : ',\n'}${JSON.stringify(feature)}`);
      count++;
    }
    out.end('\n]}\n');
  }
  return count;
}
