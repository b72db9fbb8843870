import { createHash } from 'node:crypto';
import { DISTINCT_TYPES } from '../../domain/locationTypes';
import { PROVINCES } from '../../domain/provinces';
import { isSeeded, type Db } from '../store/sqlite/openDatabase';
import { SCHEMA_VERSION } from '../store/sqlite/schema';
import { generateLocations } from './generate';
import { loadProvinceAreas } from './placement';

/** Stable GUID of a named thing, so province ids survive a re-seed. */
export function stableGuid(key: string): string {
  const h = createHash('sha1').update(`makan:${key}`).digest('hex').toUpperCase();
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20, 32)}`;
}

/**
 * Fills an empty database with the demo dataset in one write transaction. Returns the number of locations
 * written: 0 when another process seeded the file first (two first starts racing on one new file).
 */
export function seedDatabase(db: Db, options: { totalPoints?: number; seed?: number } = {}): number {
  const insertType = db.prepare('INSERT INTO location_type (id, guid, route) VALUES (?, ?, ?)');
  const insertProvince = db.prepare('INSERT INTO province (id, guid, iso, name_fa, name_en) VALUES (?, ?, ?, ?, ?)');
  const insertLocation = db.prepare(`INSERT INTO location
    (id, guid, type_id, province_id, name, lat, lon, position, supervision, gender, legal, phone, fax, address, show_more_details, dynamic_fields)
    VALUES (@id, @guid, @typeKey, @provinceKey, @name, @lat, @lon, @position, @supervision, @gender, @legal, @phone, @fax, @address, @showMore, @fields)`);
  const insertRtree = db.prepare('INSERT INTO location_rtree VALUES (?, ?, ?, ?, ?, ?, ?)');
  const setMeta = db.prepare('INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)');

  const typeKeys = new Map(DISTINCT_TYPES.map((t, i) => [t.typeId, i + 1]));
  const provinceKeys = new Map(PROVINCES.map((p, i) => [p.iso_3166_2, i + 1]));
  const areas = loadProvinceAreas();
  let count = 0;

  db.transaction(() => {
    if (isSeeded(db)) return;
    for (const type of DISTINCT_TYPES) insertType.run(typeKeys.get(type.typeId), type.typeId, type.route);
    for (const p of PROVINCES) insertProvince.run(provinceKeys.get(p.iso_3166_2), stableGuid(`province:${p.iso_3166_2}`), p.iso_3166_2, p.name_fa, p.name_en);
    for (const location of generateLocations(areas, options)) {
      const id = ++count;
      const typeKey = typeKeys.get(location.typeId)!;
      insertLocation.run({
        ...location,
        id,
        typeKey,
        provinceKey: provinceKeys.get(location.provinceIso),
        showMore: location.showMoreDetails ? 1 : 0,
        fields: JSON.stringify(location.dynamicFields),
      });
      insertRtree.run(id, typeKey, typeKey, location.lat, location.lat, location.lon, location.lon);
    }
    setMeta.run('schema_version', String(SCHEMA_VERSION));
    setMeta.run('seeded_at', new Date().toISOString());
    setMeta.run('locations', String(count));
  }).immediate();
  return count;
}
