/**
 * A type's rows as the server's own download has them, changed by the test and imported back through the importer
 * on a second connection to the server's database, as staff bringing a corrected file would: the server learns of
 * it as it learns of any import.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { runImport } from '../../server/importer/runImport';
import { openStore } from '../../server/store/openStore';
import { testDir } from './testDir';
import type { TestServer } from './testServer';

export type CsvRow = Record<string, string>;

/**
 * Downloads the type's rows, lets `change` edit them in place (or return the rows to import instead), imports
 * the result, and returns what was imported. Throws when the importer refuses it.
 */
export async function reimportType(
  server: Pick<TestServer, 'baseUrl' | 'dbFile'>,
  route: string,
  change: (rows: CsvRow[]) => CsvRow[] | void,
  label = 'reimport',
): Promise<CsvRow[]> {
  const csv = await (await fetch(`${server.baseUrl}/api/downloads/latest/locations.csv?type=${route}`)).text();
  const rows = parse(csv.replace(/^\uFEFF/, ''), { columns: true }) as CsvRow[];
  const imported = change(rows) ?? rows;
  const file = join(testDir(label), `${route}-${Date.now()}.csv`);
  writeFileSync(file, stringify(imported, { header: true, columns: Object.keys(rows[0]!) }));
  const { store } = await openStore(server.dbFile);
  try {
    const result = await runImport(store, file, { prune: false });
    if (!result.applied) throw new Error(`the import was refused: ${result.reason ?? 'no reason given'}`);
  } finally {
    store.close();
  }
  return imported;
}
