/**
 * An export reads a type in pages, each by a seek on (type, row id): a row-value seek over (type, id) made SQLite
 * walk the type's index from its start at every page, so a type's export, a whole-dataset download and the trade
 * index's first read took time growing with the square of the type's size (27 s for 333,200 locations, 6.5 s now;
 * `npm run bench:trades`). The plan is what SQLite says it will do, on a database made by this version.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, expect, it } from 'vitest';
import { parseDbSpec } from '../../server/store/dbSpec';
import { openStore } from '../../server/store/openStore';
import { SQLITE_READS } from '../../server/store/sqlite/SqliteStore';
import { exportPageSql } from '../../server/store/storeReads';

const dir = mkdtempSync(join(tmpdir(), 'makan-export-pages-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

it("reads each page of a type's export by a seek on its type and row id, not a walk from the type's start", async () => {
  const file = join(dir, 'made.db');
  (await openStore(parseDbSpec(file))).store.close();
  const db = new Database(file, { readonly: true });
  try {
    const plan = db.prepare(`EXPLAIN QUERY PLAN ${exportPageSql(SQLITE_READS)}`).all({ type: 3, after: 1000 }) as {
      detail: string;
    }[];
    expect(plan.map((step) => step.detail)).toEqual([
      'SEARCH location USING INDEX location_by_type (type_id=? AND rowid>?)',
    ]);
  } finally {
    db.close();
  }
});
