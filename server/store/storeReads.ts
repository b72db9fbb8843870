/**
 * Every read of a LocationStore, written once over the two SQL dialects, as the search, the counts, the
 * changes and the import plan already are. A store gives a ReadConnection (rows of a query with named
 * `@parameters`) and a ReadDialect (the few things SQLite and PostgreSQL spell differently); what stays its own
 * is how it writes (its import session), notices another process's import and closes.
 *
 * The SQL is common to SQLite and PostgreSQL: sums are cast to integers (PostgreSQL's bigint would arrive as
 * text), a parameter that nothing else types is cast, and identifiers that keep their case are quoted.
 */
import { CHANGE_PLACES_SINCE_SQL, CHANGES_SINCE_SQL, type ChangePlaceRow, type ChangeRow } from './changesSql';
import { provinceIsoOfKey, provinceKeyOrNone, typeIdOfKey, typeKeyOrNone } from './catalogueKeys';
import type { StaffDesk } from './StaffDesk';
import type {
  DatasetMeta,
  ImportSession,
  LatLon,
  LocatedDetailRow,
  LocationRecord,
  LocationStore,
  PointPageRow,
  ProvinceRow,
  SearchQuery,
  SearchRow,
} from './LocationStore';
import { DETAIL_COLUMNS, detailOf, type StoredDetailColumns } from './locationFields';
import { KEY_RANGE_END, planSearch, SEARCH_COLUMNS, searchRowOf, type SearchRecord } from './searchPlan';
import { TRIGRAM } from './searchColumns';
import { distanceSql, rankSql, searchParam, type SearchSqlDialect } from './searchSql';
import { datasetMetaOf, recordOfStored, type StoredLocationRow } from './storedRecords';

export type SqlParams = Readonly<Record<string, string | number | null>>;

/** How a store runs a read: named parameters (`@name`), every row read before the promise settles. */
export interface ReadConnection {
  rows<T>(sql: string, params?: SqlParams): Promise<T[]>;
  /** The first column of each row. */
  column<T>(sql: string, params?: SqlParams): Promise<T[]>;
}

/** What SQLite and PostgreSQL spell differently in the reads. */
export interface ReadDialect extends SearchSqlDialect {
  /** Text compared byte by byte, as the Persian sort key is built to sort: `name_key${bytewise}`. */
  bytewise: string;
  /** A hint that a type's rows are read through the type index (SQLite's planner otherwise may not). */
  byTypeIndex: string;
  /** The condition "the folded name contains @q" through the store's name index (from TRIGRAM characters). */
  indexedContains(folded: string): { sql: string; params: SqlParams };
  /** Rows an export reads at a time: short, as a page is read (SQLite's) or parsed (PostgreSQL's) at once. */
  exportPage: number;
}

/** Ids and counts as both stores give them: PostgreSQL's bigint arrives as text. */
type WideId = number | string;

/**
 * One page of a type's export: the rows of type `@type` after row id `@after`, read by a seek on (type, id). Only
 * the columns a record has: the search's folded name and sort key made each page a fifth slower to read.
 */
export const exportPageSql = (dialect: Pick<ReadDialect, 'byTypeIndex' | 'exportPage'>): string =>
  `SELECT id, guid, type_id, province_id, lat, lon, ${DETAIL_COLUMNS.join(', ')} FROM location ${dialect.byTypeIndex}
   WHERE type_id = @type AND id > CAST(@after AS bigint) ORDER BY id LIMIT ${dialect.exportPage}`;

export abstract class StoreReads implements LocationStore {
  constructor(
    private readonly read: ReadConnection,
    private readonly dialect: ReadDialect,
    /** Rank by scanning every folded name of the scope (false): the benchmark's baseline for the name index. */
    private readonly searchIndex = true,
  ) {}

  abstract beginImport(): Promise<ImportSession>;
  abstract watchVersion(onChange: (meta: DatasetMeta) => void): () => void;
  abstract close(): void;
  abstract readonly desk: StaffDesk;
  abstract writesRefused(): string | null;

  async pointPage(typeId: string, afterId: number, limit: number): Promise<PointPageRow[]> {
    const rows = await this.read.rows<Omit<PointPageRow, 'id'> & { id: WideId }>(
      `SELECT id, lat, lon, name, guid, province_id AS "provinceKey", gender, legal, supervision
       FROM location ${this.dialect.byTypeIndex} WHERE type_id = @type AND id > @after ORDER BY id LIMIT @limit`,
      { type: typeKeyOrNone(typeId), after: afterId, limit },
    );
    return rows.map((r) => ({ ...r, id: Number(r.id) }));
  }

  async locationDetail(guid: string): Promise<LocatedDetailRow | null> {
    const [row] = await this.read.rows<StoredDetailColumns & LatLon>(
      `SELECT ${DETAIL_COLUMNS.join(', ')}, lat, lon FROM location WHERE guid = @guid`,
      { guid: guid.toUpperCase() },
    );
    return row ? { ...detailOf(row), lat: row.lat, lon: row.lon } : null;
  }

  async countsByProvince(typeId: string): Promise<Map<string, number>> {
    const rows = await this.read.rows<{ province_id: number; count: number }>(
      `SELECT province_id, CAST(sum(count) AS integer) AS count FROM location_count WHERE type_id = @type
       GROUP BY province_id`,
      { type: typeKeyOrNone(typeId) },
    );
    return new Map(rows.map((r) => [provinceIsoOfKey.get(r.province_id)!, r.count]));
  }

  async countsByGender(typeId: string, provinceIso: string | null): Promise<Map<string, number>> {
    const type = typeKeyOrNone(typeId);
    const rows = await (provinceIso === null
      ? this.read.rows<{ gender: string; count: number }>(
          `SELECT gender, CAST(sum(count) AS integer) AS count FROM location_count WHERE type_id = @type
           GROUP BY gender ORDER BY gender${this.dialect.bytewise}`,
          { type },
        )
      : this.read.rows<{ gender: string; count: number }>(
          `SELECT gender, count FROM location_count WHERE type_id = @type AND province_id = @province
           ORDER BY gender${this.dialect.bytewise}`,
          { type, province: provinceKeyOrNone(provinceIso) },
        ));
    return new Map(rows.map((r) => [r.gender, r.count]));
  }

  async search(query: SearchQuery): Promise<SearchRow[]> {
    if (!this.searchIndex) return this.ranked(query, false, false);
    const indexed = [...query.folded].length >= TRIGRAM;
    const key = this.dialect.bytewise;
    return planSearch(query, {
      byKeyPrefix: async (start, limit) => {
        const byType = query.typeId === null ? '' : 'AND type_id = @type';
        const rows = await this.read.rows<SearchRecord>(
          `SELECT ${SEARCH_COLUMNS} FROM location
           WHERE name_key${key} >= @start AND name_key${key} < @end ${byType} ORDER BY name_key${key} LIMIT @limit`,
          {
            start,
            end: start + KEY_RANGE_END,
            limit,
            type: query.typeId === null ? null : typeKeyOrNone(query.typeId),
          },
        );
        return rows.map((r) => ({ ...searchRowOf(r), folded: r.name_folded }));
      },
      ranked: (limit, skipPrefixes) => this.ranked({ ...query, limit }, indexed, skipPrefixes),
    });
  }

  /** The ranked search, through the name index or (`indexed` false) a scan of the folded names. */
  private async ranked(
    { folded, typeId, near, limit }: SearchQuery,
    indexed: boolean,
    skipPrefixes: boolean,
  ): Promise<SearchRow[]> {
    const d = this.dialect;
    const contains = indexed
      ? d.indexedContains(folded)
      : { sql: `${d.position('name_folded', searchParam('q'))} > 0`, params: {} };
    const byType = typeId === null ? '' : 'AND type_id = @type';
    const notStarts = skipPrefixes
      ? `AND ${d.prefix('name_folded', searchParam('qLength'))} <> ${searchParam('q')}`
      : '';
    const order = [rankSql(d), ...(near ? [distanceSql()] : []), `name_key${d.bytewise}`, 'guid'].join(', ');
    const rows = await this.read.rows<SearchRecord>(
      `SELECT ${SEARCH_COLUMNS} FROM location WHERE ${contains.sql} ${byType} ${notStarts} ORDER BY ${order} LIMIT @limit`,
      {
        ...contains.params,
        q: folded,
        qLength: [...folded].length,
        lat: near?.lat ?? null,
        lon: near?.lon ?? null,
        type: typeId === null ? null : typeKeyOrNone(typeId),
        limit,
      },
    );
    return rows.map(searchRowOf);
  }

  async provinces(): Promise<ProvinceRow[]> {
    return this.read.rows('SELECT guid, iso, name_fa AS "nameFa", name_en AS "nameEn" FROM province ORDER BY iso');
  }

  async meta(): Promise<DatasetMeta> {
    const rows = await this.read.rows<{ key: string; value: string }>(
      "SELECT key, value FROM meta WHERE key IN ('version', 'updated_at')",
    );
    const value = (key: string) => rows.find((r) => r.key === key)?.value;
    const [locations] = await this.read.column<number>(
      'SELECT CAST(coalesce(sum(count), 0) AS integer) FROM location_count',
    );
    return datasetMetaOf(value('version'), value('updated_at'), locations!);
  }

  async datasetVersion(): Promise<number> {
    const [version] = await this.read.column<string>("SELECT value FROM meta WHERE key = 'version'");
    return Number(version ?? 0);
  }

  async changes(since: number): Promise<ChangeRow[]> {
    return this.read.rows<ChangeRow>(CHANGES_SINCE_SQL('@since'), { since });
  }

  async changedPlaces(since: number): Promise<ChangePlaceRow[]> {
    return this.read.rows<ChangePlaceRow>(CHANGE_PLACES_SINCE_SQL('@since'), { since });
  }

  /**
   * Pages by (type, id), each read whole: bounded memory for any size, and no statement left iterating, which
   * would hold SQLite's connection across the consumer's awaits (a download streaming to a slow client). Each
   * page seeks within one type: a row-value seek over (type, id) made SQLite walk the type's index from its
   * start at every page, so reading a type took time growing with its square (27 s for 333,200 locations).
   */
  async *exportRecords(typeId: string | null): AsyncIterable<LocationRecord> {
    const types = typeId === null ? [...typeIdOfKey.keys()].sort((a, b) => a - b) : [typeKeyOrNone(typeId)];
    for (const type of types) {
      let after: WideId = 0;
      for (;;) {
        const page: (StoredLocationRow & { id: WideId })[] = await this.read.rows(exportPageSql(this.dialect), {
          type,
          after,
        });
        for (const row of page) yield recordOfStored(row);
        if (page.length < this.dialect.exportPage) break;
        after = page[page.length - 1]!.id;
      }
    }
  }
}
