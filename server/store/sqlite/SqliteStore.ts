import type { DynamicField } from '../../../domain/gateway';
import type { Box, DetailRow, LocationStore, PointRow, ProvinceBubbleRow, ProvinceRow } from '../LocationStore';
import type { Db } from './openDatabase';

interface DetailRecord {
  name: string;
  position: string;
  supervision: string;
  gender: string;
  legal: string;
  phone: string;
  fax: string;
  address: string;
  show_more_details: number;
  dynamic_fields: string;
}

/** LocationStore over better-sqlite3. Statements are prepared once; type and province ids are cached. */
export class SqliteStore implements LocationStore {
  private readonly typeIds: Map<string, number>;
  private readonly provinceIds: Map<string, number>;
  private readonly statements;

  constructor(private readonly db: Db) {
    const types = db.prepare('SELECT id, guid FROM location_type').all() as { id: number; guid: string }[];
    this.typeIds = new Map(types.map((t) => [t.guid.toUpperCase(), t.id]));
    const provinces = db.prepare('SELECT id, iso FROM province').all() as { id: number; iso: string }[];
    this.provinceIds = new Map(provinces.map((p) => [p.iso, p.id]));
    this.statements = {
      ofType: db.prepare('SELECT lat, lon, name, guid FROM location WHERE type_id = ? ORDER BY id'),
      inBox: db.prepare(`
        SELECT l.lat, l.lon, l.name, l.guid FROM location_rtree r JOIN location l ON l.id = r.id
        WHERE r.min_type >= @type AND r.max_type <= @type
          AND r.max_lat >= @minLat AND r.min_lat <= @maxLat AND r.max_lon >= @minLon AND r.min_lon <= @maxLon
          AND l.lat BETWEEN @minLat AND @maxLat AND l.lon BETWEEN @minLon AND @maxLon
        LIMIT @limit`),
      coordinates: db.prepare('SELECT lon, lat FROM location WHERE type_id = ?').raw(true),
      bubbles: db.prepare(
        'SELECT AVG(lat) AS lat, AVG(lon) AS lon, COUNT(*) AS count FROM location WHERE type_id = ? GROUP BY province_id ORDER BY province_id',
      ),
      detail: db.prepare(
        'SELECT name, position, supervision, gender, legal, phone, fax, address, show_more_details, dynamic_fields FROM location WHERE guid = ?',
      ),
      countsByProvince: db.prepare(
        'SELECT p.iso AS iso, COUNT(*) AS count FROM location l JOIN province p ON p.id = l.province_id WHERE l.type_id = ? GROUP BY p.iso',
      ),
      gendersAll: db.prepare('SELECT gender, COUNT(*) AS count FROM location WHERE type_id = ? GROUP BY gender ORDER BY gender'),
      gendersIn: db.prepare(
        'SELECT gender, COUNT(*) AS count FROM location WHERE type_id = ? AND province_id = ? GROUP BY gender ORDER BY gender',
      ),
      namesAll: db.prepare('SELECT name FROM location WHERE type_id = ? ORDER BY id').pluck(),
      namesIn: db.prepare('SELECT name FROM location WHERE type_id = ? AND province_id = ? ORDER BY id').pluck(),
      provinces: db.prepare('SELECT guid, iso, name_fa AS nameFa, name_en AS nameEn FROM province ORDER BY iso'),
    };
  }

  /** Unknown types have no rows; -1 matches nothing. */
  protected typeKey(typeId: string): number {
    return this.typeIds.get(typeId.toUpperCase()) ?? -1;
  }

  private provinceKey(iso: string): number {
    return this.provinceIds.get(iso) ?? -1;
  }

  async locationsOfType(typeId: string): Promise<PointRow[]> {
    return this.statements.ofType.all(this.typeKey(typeId)) as PointRow[];
  }

  async locationsInBox(typeId: string, box: Box, limit: number): Promise<PointRow[]> {
    return this.statements.inBox.all({ type: this.typeKey(typeId), ...box, limit }) as PointRow[];
  }

  async coordinatesOfType(typeId: string): Promise<Float64Array> {
    const rows = this.statements.coordinates.all(this.typeKey(typeId)) as [number, number][];
    const out = new Float64Array(rows.length * 2);
    rows.forEach(([lon, lat], i) => {
      out[i * 2] = lon;
      out[i * 2 + 1] = lat;
    });
    return out;
  }

  async provinceBubbles(typeId: string): Promise<ProvinceBubbleRow[]> {
    return this.statements.bubbles.all(this.typeKey(typeId)) as ProvinceBubbleRow[];
  }

  async locationDetail(guid: string): Promise<DetailRow | null> {
    const row = this.statements.detail.get(guid.toUpperCase()) as DetailRecord | undefined;
    if (!row) return null;
    return {
      name: row.name,
      position: row.position,
      supervision: row.supervision,
      gender: row.gender,
      legal: row.legal,
      phone: row.phone,
      fax: row.fax,
      address: row.address,
      showMoreDetails: row.show_more_details === 1,
      dynamicFields: JSON.parse(row.dynamic_fields) as DynamicField[],
    };
  }

  async countsByProvince(typeId: string): Promise<Map<string, number>> {
    const rows = this.statements.countsByProvince.all(this.typeKey(typeId)) as { iso: string; count: number }[];
    return new Map(rows.map((r) => [r.iso, r.count]));
  }

  async countsByGender(typeId: string, provinceIso: string | null): Promise<Map<string, number>> {
    const rows = (
      provinceIso === null
        ? this.statements.gendersAll.all(this.typeKey(typeId))
        : this.statements.gendersIn.all(this.typeKey(typeId), this.provinceKey(provinceIso))
    ) as { gender: string; count: number }[];
    return new Map(rows.map((r) => [r.gender, r.count]));
  }

  async namesOf(typeId: string, provinceIso: string | null): Promise<string[]> {
    return (
      provinceIso === null
        ? this.statements.namesAll.all(this.typeKey(typeId))
        : this.statements.namesIn.all(this.typeKey(typeId), this.provinceKey(provinceIso))
    ) as string[];
  }

  async provinces(): Promise<ProvinceRow[]> {
    return this.statements.provinces.all() as ProvinceRow[];
  }

  close(): void {
    this.db.close();
  }
}
