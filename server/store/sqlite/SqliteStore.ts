import { CHANGES_SINCE_SQL, type ChangeRow } from '../changesSql';
import type { Statement } from 'better-sqlite3';
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
import type { Db } from './openDatabase';
import { provinceKeyOrNone, typeKeyOrNone } from '../catalogueKeys';
import { DETAIL_COLUMNS, detailOf, type StoredDetailColumns } from '../locationFields';
import { datasetMetaOf, recordOfStored, WATCH_INTERVAL_MS, type StoredLocationRow } from '../storedRecords';
import { SqliteImportSession } from './SqliteImportSession';
import { TRIGRAM } from '../searchColumns';
import { distanceSql, rankSql, type SearchSqlDialect } from '../searchSql';
import { KEY_RANGE_END, planSearch, SEARCH_COLUMNS, searchRowOf, type SearchRecord } from '../searchPlan';

type DetailRecord = StoredDetailColumns;

const SQLITE: SearchSqlDialect = {
  p: (name) => `@${name}`,
  position: (haystack, needle) => `instr(${haystack}, ${needle})`,
  prefix: (text, length) => `substr(${text}, 1, ${length})`,
};

/** An FTS5 phrase: the trigram tokenizer matches it as a substring. */
const phraseOf = (folded: string) => `"${folded.replaceAll('"', '""')}"`;

export interface SqliteStoreOptions {
  /**
   * Search through the name indexes (true, the default), or rank by scanning every folded name of the scope:
   * the benchmark's baseline for what the indexes are worth.
   */
  searchIndex?: boolean;
}

/**
 * Rows an export reads at a time, synchronously (about 2 ms): 5,000 held the event loop for tens of ms at each
 * page of each download (the exporter paces the rest, see exporter/exportPacer.ts).
 */
const EXPORT_PAGE = 250;

/** LocationStore over better-sqlite3. Statements are prepared once; type and province keys are the catalogue's. */
export class SqliteStore implements LocationStore {
  private readonly statements;
  private readonly searchIndex: boolean;

  constructor(
    private readonly db: Db,
    options: SqliteStoreOptions = {},
  ) {
    this.searchIndex = options.searchIndex ?? true;
    this.statements = {
      keyPrefixAll: db.prepare(
        `SELECT ${SEARCH_COLUMNS} FROM location WHERE name_key >= @key AND name_key < @end ORDER BY name_key LIMIT @limit`,
      ),
      keyPrefixOfType: db.prepare(
        `SELECT ${SEARCH_COLUMNS} FROM location WHERE type_id = @type AND name_key >= @key AND name_key < @end ORDER BY name_key LIMIT @limit`,
      ),
      pointPage: db.prepare(
        'SELECT id, lat, lon, name, guid, province_id AS provinceKey, gender, legal, supervision FROM location INDEXED BY location_by_type WHERE type_id = @type AND id > @after ORDER BY id LIMIT @limit',
      ),
      bubbles: db.prepare(
        'SELECT SUM(sum_lat) / SUM(count) AS lat, SUM(sum_lon) / SUM(count) AS lon, SUM(count) AS count FROM location_count WHERE type_id = ? GROUP BY province_id HAVING SUM(count) > 0 ORDER BY province_id',
      ),
      detail: db.prepare(`SELECT ${DETAIL_COLUMNS.join(', ')}, lat, lon FROM location WHERE guid = ?`),
      countsByProvince: db.prepare(
        'SELECT p.iso AS iso, SUM(c.count) AS count FROM location_count c JOIN province p ON p.id = c.province_id WHERE c.type_id = ? GROUP BY p.iso',
      ),
      gendersAll: db.prepare(
        'SELECT gender, SUM(count) AS count FROM location_count WHERE type_id = ? GROUP BY gender ORDER BY gender',
      ),
      gendersIn: db.prepare(
        'SELECT gender, count FROM location_count WHERE type_id = ? AND province_id = ? ORDER BY gender',
      ),
      namesAll: db.prepare('SELECT name FROM location WHERE type_id = ? ORDER BY name_key').pluck(),
      namesIn: db.prepare('SELECT name FROM location WHERE type_id = ? AND province_id = ? ORDER BY name_key').pluck(),
      provinces: db.prepare('SELECT guid, iso, name_fa AS nameFa, name_en AS nameEn FROM province ORDER BY iso'),
      metaValue: db.prepare('SELECT value FROM meta WHERE key = ?').pluck(),
      locationCount: db.prepare('SELECT coalesce(SUM(count), 0) FROM location_count').pluck(),
      exportPage: db.prepare(
        `SELECT * FROM location WHERE (@type IS NULL OR type_id = @type) AND (type_id, id) > (@afterType, @afterId)
         ORDER BY type_id, id LIMIT ${EXPORT_PAGE}`,
      ),
    };
  }

  private typeKey(typeId: string): number {
    return typeKeyOrNone(typeId);
  }

  private provinceKey(iso: string): number {
    return provinceKeyOrNone(iso);
  }

  async pointPage(typeId: string, afterId: number, limit: number): Promise<PointPageRow[]> {
    return this.statements.pointPage.all({ type: this.typeKey(typeId), after: afterId, limit }) as PointPageRow[];
  }

  async provinceBubbles(typeId: string): Promise<ProvinceBubbleRow[]> {
    return this.statements.bubbles.all(this.typeKey(typeId)) as ProvinceBubbleRow[];
  }

  async locationDetail(guid: string): Promise<LocatedDetailRow | null> {
    const row = this.statements.detail.get(guid.toUpperCase()) as (DetailRecord & LatLon) | undefined;
    return row ? { ...detailOf(row), lat: row.lat, lon: row.lon } : null;
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

  private readonly searchStatements = new Map<string, Statement>();

  /** One prepared statement per shape: trigram index or scan (under three characters), with or without type and point. */
  private searchStatement(indexed: boolean, byType: boolean, near: boolean, skipPrefixes: boolean): Statement {
    const key = `${indexed}${byType}${near}${skipPrefixes}`;
    let statement = this.searchStatements.get(key);
    if (!statement) {
      const matches = indexed
        ? 'id IN (SELECT rowid FROM location_search WHERE location_search MATCH @phrase)'
        : 'instr(name_folded, @q) > 0';
      statement = this.db.prepare(`
        SELECT ${SEARCH_COLUMNS} FROM location
        WHERE ${matches} ${byType ? 'AND type_id = @type' : ''} ${skipPrefixes ? `AND ${SQLITE.prefix('name_folded', '@qLength')} <> @q` : ''}
        ORDER BY ${rankSql(SQLITE)}, ${near ? `${distanceSql(SQLITE)},` : ''} name_key, guid
        LIMIT @limit`);
      this.searchStatements.set(key, statement);
    }
    return statement;
  }

  async search(query: SearchQuery): Promise<SearchRow[]> {
    if (!this.searchIndex) return this.searchWith(false, query);
    const indexed = [...query.folded].length >= TRIGRAM;
    return planSearch(query, {
      byKeyPrefix: async (key, limit) => {
        const range = { key, end: key + KEY_RANGE_END, limit };
        const rows = (
          query.typeId === null
            ? this.statements.keyPrefixAll.all(range)
            : this.statements.keyPrefixOfType.all({ ...range, type: this.typeKey(query.typeId) })
        ) as SearchRecord[];
        return rows.map((r) => ({ ...searchRowOf(r), folded: r.name_folded }));
      },
      ranked: async (limit, skipPrefixes) => this.searchWith(indexed, { ...query, limit }, skipPrefixes),
    });
  }

  /** The ranked search, through the trigram index or (`indexed` false) a scan of the folded names. */
  private searchWith(
    indexed: boolean,
    { folded, typeId, near, limit }: SearchQuery,
    skipPrefixes = false,
  ): SearchRow[] {
    const params: Record<string, string | number> = { q: folded, qLength: [...folded].length, limit };
    if (indexed) params['phrase'] = phraseOf(folded);
    if (typeId !== null) params['type'] = this.typeKey(typeId);
    if (near) Object.assign(params, { lat: near.lat, lon: near.lon });
    const rows = this.searchStatement(indexed, typeId !== null, near !== null, skipPrefixes).all(
      params,
    ) as SearchRecord[];
    return rows.map(searchRowOf);
  }

  async provinces(): Promise<ProvinceRow[]> {
    return this.statements.provinces.all() as ProvinceRow[];
  }

  async meta(): Promise<DatasetMeta> {
    const { metaValue, locationCount } = this.statements;
    return datasetMetaOf(
      metaValue.get('version') as string | undefined,
      metaValue.get('updated_at') as string | undefined,
      locationCount.get() as number,
    );
  }

  async datasetVersion(): Promise<number> {
    return Number(this.statements.metaValue.get('version') ?? 0);
  }

  async beginImport(): Promise<ImportSession> {
    return new SqliteImportSession(this.db);
  }

  async changes(since: number): Promise<ChangeRow[]> {
    return this.db.prepare(CHANGES_SINCE_SQL('?')).all(since) as ChangeRow[];
  }

  /**
   * Pages by (type, id), each read whole: a statement left iterating would hold the connection across the
   * consumer's awaits (a download streaming to a slow client), and every other query would fail meanwhile.
   */
  async *exportRecords(typeId: string | null): AsyncIterable<LocationRecord> {
    const type = typeId === null ? null : this.typeKey(typeId);
    let [afterType, afterId] = [0, 0];
    for (;;) {
      const page = this.statements.exportPage.all({ type, afterType, afterId }) as (StoredLocationRow & {
        type_id: number;
        id: number;
      })[];
      for (const row of page) yield recordOfStored(row);
      if (page.length < EXPORT_PAGE) return;
      const last = page[page.length - 1]!;
      [afterType, afterId] = [last.type_id, last.id];
    }
  }

  watchVersion(onChange: (meta: DatasetMeta) => void): () => void {
    let dataVersion = this.db.pragma('data_version', { simple: true }) as number;
    let version = Number(this.statements.metaValue.get('version') ?? 0);
    const timer = setInterval(() => {
      if (!this.db.open) return;
      const now = this.db.pragma('data_version', { simple: true }) as number;
      if (now === dataVersion) return;
      dataVersion = now;
      const latest = Number(this.statements.metaValue.get('version') ?? 0);
      if (latest === version) return;
      version = latest;
      void this.meta().then(onChange);
    }, WATCH_INTERVAL_MS);
    timer.unref();
    return () => clearInterval(timer);
  }

  close(): void {
    if (!this.db.open) return;
    // Fold the WAL back into the file, so the file alone is the whole database (copies, read-only serving).
    if (!this.db.readonly) {
      try {
        // Without waiting: a TRUNCATE checkpoint waits for every writer, and an import may write for minutes.
        this.db.pragma('busy_timeout = 0');
        this.db.pragma('wal_checkpoint(TRUNCATE)');
      } catch {
        // Another process holds the database: its checkpoint will do.
      }
    }
    this.db.close();
  }
}
