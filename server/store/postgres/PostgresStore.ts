/** LocationStore over PostgreSQL + PostGIS (MAKAN_DB=postgres://...): the same contract as the SQLite store. */
import { CHANGES_SINCE_SQL, type ChangeRow } from '../changesSql';
import type pg from 'pg';
import type {
  DatasetMeta,
  ImportSession,
  LatLon,
  LocatedDetailRow,
  LocationRecord,
  LocationStore,
  PointPageRow,
  ProvinceBubbleRow,
  ProvinceRow,
  SearchQuery,
  SearchRow,
} from '../LocationStore';
import { provinceIsoOfKey, provinceKeyOrNone, typeKeyOrNone } from '../catalogueKeys';
import { datasetMetaOf, recordOfStored, WATCH_INTERVAL_MS, type StoredLocationRow } from '../storedRecords';
import { DETAIL_COLUMNS, detailOf } from '../locationFields';
import { PostgresImportSession } from './PostgresImportSession';
import { TRIGRAM } from '../searchColumns';
import { distanceSql, rankSql, type SearchSqlDialect } from '../searchSql';
import { KEY_RANGE_END, planSearch, SEARCH_COLUMNS, searchRowOf, type SearchRecord } from '../searchPlan';

const EXPORT_PAGE = 5000;

/** PostgreSQL's bigint id arrives as text. */
interface StoredRow extends StoredLocationRow {
  id: string;
}

/** Numbers placeholders in the order a query first uses them, and collects their values. */
function placeholders() {
  const values: unknown[] = [];
  const numbers = new Map<string, number>();
  const bind = (name: string, value: unknown, cast: string) => {
    if (!numbers.has(name)) {
      values.push(value);
      numbers.set(name, values.length);
    }
    return `$${numbers.get(name)}::${cast}`;
  };
  return { values, bind };
}

/** A LIKE pattern for "contains", with LIKE's own wildcards escaped. */
const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export class PostgresStore implements LocationStore {
  constructor(private readonly pool: pg.Pool) {}

  /** Unknown types have no rows; -1 matches nothing. */
  private typeKey(typeId: string): number {
    return typeKeyOrNone(typeId);
  }

  private async rows<T>(sql: string, params: unknown[] = []): Promise<T[]> {
    return (await this.pool.query(sql, params)).rows as T[];
  }

  async pointPage(typeId: string, afterId: number, limit: number): Promise<PointPageRow[]> {
    const rows = await this.rows<PointPageRow & { id: string }>(
      'SELECT id, lat, lon, name, guid, province_id AS "provinceKey", gender, legal, supervision FROM location WHERE type_id = $1 AND id > $2 ORDER BY id LIMIT $3',
      [this.typeKey(typeId), afterId, limit],
    );
    return rows.map((r) => ({ ...r, id: Number(r.id) }));
  }

  async provinceBubbles(typeId: string): Promise<ProvinceBubbleRow[]> {
    return this.rows(
      `SELECT sum(sum_lat) / sum(count) AS lat, sum(sum_lon) / sum(count) AS lon, sum(count)::int AS count FROM location_count
       WHERE type_id = $1 GROUP BY province_id HAVING sum(count) > 0 ORDER BY province_id`,
      [this.typeKey(typeId)],
    );
  }

  async locationDetail(guid: string): Promise<LocatedDetailRow | null> {
    const [row] = await this.rows<StoredRow & LatLon>(
      `SELECT ${DETAIL_COLUMNS.join(', ')}, lat, lon FROM location WHERE guid = $1`,
      [guid.toUpperCase()],
    );
    return row ? { ...detailOf(row), lat: row.lat, lon: row.lon } : null;
  }

  async countsByProvince(typeId: string): Promise<Map<string, number>> {
    const rows = await this.rows<{ province_id: number; count: number }>(
      'SELECT province_id, sum(count)::int AS count FROM location_count WHERE type_id = $1 GROUP BY province_id',
      [this.typeKey(typeId)],
    );
    return new Map(rows.map((r) => [provinceIsoOfKey.get(r.province_id)!, r.count]));
  }

  async countsByGender(typeId: string, provinceIso: string | null): Promise<Map<string, number>> {
    const rows =
      provinceIso === null
        ? await this.rows<{ gender: string; count: number }>(
            'SELECT gender, sum(count)::int AS count FROM location_count WHERE type_id = $1 GROUP BY gender ORDER BY gender COLLATE "C"',
            [this.typeKey(typeId)],
          )
        : await this.rows<{ gender: string; count: number }>(
            'SELECT gender, count FROM location_count WHERE type_id = $1 AND province_id = $2 ORDER BY gender COLLATE "C"',
            [this.typeKey(typeId), provinceKeyOrNone(provinceIso)],
          );
    return new Map(rows.map((r) => [r.gender, r.count]));
  }

  async namesOf(typeId: string, provinceIso: string | null): Promise<string[]> {
    const rows =
      provinceIso === null
        ? await this.rows<{ name: string }>(
            'SELECT name FROM location WHERE type_id = $1 ORDER BY name_key COLLATE "C"',
            [this.typeKey(typeId)],
          )
        : await this.rows<{ name: string }>(
            'SELECT name FROM location WHERE type_id = $1 AND province_id = $2 ORDER BY name_key COLLATE "C"',
            [this.typeKey(typeId), provinceKeyOrNone(provinceIso)],
          );
    return rows.map((r) => r.name);
  }

  async search(query: SearchQuery): Promise<SearchRow[]> {
    return planSearch(query, {
      byKeyPrefix: async (key, limit) => {
        const byType = query.typeId === null ? '' : 'AND type_id = $4';
        const params = [
          key,
          key + KEY_RANGE_END,
          limit,
          ...(query.typeId === null ? [] : [this.typeKey(query.typeId)]),
        ];
        const rows = await this.rows<SearchRecord>(
          `SELECT ${SEARCH_COLUMNS} FROM location
           WHERE name_key COLLATE "C" >= $1 AND name_key COLLATE "C" < $2 ${byType} ORDER BY name_key COLLATE "C" LIMIT $3`,
          params,
        );
        return rows.map((r) => ({ ...searchRowOf(r), folded: r.name_folded }));
      },
      ranked: (limit, skipPrefixes) => this.ranked({ ...query, limit }, skipPrefixes),
    });
  }

  private async ranked({ folded, typeId, near, limit }: SearchQuery, skipPrefixes: boolean): Promise<SearchRow[]> {
    const { values, bind } = placeholders();
    const length = [...folded].length;
    const casts = { q: 'text', qLength: 'int', lat: 'float8', lon: 'float8' } as const;
    const inputs = { q: folded, qLength: length, lat: near?.lat, lon: near?.lon };
    const dialect: SearchSqlDialect = {
      p: (name) => bind(name, inputs[name], casts[name]),
      position: (haystack, needle) => `strpos(${haystack}, ${needle})`,
      prefix: (text, n) => `left(${text}, ${n})`,
    };
    // From three characters the trigram index answers LIKE '%q%'; two characters are a scan.
    const matches =
      length >= TRIGRAM
        ? `name_folded LIKE ${bind('pattern', containsPattern(folded), 'text')}`
        : `strpos(name_folded, ${dialect.p('q')}) > 0`;
    const byType = typeId === null ? '' : `AND type_id = ${bind('type', this.typeKey(typeId), 'int')}`;
    const notStarts = skipPrefixes
      ? `AND ${dialect.prefix('name_folded', dialect.p('qLength'))} <> ${dialect.p('q')}`
      : '';
    const order = [rankSql(dialect), ...(near ? [distanceSql(dialect)] : []), 'name_key COLLATE "C"', 'guid'].join(
      ', ',
    );
    const rows = await this.rows<SearchRecord>(
      `SELECT ${SEARCH_COLUMNS} FROM location WHERE ${matches} ${byType} ${notStarts} ORDER BY ${order} LIMIT ${bind('limit', limit, 'int')}`,
      values,
    );
    return rows.map(searchRowOf);
  }

  async provinces(): Promise<ProvinceRow[]> {
    return this.rows('SELECT guid, iso, name_fa AS "nameFa", name_en AS "nameEn" FROM province ORDER BY iso');
  }

  async meta(): Promise<DatasetMeta> {
    const rows = await this.rows<{ key: string; value: string }>(
      "SELECT key, value FROM meta WHERE key IN ('version', 'updated_at')",
    );
    const value = (key: string) => rows.find((r) => r.key === key)?.value;
    const [count] = await this.rows<{ n: number }>('SELECT coalesce(sum(count), 0)::int AS n FROM location_count');
    return datasetMetaOf(value('version'), value('updated_at'), count!.n);
  }

  async datasetVersion(): Promise<number> {
    const [row] = await this.rows<{ value: string }>("SELECT value FROM meta WHERE key = 'version'");
    return Number(row?.value ?? 0);
  }

  beginImport(): Promise<ImportSession> {
    return PostgresImportSession.begin(this.pool);
  }

  async changes(since: number): Promise<ChangeRow[]> {
    return this.rows<ChangeRow>(CHANGES_SINCE_SQL('$1'), [since]);
  }

  async *exportRecords(typeId: string | null): AsyncIterable<LocationRecord> {
    // Pages by (type, id): bounded memory for any size.
    let after: [number, string] = [0, '0'];
    for (;;) {
      const page = await this.rows<StoredRow>(
        `SELECT * FROM location WHERE ($1::int IS NULL OR type_id = $1) AND (type_id, id) > ($2, $3::bigint) ORDER BY type_id, id LIMIT ${EXPORT_PAGE}`,
        [typeId === null ? null : this.typeKey(typeId), after[0], after[1]],
      );
      for (const row of page) yield recordOfStored(row);
      if (page.length < EXPORT_PAGE) return;
      const last = page[page.length - 1]!;
      after = [last.type_id, last.id];
    }
  }

  watchVersion(onChange: (meta: DatasetMeta) => void): () => void {
    let version: number | null = null;
    let busy = false;
    const check = async () => {
      if (busy) return;
      busy = true;
      try {
        const [row] = await this.rows<{ value: string }>("SELECT value FROM meta WHERE key = 'version'");
        const now = Number(row?.value ?? 0);
        if (version !== null && now !== version) onChange(await this.meta());
        version = now;
      } catch {
        // The database is unreachable for a moment: the next check tries again.
      } finally {
        busy = false;
      }
    };
    void check();
    const timer = setInterval(() => void check(), WATCH_INTERVAL_MS);
    timer.unref();
    return () => clearInterval(timer);
  }

  close(): void {
    void this.pool.end();
  }
}
