/**
 * npm run export -- [--type ROUTE] [--format csv|geojson] [--out FILE] [--db SQLITE_FILE_OR_POSTGRES_URL]
 * Writes what `npm run import` reads. Default: every type, CSV, to standard output's file makan-export.csv.
 */
import { parseArgs } from 'node:util';
import { DISTINCT_TYPES } from '../../domain/locationTypes';
import { writeExport } from '../exporter/writeExport';
import { formatOf } from '../importer/runImport';
import { StartupError } from '../startupError';
import { commandDbSpec } from '../store/dbSpec';
import { openStore } from '../store/openStore';

const { values } = parseArgs({
  options: { db: { type: 'string' }, type: { type: 'string' }, format: { type: 'string' }, out: { type: 'string' } },
});

try {
  const format = formatOf(values.out ?? '', values.format ?? (values.out ? undefined : 'csv'));
  const out = values.out ?? `makan-export.${format}`;
  let typeId: string | null = null;
  if (values.type !== undefined) {
    const type = DISTINCT_TYPES.find(
      (t) =>
        t.route.toLowerCase() === values.type!.toLowerCase() || t.typeId.toLowerCase() === values.type!.toLowerCase(),
    );
    if (!type) throw new StartupError(`--type ${values.type} is not a location type; use a route such as Centers`);
    typeId = type.typeId;
  }
  const { store, label } = await openStore(commandDbSpec(values.db), { readonly: true });
  let count: number;
  try {
    count = await writeExport(store, typeId, format, out);
  } finally {
    store.close();
  }
  console.log(`${label} -> ${out}: ${count} locations (${format})`);
} catch (error) {
  process.stderr.write(`makan export: ${(error as Error).message}\n`);
  process.exitCode = 1;
}
