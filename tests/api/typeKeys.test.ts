/**
 * A type's key in a database is the catalogue's `storeKey`, never its place in the list: a database made by
 * this version (tests/fixtures/makan-schema-v8.db, seeded with 260 demo locations, every type among them) still
 * reads each location under its own type. A type inserted in the middle of the catalogue with keys taken from
 * positions would read the later types' locations under their neighbours' names.
 */
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DISTINCT_TYPES } from '../../domain/locationTypes';
import { NAME_PREFIX } from '../../server/seed/vocabulary';
import { typeIdOfKey, typeKeyOf } from '../../server/store/catalogueKeys';
import { parseDbSpec } from '../../server/store/dbSpec';
import { openStore } from '../../server/store/openStore';
import Database from 'better-sqlite3';

const dir = mkdtempSync(join(tmpdir(), 'makan-type-keys-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function fixtureCopy(): string {
  const file = join(dir, `made-${Math.random().toString(36).slice(2)}.db`);
  copyFileSync('tests/fixtures/makan-schema-v8.db', file);
  return file;
}

describe('type keys in a stored database', () => {
  it('every key the catalogue gives is the one the database was made with', () => {
    const db = new Database(fixtureCopy(), { readonly: true });
    const stored = db.prepare('SELECT id, guid FROM location_type').all() as { id: number; guid: string }[];
    db.close();
    expect(stored).toHaveLength(DISTINCT_TYPES.length);
    for (const { id, guid } of stored) expect([guid, typeKeyOf.get(guid)]).toEqual([guid, id]);
    expect(new Set(typeIdOfKey.keys()).size).toBe(DISTINCT_TYPES.length);
  });

  it('reads each stored location under its own type', async () => {
    const { store } = await openStore(parseDbSpec(fixtureCopy()));
    try {
      for (const type of DISTINCT_TYPES) {
        const names: string[] = [];
        for await (const record of store.exportRecords(type.typeId)) names.push(record.name);
        expect(names.length, type.route).toBeGreaterThan(0);
        const prefix = NAME_PREFIX[type.route] ?? '';
        expect(prefix, type.route).not.toBe('');
        expect(
          names.filter((name) => !name.startsWith(prefix)),
          type.route,
        ).toEqual([]);
      }
    } finally {
      store.close();
    }
  });
});
